// semver_test.c: tests and fuzz tests of the semver package, whose fuzz
// tests take C strings (C_STRING).
#include "semver.h"
#include "testing/testing.h"

void TestValid(T *t) {
    static const struct {
        const char *in;
        bool want;
    } tests[] = {
        { "1.2.3", true },       { "1.2.3-rc.1+build.5", true },
        { "0.0.0-0", true },     { "1.2", false },
        { "01.2.3", false },     { "1.2.3-", false },
        { "1.2.3-01", false },   { "1.2.3+", false },
        { "1.2.3-a..b", false }, { "1.2.3+007", true },
        { "1.2.3 ", false },     { "", false },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        if (semver_valid(tests[i].in) != tests[i].want) {
            t_errorf(t, "semver_valid(\"%s\") = %d, want %d", tests[i].in, !tests[i].want,
                     tests[i].want);
        }
    }
}

// TestCompare walks semver.org's example of precedence, each version below
// the next.
void TestCompare(T *t) {
    static const char *const order[] = {
        "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta",
        "1.0.0-beta",  "1.0.0-beta.2",  "1.0.0-beta.11",
        "1.0.0-rc.1",  "1.0.0",         "1.0.1",
        "1.1.0",       "2.0.0",         "10.0.0",
    };
    size_t n = sizeof order / sizeof order[0];
    for (size_t i = 0; i + 1 < n; i++) {
        if (semver_compare(order[i], order[i + 1]) != -1) {
            t_errorf(t, "semver_compare(\"%s\", \"%s\") is not -1", order[i], order[i + 1]);
        }
    }
    if (semver_compare("1.0.0+a", "1.0.0+b") != 0) {
        t_error(t, "build metadata changed the order");
    }
}

// fuzzCompare checks that the order is an order: a version equals itself,
// and swapping the two versions swaps the answer.
static void fuzzCompare(T *t, const char *a, const char *b) {
    if (!semver_valid(a) || !semver_valid(b)) {
        return;
    }
    if (semver_compare(a, a) != 0) {
        t_fatalf(t, "semver_compare(\"%s\", itself) is not 0", a);
    }
    int ab = semver_compare(a, b), ba = semver_compare(b, a);
    if (ab != -ba) {
        t_fatalf(t, "semver_compare(\"%s\", \"%s\") = %d, but swapped it is %d", a, b, ab, ba);
    }
}

void FuzzCompare(F *f) {
    f_add(f, C_STRING("1.0.0-alpha.1"), C_STRING("1.0.0-alpha.beta"));
    f_add(f, C_STRING("1.0.0-rc.1"), C_STRING("1.0.0+build.5"));
    f_fuzz(f, fuzzCompare, C_STRING, C_STRING);
}
