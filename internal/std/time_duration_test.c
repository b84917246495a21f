// Tests for time_duration.c: go1.19.8 src/time/time_test.go's
// TestDurationString, TestParseDuration, TestParseDurationErrors and
// TestParseDurationRoundTrip, Go's rows in Go's order, with the expected
// values Go 1.19.8 printed (golden/vectors/time/main.go writes the .inc
// files).
//
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/testing.h"

typedef struct parseDurationTest {
    const char *in;
    size_t len;
    time_Duration want;
    const char *err; // err.Error() as Go printed it, or NULL for nil
} parseDurationTest;

static const parseDurationTest parseDurationTests[] = {
#include "golden/vectors/time/parse_duration_tests.inc"
};

static const parseDurationTest parseDurationErrorTests[] = {
#include "golden/vectors/time/parse_duration_error_tests.inc"
};

// ctest: rows of our own (flag error texts, unit and overflow edges),
// also checked against Go.
static const parseDurationTest parseDurationExtraTests[] = {
#include "golden/vectors/time/parse_duration_extra_tests.inc"
};

static const struct {
    time_Duration d;
    const char *str;
} durationTests[] = {
#include "golden/vectors/time/duration_tests.inc"
};

// checkParse runs ParseDuration over rows and compares value and error text.
static void checkParse(T *t, const parseDurationTest *rows, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const parseDurationTest *tc = &rows[i];
        time_Duration d = 0;
        go_error *err = time_ParseDuration(tc->in, tc->len, &d);
        char *q = strconv_Quote(tc->in, tc->len);
        if (tc->err == NULL) {
            if (err != NULL || d != tc->want) {
                char *got = time_Duration_String(d), *want = time_Duration_String(tc->want);
                t_errorf(t, "ParseDuration(%s) = %s, %s, want %s, nil", q, got, go_error_Error(err),
                         want);
                free(got);
                free(want);
            }
        } else if (err == NULL) {
            t_errorf(t, "ParseDuration(%s) = _, nil, want _, non-nil", q);
        } else if (strcmp(go_error_Error(err), tc->err) != 0) {
            // ctest: Go's test checks only that the error contains the
            // quoted input; we have Go's whole text, so compare it all.
            t_errorf(t, "ParseDuration(%s) = _, %s, want %s", q, go_error_Error(err), tc->err);
        }
        free(q);
        go_error_free(err);
    }
}

void TestDurationString(T *t) {
    for (size_t i = 0; i < sizeof durationTests / sizeof durationTests[0]; i++) {
        time_Duration d = durationTests[i].d;
        const char *want = durationTests[i].str;
        char *str = time_Duration_String(d);
        if (strcmp(str, want) != 0) {
            t_errorf(t, "Duration(%" PRId64 ").String() = %s, want %s", d, str, want);
        }
        free(str);
        if (d > 0) {
            str = time_Duration_String(-d);
            if (str[0] != '-' || strcmp(str + 1, want) != 0) {
                t_errorf(t, "Duration(%" PRId64 ").String() = %s, want -%s", -d, str, want);
            }
            free(str);
        }
    }
}

void TestParseDuration(T *t) {
    checkParse(t, parseDurationTests, sizeof parseDurationTests / sizeof parseDurationTests[0]);
    checkParse(t, parseDurationExtraTests,
               sizeof parseDurationExtraTests / sizeof parseDurationExtraTests[0]);
}

void TestParseDurationErrors(T *t) {
    checkParse(t, parseDurationErrorTests,
               sizeof parseDurationErrorTests / sizeof parseDurationErrorTests[0]);
}

void TestParseDurationRoundTrip(T *t) {
    // https://golang.org/issue/48629
    static const time_Duration ends[] = { INT64_MAX, INT64_MIN };
    for (size_t i = 0; i < 2; i++) {
        time_Duration d0 = ends[i], d1 = 0;
        char *s = time_Duration_String(d0);
        go_error *err = time_ParseDuration(s, strlen(s), &d1);
        if (err != NULL || d0 != d1) {
            t_errorf(t, "round-trip failed: %" PRId64 " => \"%s\" => %" PRId64 ", %s", d0, s, d1,
                     go_error_Error(err));
        }
        free(s);
        go_error_free(err);
    }

    // Random durations, whole milliseconds only: with a finer resolution
    // the text might not parse back to the same value. ctest: Go draws from
    // math/rand; a fixed LCG stands in.
    uint32_t x = 1;
    for (int i = 0; i < 100; i++) {
        x = x * 1103515245u + 12345u;
        time_Duration d0 = (time_Duration)(x & 0x7fffffff) * 1000000, d1 = 0;
        char *s = time_Duration_String(d0);
        go_error *err = time_ParseDuration(s, strlen(s), &d1);
        if (err != NULL || d0 != d1) {
            t_errorf(t, "round-trip failed: %" PRId64 " => \"%s\" => %" PRId64 ", %s", d0, s, d1,
                     go_error_Error(err));
        }
        free(s);
        go_error_free(err);
    }
}

// TestParseDurationBounded checks that ParseDuration reads the n bytes it
// is given and no more (ctest's; internal/selffuzz/duration found it
// reading on): a digit or a unit after them is no part of the duration,
// and an input in a buffer of its exact size is read within it (which
// the sanitizer build checks).
void TestParseDurationBounded(T *t) {
    static const struct {
        const char *buf;
        size_t n;
        time_Duration want;
        const char *err;
    } tests[] = {
        { "35s", 1, 0, "time: missing unit in duration \"3\"" },
        { "1.5h", 2, 0, "time: missing unit in duration \"1.\"" },
        { "3s5m", 2, 3000000000, NULL },
        { "2m, execs: 10", 2, 120000000000, NULL },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        // The bytes where they are, followed by others, then alone in a
        // buffer of their size.
        char *alone = runtime_malloc(tests[i].n);
        memcpy(alone, tests[i].buf, tests[i].n);
        const char *ins[] = { tests[i].buf, alone };
        for (size_t j = 0; j < 2; j++) {
            time_Duration d = 0;
            go_error *err = time_ParseDuration(ins[j], tests[i].n, &d);
            const char *got = err != NULL ? go_error_Error(err) : NULL;
            if (tests[i].err != NULL ? got == NULL || strcmp(got, tests[i].err) != 0
                                     : got != NULL || d != tests[i].want) {
                t_errorf(t, "ParseDuration(%.*s) = %" PRId64 ", %s, want %" PRId64 ", %s",
                         (int)tests[i].n, tests[i].buf, d, got != NULL ? got : "nil", tests[i].want,
                         tests[i].err != NULL ? tests[i].err : "nil");
            }
            go_error_free(err);
        }
        free(alone);
    }
}
