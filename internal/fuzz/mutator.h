// mutator.h: the mutator (mutator.c), its byte slice mutators
// (mutators_byteslice.c), crossover (crossover.c) and the comparison
// dictionary's mutations (cmpdict.c).
#ifndef CTEST_INTERNAL_FUZZ_MUTATOR_H
#define CTEST_INTERNAL_FUZZ_MUTATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/pcg.h"
#include "internal/fuzz/tokens.h"
#include "internal/fuzz/trace.h"
#include "internal/fuzz/value.h"

// byteSlice (declared above, {ptr, len, cap}) here is a []byte that may grow
// in place: len bytes in use at ptr, room for cap.

// chainedMutations: declared above, with the worker's names.

// mutatorRand is the part of Go's mutatorRand interface the mutator draws
// from (intn, bool), for tests that script the draws as Go's mockRand does.
typedef struct mutatorRand {
    go_int (*intn)(void *self, go_int n);
    bool (*boolean)(void *self);
    void *self;
} mutatorRand;

// crossPool is the crossover partners of a mutator (crossover.c): copies
// of the []byte and string values of the last fuzz calls' inputs.
typedef struct crossPool crossPool;

// mutator is mutator.go's mutator: the PRNG plus reusable storage, so that a
// mutation allocates nothing once the buffers have reached the size limit.
typedef struct mutator {
    pcgRand r;               // Go's m.r
    const mutatorRand *mock; // NULL but in tests: draw from mock instead of r
    byteSlice scratch;       // Go's m.scratch: []byte results live here
    // scratchAlloc is how many bytes scratch.ptr holds. scratch.cap, which
    // decides whether a byte mutator may grow the value, is at most the
    // current call's maxPerVal, so it can be less when the length control
    // (ctest: -test.fuzzcmp) has shrunk the limit since a larger input.
    size_t scratchAlloc;
    byteSlice *strs; // per value index: string results live here
    size_t nstrs;    // how many strs
    // dict is the comparison dictionary (ctest: -test.fuzzcmp), or NULL:
    // then the mutator makes exactly Go's draws.
    const cmpDict *dict;
    // pool holds the inputs of the last fuzz calls, for crossover (ctest:
    // -test.fuzzcmp), or NULL: then no draw is made for it.
    crossPool *pool;
    // tokens is the token dictionary (ctest: -test.fuzzcmp, tokens.c), or
    // NULL: then no draw is made for it.
    const tokenDict *tokens;
} mutator;

// fuzz_newMutator is newMutator: a mutator on a new pcgRand; free it with
// fuzz_mutator_free (NULL is a no-op).
mutator *fuzz_newMutator(void);
void fuzz_mutator_free(mutator *m);

// fuzz_mutator_mutate is (*mutator).mutate: it changes one of the n values,
// chosen at random, as Go does, panicking as Go does ("cannot mutate bytes of
// length %d"). maxBytes bounds the encoded size of all the values (the
// worker passes the capacity of its shared memory value).
//
// Ownership: a []uint8 or string value mutate writes points into m (m's
// scratch buffer for []uint8, which later mutations of any []uint8 value
// reuse exactly as Go's aliasing does; a buffer per value index for strings,
// which Go copies); it stays valid until the next mutate of that kind or
// fuzz_mutator_free. The caller keeps owning what its inputs pointed to.
// fuzz_mutationMaxBytes is the byte limit a fuzz call's mutations of vals
// get. ctest: with -test.fuzzcmp (beyond Go) it keeps inputs short, as
// libFuzzer's -len_control does: at most twice the input's bytes, at least
// lenControlMin; without it, Go's limit (the shared memory's capacity).
// The worker and the coordinator, replaying its mutations, both compute it
// from the call's input and its maxLen (fuzzArgs.MaxLen): a value may
// always grow to maxLen bytes, however short the input.
enum { lenControlMin = 64 };
go_int fuzz_mutationMaxBytes(const go_value *vals, size_t n, go_int limit, int64_t maxLen);

// lenControl is the coordinator's side of the length control (ctest's,
// with -test.fuzzcmp), as libFuzzer's TmpMaxMutationLen: maxLen is what any
// value may grow to. It starts at the corpus's largest input and, while
// no new coverage turns up, grows by log2(maxLen) bytes every
// 100 * log2(maxLen) executions, up to lenControlMax.
typedef struct lenControl {
    int64_t maxLen;
    int64_t stalled; // executions since new coverage or the last growth
} lenControl;
enum { lenControlMax = 4096 };
// fuzz_lenControl_start sets maxLen from the corpus's largest input.
void fuzz_lenControl_start(lenControl *lc, int64_t largest);
// fuzz_lenControl_ran counts a call's executions; found resets the wait.
void fuzz_lenControl_ran(lenControl *lc, int64_t count, bool found);
void fuzz_mutator_mutate(mutator *m, go_value *vals, size_t n, go_int maxBytes);
// fuzz_mutator_mutateBytes is (*mutator).mutateBytes: byteSliceMutators in
// Go's order until one applies. b keeps its ptr and cap.
void fuzz_mutator_mutateBytes(mutator *m, byteSlice *b);
// The helpers byteSliceMutators draw with: rand (m.r.intn), chooseLen,
// m.r.bool and randByteOrder (true: binary.LittleEndian).
//
// ctest: Go draws through the mutatorRand interface; rand and bool draw
// from the PCG directly (inline, several times an execution), and from a
// test's mock only when one is set.
static inline go_int fuzz_mutator_rand(mutator *m, go_int n) {
    if (m->mock != NULL) {
        return m->mock->intn(m->mock->self, n);
    }
    return fuzz_pcgRand_intn(&m->r, n);
}

