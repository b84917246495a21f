// Tests counters.c (ctest's side of counters_supported.go, which Go does
// not test): the modules announced before main make the coverage space,
// one announced later (dlopen) is left out, and the DEBUG description.
//
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/coverage.h"
#include "testing/testing.h"

void __sanitizer_cov_8bit_counters_init(uint8_t *start, uint8_t *end);

// early is announced before main, as an instrumented module's
// constructor does (priority 101 runs before counters.c's default one),
// twice, and then an empty module; what the space was then is kept, and
// the space emptied for the other tests.
static uint8_t early[20];
static size_t earlyRegions, earlyLen;
static const uint8_t *earlyStart;

__attribute__((constructor(101))) static void announceEarly(void) {
    __sanitizer_cov_8bit_counters_init(early, early + sizeof early);
    __sanitizer_cov_8bit_counters_init(early, early + sizeof early);
    __sanitizer_cov_8bit_counters_init(early + 4, early + 4);
    const fuzz_coverageRegion *r = fuzz_coverageRegions(&earlyRegions);
    earlyStart = earlyRegions > 0 ? r[0].start : NULL;
    earlyLen = fuzz_coverageLen();
    fuzz_setCoverageCounters(NULL, 0);
}

// TestCountersBeforeMain: a module announced before main is one region,
// however often it is announced.
void TestCountersBeforeMain(T *t) {
    if (earlyRegions != 1 || earlyStart != early || earlyLen != sizeof early) {
        t_errorf(t, "before main: %zu regions, the first at %p, %zu counters; want 1 at %p, %zu",
                 earlyRegions, (const void *)earlyStart, earlyLen, (void *)early, sizeof early);
    }
}

// TestCountersAfterStart: a module announced once main runs (a library
// that the code under test loads with dlopen) changes nothing.
void TestCountersAfterStart(T *t) {
    static uint8_t late[24], first[5];
    fuzz_setCoverageCounters(first, sizeof first);
    __sanitizer_cov_8bit_counters_init(late, late + sizeof late);
    size_t n;
    const fuzz_coverageRegion *r = fuzz_coverageRegions(&n);
    if (n != 1 || r[0].start != first || fuzz_coverageLen() != sizeof first ||
        fuzz_coverageSnapshot.len != sizeof first) {
        t_errorf(t,
                 "after a module announced late: %zu regions, %zu counters, a snapshot of %zu; "
                 "want 1, %zu, %zu",
                 n, fuzz_coverageLen(), fuzz_coverageSnapshot.len, sizeof first, sizeof first);
    }
    fuzz_setCoverageCounters(NULL, 0);
}

// TestDescribeCoverage: the DEBUG line's count, modules and their sizes;
// the regions are in this test binary, named by its file name.
void TestDescribeCoverage(T *t) {
    char exe[4096];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k <= 0) {
        t_skipf(t, "readlink /proc/self/exe: %s", strerror(errno));
    }
    exe[k] = '\0';
    const char *name = strrchr(exe, '/') != NULL ? strrchr(exe, '/') + 1 : exe;
    static uint8_t a[3], b[70];
    fuzz_setCoverageCounters(a, sizeof a);
    char *one = fuzz_describeCoverage();
    fuzz_addCoverageCounters(b, sizeof b);
    char *two = fuzz_describeCoverage();
    fuzz_setCoverageCounters(NULL, 0);
    char *wantOne = runtime_sprintf("3 in 1 module: %s (3)", name);
    char *wantTwo = runtime_sprintf("78 in 2 modules: %s (3), %s (70)", name, name);
    if (strcmp(one, wantOne) != 0) {
        t_errorf(t, "one module: got %s, want %s", one, wantOne);
    }
    if (strcmp(two, wantTwo) != 0) {
        t_errorf(t, "two modules: got %s, want %s", two, wantTwo);
    }
    free(one);
    free(two);
    free(wantOne);
    free(wantTwo);
}
