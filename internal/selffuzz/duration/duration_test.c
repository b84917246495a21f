// duration_test.c: fuzzes the duration parser, time.ParseDuration and
// Duration.String (internal/std/time_duration*.c, compiled into this
// package: see rename.h), which read -test.fuzztime, -test.timeout and the
// driver's duration flags. The seeds are go1.19.8 time_test.go's
// parseDurationTests and parseDurationErrorTests inputs.
//
//ctest:cflags -include ${SRCDIR}/rename.h
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "internal/selffuzz/selffuzz.h"
#include "internal/std/std.h"
#include "testing/testing.h"

// isDurationError reports whether msg is one of ParseDuration's errors:
// Go's text, ending with the quoted input.
static bool isDurationError(const char *msg) {
    static const char *const prefixes[] = {
        "time: invalid duration \"",
        "time: missing unit in duration \"",
        "time: unknown unit \"",
    };
    size_t n = strlen(msg);
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        size_t p = strlen(prefixes[i]);
        if (n > p && strncmp(msg, prefixes[i], p) == 0 && msg[n - 1] == '"') {
            return true;
        }
    }
    return false;
}

// checkSigned parses sign followed by s, and checks that it gives want, or
// that it fails when want is NULL.
static void checkSigned(T *t, char sign, go_string s, const time_Duration *want) {
    char *in = runtime_malloc(s.len + 1);
    in[0] = sign;
    memcpy(in + 1, s.ptr, s.len);
    time_Duration d = 0;
    go_error *err = time_ParseDuration(in, s.len + 1, &d);
    char *q = strconv_Quote(in, s.len + 1);
    if (want == NULL && err == NULL) {
        t_errorf(t, "ParseDuration(%s) = %" PRId64 ", nil, want an error, as without the sign", q,
                 d);
    } else if (want != NULL && err != NULL) {
        t_errorf(t, "ParseDuration(%s): %s, want %" PRId64, q, go_error_Error(err), *want);
    } else if (want != NULL && d != *want) {
        t_errorf(t, "ParseDuration(%s) = %" PRId64 ", want %" PRId64, q, d, *want);
    }
    free(q);
    go_error_free(err);
    free(in);
}

// checkDuration parses s, checks the error or the value's text, and the
// same with a sign added.
static void checkDuration(T *t, go_string s) {
    time_Duration d = 0;
    go_error *err = time_ParseDuration(s.ptr, s.len, &d);
    bool hasSign = s.len > 0 && (s.ptr[0] == '+' || s.ptr[0] == '-');
    if (err != NULL) {
        if (!isDurationError(go_error_Error(err))) {
            t_errorf(t, "ParseDuration: unexpected error text: %s", go_error_Error(err));
        }
        go_error_free(err);
        // A "+" adds nothing (a "-" can: "-9223372036854775808ns" is valid).
        if (!hasSign) {
            checkSigned(t, '+', s, NULL);
        }
        return;
    }
    // Duration.String writes what ParseDuration reads back to the same
    // value, for every duration (Go's TestParseDurationRoundTrip draws some).
    char *str = time_Duration_String(d);
    time_Duration back = 0;
    err = time_ParseDuration(str, strlen(str), &back);
    if (err != NULL) {
        t_errorf(t, "ParseDuration(%s), of Duration(%" PRId64 ").String(): %s", str, d,
                 go_error_Error(err));
        go_error_free(err);
    } else if (back != d) {
        t_errorf(t, "ParseDuration(%s) = %" PRId64 ", want %" PRId64, str, back, d);
    }
    free(str);
    if (!hasSign) {
        checkSigned(t, '+', s, &d);
        time_Duration neg = (time_Duration)(0 - (uint64_t)d);
        checkSigned(t, '-', s, &neg);
    }
}

static void fuzzParseDuration(T *t, go_string in) {
    char *copy = selffuzz_exactCopy(in.ptr, in.len);
    checkDuration(t, (go_string){ copy, in.len });
    free(copy);
}

// durationSeeds are FuzzParseDuration's seeds.
static const char *const durationSeeds[] = {
    // parseDurationTests
    "0", "5s", "30s", "1478s", "-5s", "+5s", "-0", "+0", "5.0s", "5.6s", "5.s", ".5s", "1.0s",
    "1.00s", "1.004s", "1.0040s", "100.00100s", "10ns", "11us", "12µs", "12μs", "13ms", "14s",
    "15m", "16h", "3h30m", "10.5s4m", "-2m3.4s", "1h2m3s4ms5us6ns", "39h9m14.425s", "52763797000ns",
    "0.3333333333333333333h", "9007199254740993ns", "9223372036854775807ns",
    "9223372036854775.807us", "9223372036s854ms775us807ns", "-9223372036854775808ns",
    "-9223372036854775.808us", "-9223372036s854ms775us808ns", "-2562047h47m16.854775808s",
    "0.100000000000000000000h", "0.830103483285477580700h",
    // parseDurationErrorTests
    "", "3", "-", "s", ".", "-.", ".s", "+.s", "1d", "\x85\x85",
    "\xff"
    "ff",
    "hello \xff"
    "ff world",
    "\xef\xbf\xbd", "9223372036854775810ns", "9223372036854775808ns", "-9223372036854775809ns",
    "9223372036854776us", "3000000h", "9223372036854775.808us", "9223372036854ms775us808ns"
};

void FuzzParseDuration(F *f) {
    selffuzz_addSeeds(f, durationSeeds, sizeof durationSeeds / sizeof durationSeeds[0], GO_STRING);
    f_fuzz(f, fuzzParseDuration, GO_STRING);
}