static inline bool fuzz_mutator_bool(mutator *m) {
    if (m->mock != NULL) {
        return m->mock->boolean(m->mock->self);
    }
    return fuzz_pcgRand_bool(&m->r);
}

go_int fuzz_mutator_chooseLen(mutator *m, go_int n);
bool fuzz_mutator_randByteOrder(mutator *m);

// -- crossover.c (ctest's own, -test.fuzzcmp) --

// fuzz_crossPool_new returns an empty pool; fuzz_crossPool_free frees one
// (NULL is a no-op).
crossPool *fuzz_crossPool_new(void);
void fuzz_crossPool_free(crossPool *p);
// fuzz_crossPool_reset empties p, as a new worker process starts with an
// empty pool.
void fuzz_crossPool_reset(crossPool *p);
// fuzz_crossPool_remember adds copies of the []byte and string values of a
// fuzz call's input, dropping the oldest past the pool's size. The worker
// calls it as a call starts and the coordinator as it sends the call, so
// that both pools, and so the mutations the coordinator replays, agree.
void fuzz_crossPool_remember(crossPool *p, const go_value *vals, size_t n);
// fuzz_crossMutateBytes splices b with a value of the pool (a chunk of it
// inserted, written over b, or b's tail replaced), within b->cap; it
// returns false, leaving b alone, when the pool is empty or nothing fits.
bool fuzz_crossMutateBytes(mutator *m, byteSlice *b);

// -- cmpdict.c (ctest's own, -test.fuzzcmp) --

// cmpChance: one mutation in 4 uses the comparison dictionary (when it has
// entries). libFuzzer's default mutators give its three dictionary
// mutators about 3 draws in 13; a quarter keeps Go's mutators for most of
// the search, while a magic value is still written within a few dozen
// executions.
enum { cmpChance = 4 };
// fuzz_cmpMutateInt replaces the integer value v with an operand of a
// recorded comparison, one time in cmpChance, and reports whether it did.
bool fuzz_cmpMutateInt(mutator *m, go_value *v);
// fuzz_cmpMutateBytes writes one side of a recorded comparison where the
// other side is in b, and reports whether it did.
bool fuzz_cmpMutateBytes(mutator *m, byteSlice *b);

// fuzz_dictWrite writes want into b: in place of one of the first
// occurrences of have, or, when have is empty or absent, inserted or
// written over at a random position. It reports whether b had room.
bool fuzz_dictWrite(mutator *m, byteSlice *b, const uint8_t *have, size_t haveLen,
                    const uint8_t *want, size_t wantLen);

// -- tokens.c (ctest's own, -test.fuzzcmp) --

// tokenChance: one mutation in 8 writes a word of the token dictionary
// (when it has words), about the share libFuzzer's -dict mutator gets.
enum { tokenChance = 8 };
// fuzz_tokenMutateBytes writes a random word of m->tokens into b, inserted
// or over its bytes, and reports whether b had room.
bool fuzz_tokenMutateBytes(mutator *m, byteSlice *b);

// -- mutators_byteslice.c (mutators_byteslice.go) --

// byteSliceMutator is Go's byteSliceMutator: it changes b in place (within
// b->cap) and returns true, or returns false (Go's nil) without touching
// b's bytes or length when it does not apply.
typedef bool (*byteSliceMutator)(mutator *m, byteSlice *b);

// byteSliceMutatorDef is one entry of byteSliceMutators, with Go's name.
typedef struct byteSliceMutatorDef {
    const char *name; // "byteSliceRemoveBytes", ...
    byteSliceMutator fn;
} byteSliceMutatorDef;

enum { numByteSliceMutators = 18 };
// fuzz_byteSliceMutators is byteSliceMutators, in Go's order (the draw
// picks by index).
extern const byteSliceMutatorDef fuzz_byteSliceMutators[numByteSliceMutators];

// The interesting values, after mutators_byteslice.go's init has extended
// interesting16 with interesting8 and interesting32 with both.
enum { numInteresting8 = 9, numInteresting16 = 19, numInteresting32 = 27 };
extern const int8_t fuzz_interesting8[numInteresting8];
extern const int16_t fuzz_interesting16[numInteresting16];
extern const int32_t fuzz_interesting32[numInteresting32];

#endif // CTEST_INTERNAL_FUZZ_MUTATOR_H
