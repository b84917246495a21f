// pcg.h: the mutator's random numbers (pcg.c).
#ifndef CTEST_INTERNAL_FUZZ_PCG_H
#define CTEST_INTERNAL_FUZZ_PCG_H

#include <stdbool.h>
#include <stdint.h>

#include "internal/fuzz/fuzz.h"

// pcgRand is pcg.go's pcgRand: PCG XSH RR 64/32. Its two words are all its
// state, which fuzz_pcgRand_save/restore move through shared memory
// (mem.go's randState, randInc) so the coordinator can replay the worker's
// mutations.
typedef struct pcgRand {
    uint64_t state;
    uint64_t inc;
} pcgRand;

// fuzz_globalInc is pcg.go's globalInc: the PCG stream the last newPcgRand took.
extern uint64_t fuzz_globalInc;

// fuzz_godebugSeed is godebugSeed: whether GODEBUG holds fuzzseed=N, and N.
// It panics "malformed fuzzseed" when N is not a decimal int.
bool fuzz_godebugSeed(go_int *seed);
// fuzz_fuzzseedGiven is whether GODEBUG has a fuzzseed field, well formed
// or not; it never panics. ctest: for the coordinator, which makes a run
// with a fuzzseed and one worker reproducible (coordinator.h).
bool fuzz_fuzzseedGiven(void);
// fuzz_newPcgRand is newPcgRand: r seeded from the clock (or fuzzseed) on a
// new stream.
void fuzz_newPcgRand(pcgRand *r);
// fuzz_pcgRand_mixSeed, under GODEBUG=fuzzseed=N and for a mix other than
// 0, seeds r again, on its stream, from N mixed with mix; otherwise it
// leaves r alone. ctest: Go seeds every generator with N, so a worker that
// restarts repeats its first process's draws; the coordinator mixes in the
// worker's number and its restarts (sharedMemHeader.seedMix), and the
// schedule a constant of its own.
void fuzz_pcgRand_mixSeed(pcgRand *r, uint64_t mix);
void fuzz_pcgRand_save(const pcgRand *r, uint64_t *randState, uint64_t *randInc);
void fuzz_pcgRand_restore(pcgRand *r, uint64_t randState, uint64_t randInc);

// The draws below run several times per execution: they are inline, so
// that the mutators' calls of them cost no call.

// fuzz_pcgRand_step advances the LCG by PCG's default 64-bit multiplier;
// Go's uint64 arithmetic wraps, as C's does.
static inline void fuzz_pcgRand_step(pcgRand *r) {
    r->state = r->state * 6364136223846793005u + r->inc;
}

// fuzz_pcgRand_uint32 is uint32: the output of the state before the step,
// xorshifted and rotated right by its top five bits (bits.RotateLeft32
// by a negative count).
static inline uint32_t fuzz_pcgRand_uint32(pcgRand *r) {
    uint64_t x = r->state;
    fuzz_pcgRand_step(r);
    uint32_t v = (uint32_t)(((x >> 18) ^ x) >> 27);
    unsigned k = (unsigned)(x >> 59);
    return k == 0 ? v : v >> k | v << (32 - k);
}

// fuzz_pcgRand_uint32n is uint32n: [0, n) by Lemire's multiply-and-shift,
// drawing again for the few low products that would bias the result.
static inline uint32_t fuzz_pcgRand_uint32n(pcgRand *r, uint32_t n) {
    uint64_t prod = (uint64_t)fuzz_pcgRand_uint32(r) * n;
    uint32_t low = (uint32_t)prod;
    if (low < n) {
        // Go: uint32(-int32(n)) % n, that is (2^32 - n) mod n.
        uint32_t thresh = (0u - n) % n;
        while (low < thresh) {
            prod = (uint64_t)fuzz_pcgRand_uint32(r) * n;
            low = (uint32_t)prod;
        }
    }
    return (uint32_t)(prod >> 32);
}

// fuzz_pcgRand_largeIntn panics "large Intn".
_Noreturn void fuzz_pcgRand_largeIntn(void);

// fuzz_pcgRand_intn is intn: [0, n); it panics "large Intn" if n does not
// fit a uint32. intn(0) is 0 (and still draws).
static inline go_int fuzz_pcgRand_intn(pcgRand *r, go_int n) {
    if ((go_int)(uint32_t)n != n) {
        fuzz_pcgRand_largeIntn();
    }
    return (go_int)fuzz_pcgRand_uint32n(r, (uint32_t)n);
}

// fuzz_pcgRand_exp2 is n with probability 1/2^(n+1): the trailing zeros
// of a draw (bits.TrailingZeros32, 32 for 0; __builtin_ctz(0) is
// undefined).
static inline go_int fuzz_pcgRand_exp2(pcgRand *r) {
    uint32_t v = fuzz_pcgRand_uint32(r);
    return v == 0 ? 32 : __builtin_ctz(v);
}

static inline bool fuzz_pcgRand_bool(pcgRand *r) {
    return (fuzz_pcgRand_uint32(r) & 1) == 0;
}

#endif // CTEST_INTERNAL_FUZZ_PCG_H
