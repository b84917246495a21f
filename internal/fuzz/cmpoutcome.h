// cmpoutcome.h: which way each of the fuzz target's integer comparisons
// went, by call site (cmpoutcome.c), for ctest corpus's coverage features.
#ifndef CTEST_INTERNAL_FUZZ_CMPOUTCOME_H
#define CTEST_INTERNAL_FUZZ_CMPOUTCOME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// fuzz_cmpOutcomes is whether the comparison hooks (trace.c) record
// outcomes; they do while fuzz_cmpTracing is set too, the fuzz function's
// run. ctest's own: Go has no corpus minimization.
extern bool fuzz_cmpOutcomes;

// fuzz_cmpOutcomesInit finds the executable's code, whose every byte may
// be a call site, and turns recording on; it returns how many sites there
// are (0 if the code cannot be found: nothing is recorded then).
size_t fuzz_cmpOutcomesInit(void);

// fuzz_cmpOutcome records the comparison of a and b, size bytes wide,
// made at the call site pc: one of five outcomes (equal; or unequal, a
// below or above b unsigned, and signed), enough to tell any predicate's
// result.
void fuzz_cmpOutcome(uintptr_t pc, uint64_t a, uint64_t b, unsigned size);

// fuzz_cmpOutcomeTake calls fn for each site that recorded outcomes since
// the last take, with those outcomes as bits 0-4, and forgets them.
void fuzz_cmpOutcomeTake(void (*fn)(void *ctx, size_t site, uint8_t outcomes), void *ctx);

#endif // CTEST_INTERNAL_FUZZ_CMPOUTCOME_H
