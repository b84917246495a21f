// (none) Tests of memlimit.c: the resident set read from statm's text, and
// that this binary's allocations reach the malloc limit's check (ctest's
// malloc, linked into these tests as into a fuzzing build, or a
// sanitizer's hooks).
#include <stdio.h>
#include <string.h>

#include "internal/fuzz/memlimit.h"
#include "testing/testing.h"

void TestParseStatmRSS(T *t) {
    static const struct {
        const char *text;
        bool ok;
        uint64_t pages;
    } tests[] = {
        { "12345 678 90 1 0 2000 0\n", true, 678 },
        { "12345 678", true, 678 },
        { "12345 678\n", true, 678 },
        { "1 18446744073709551615 0\n", true, UINT64_MAX },
        { "", false, 0 },
        { "12345", false, 0 },
        { "12345\n", false, 0 },
        { "12345 \n", false, 0 },
        { " 678 1\n", false, 0 },
        { "x 678 1\n", false, 0 },
        { "1 2x 3\n", false, 0 },
        { "1 -2 3\n", false, 0 },
        { "1 18446744073709551616 0\n", false, 0 },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        uint64_t pages = 0;
        bool ok = fuzz_parseStatmRSS(tests[i].text, strlen(tests[i].text), &pages);
        if (ok != tests[i].ok || (ok && pages != tests[i].pages)) {
            t_errorf(t, "fuzz_parseStatmRSS(%s): got %d, %llu, want %d, %llu", tests[i].text, ok,
                     (unsigned long long)pages, tests[i].ok, (unsigned long long)tests[i].pages);
        }
    }
}

// TestParseStatmRSSSelf reads this process's own statm: some pages are
// resident.
void TestParseStatmRSSSelf(T *t) {
    char buf[128];
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL) {
        t_skip(t, "no /proc/self/statm");
    }
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    uint64_t pages = 0;
    if (!fuzz_parseStatmRSS(buf, n, &pages) || pages == 0) {
        t_errorf(t, "fuzz_parseStatmRSS(%.*s): got %llu pages, want some", (int)n, buf,
                 (unsigned long long)pages);
    }
}

void TestMallocLimitEnforced(T *t) {
    if (!fuzz_mallocLimitEnforced()) {
        t_errorf(t, "fuzz_mallocLimitEnforced: got false, want true (ctest's malloc or a "
                    "sanitizer's hooks)");
    }
}
