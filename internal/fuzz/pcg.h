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
uint32_t fuzz_pcgRand_uint32(pcgRand *r);
// fuzz_pcgRand_intn is intn: [0, n); it panics "large Intn" if n does not
// fit a uint32. intn(0) is 0 (and still draws).
go_int fuzz_pcgRand_intn(pcgRand *r, go_int n);
uint32_t fuzz_pcgRand_uint32n(pcgRand *r, uint32_t n);
// fuzz_pcgRand_exp2 is n with probability 1/2^(n+1).
go_int fuzz_pcgRand_exp2(pcgRand *r);
bool fuzz_pcgRand_bool(pcgRand *r);

#endif // CTEST_INTERNAL_FUZZ_PCG_H
