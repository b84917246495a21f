// Tests of cmpoutcome.c: the outcomes of comparisons by call site, which
// ctest corpus counts as coverage features.
#include <stdint.h>
#include <stdlib.h>

#include "internal/fuzz/cmpoutcome.h"
#include "internal/fuzz/trace.h"
#include "testing/testing.h"

// taken gathers what fuzz_cmpOutcomeTake hands over.
typedef struct taken {
    size_t n;
    size_t site[8];
    uint8_t outcomes[8];
} taken;

static void take(void *ctx, size_t site, uint8_t outcomes) {
    taken *t = ctx;
    if (t->n < 8) {
        t->site[t->n] = site;
        t->outcomes[t->n] = outcomes;
    }
    t->n++;
}

// TestCmpOutcome: each comparison's outcome is one of five bits (equal;
// unequal, by its unsigned and signed order), gathered by site, handed
// over once; a site outside the executable is not recorded.
void TestCmpOutcome(T *t) {
    if (fuzz_cmpOutcomesInit() == 0) {
        t_fatalf(t, "cmpOutcomesInit: no code found");
    }
    static const struct {
        uint64_t a, b;
        unsigned size;
        uint8_t want;
    } cases[] = {
        { 7, 7, 4, 1 },                  // equal
        { 2, 1, 8, 2 },                  // above, both ways
        { 1, 0xffffffff, 4, 4 },         // below unsigned, above signed (1 > -1)
        { 0xffffffff, 1, 4, 8 },         // above unsigned, below signed
        { 1, 2, 2, 16 },                 // below, both ways
        { 0x80, 0x7f, 1, 8 },            // a byte: -128 < 127 signed
        { 0xffffffffffffffff, 0, 8, 8 }, // 64 bits: -1 < 0 signed
    };
    uintptr_t site = (uintptr_t)TestCmpOutcome;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fuzz_cmpOutcome(site, cases[i].a, cases[i].b, cases[i].size);
        fuzz_cmpOutcome(site + 1, cases[i].a, cases[i].b, cases[i].size);
        fuzz_cmpOutcome(1, cases[i].a, cases[i].b, cases[i].size);
        taken got = { 0 };
        fuzz_cmpOutcomeTake(take, &got);
        if (got.n != 2 || got.site[1] != got.site[0] + 1 || got.outcomes[0] != cases[i].want ||
            got.outcomes[1] != cases[i].want) {
            t_errorf(t,
                     "cmpOutcome(%#llx, %#llx, %u): got %zu sites, outcomes %#x, want 2 "
                     "sites, %#x",
                     (unsigned long long)cases[i].a, (unsigned long long)cases[i].b, cases[i].size,
                     got.n, got.n > 0 ? got.outcomes[0] : 0, cases[i].want);
        }
    }
    fuzz_cmpOutcome(site, 1, 1, 4);
    fuzz_cmpOutcome(site, 1, 2, 4);
    taken got = { 0 };
    fuzz_cmpOutcomeTake(take, &got);
    if (got.n != 1 || got.outcomes[0] != (1 | 16)) {
        t_errorf(t, "two outcomes at one site: got %zu sites, outcomes %#x, want 1, 0x11", got.n,
                 got.n > 0 ? got.outcomes[0] : 0);
    }
    got = (taken){ 0 };
    fuzz_cmpOutcomeTake(take, &got);
    if (got.n != 0) {
        t_errorf(t, "a second take: got %zu sites, want none", got.n);
    }
}

// TestCmpOutcomeHooks: the trace-cmp hooks record outcomes while the
// fuzz function runs (fuzz_cmpTracing), at the site that called them.
void TestCmpOutcomeHooks(T *t) {
    if (fuzz_cmpOutcomesInit() == 0) {
        t_fatalf(t, "cmpOutcomesInit: no code found");
    }
    __sanitizer_cov_trace_const_cmp4(3, 4);
    taken got = { 0 };
    fuzz_cmpOutcomeTake(take, &got);
    if (got.n != 0) {
        t_errorf(t, "not tracing: got %zu sites, want none", got.n);
    }
    fuzz_cmpTracing = true;
    __sanitizer_cov_trace_const_cmp4(3, 4);
    __sanitizer_cov_trace_cmp1(9, 9);
    fuzz_cmpTracing = false;
    fuzz_cmpOutcomeTake(take, &got);
    if (got.n != 2 || got.outcomes[0] != 16 || got.outcomes[1] != 1) {
        t_errorf(t, "tracing: got %zu sites, outcomes %#x %#x, want 2, 0x10 0x1", got.n,
                 got.n > 0 ? got.outcomes[0] : 0, got.n > 1 ? got.outcomes[1] : 0);
    }
    fuzz_cmpResetTables();
}
