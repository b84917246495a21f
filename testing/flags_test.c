// Tests of flags.c: the list of flags the driver passes on
// (testflags.h) checked against a flag set (Go has no counterpart: its
// cmd/go generates that list from package testing's flags).
#include <stdlib.h>
#include <string.h>

#include "testing/internal.h"
#include "testing/testflags.h"
#include "testing/testing.h"

// passedFlagSet defines every flag of testflags.h with the kind it says,
// as the test binary does.
static flag_FlagSet *passedFlagSet(void) {
    flag_FlagSet *fs = flag_NewFlagSet("x.test", flag_ContinueOnError);
#define DEFINE_Bool(n) flag_FlagSet_Bool(fs, n, false, "")
#define DEFINE_Int(n) flag_FlagSet_Int(fs, n, 0, "")
#define DEFINE_Duration(n) flag_FlagSet_String(fs, n, "", "")
#define DEFINE_Path(n) flag_FlagSet_String(fs, n, "", "")
#define DEFINE_String(n) flag_FlagSet_String(fs, n, "", "")
#define DEFINE(name, kind) DEFINE_##kind("test." #name);
    TESTING_PASSED_FLAGS(DEFINE)
#undef DEFINE
    return fs;
}

// TestPassedFlagsAreTestFlags checks the list against the flags this test
// binary defined: a mismatch would make the driver hand a binary a flag it
// rejects, or give a bool flag a value.
void TestPassedFlagsAreTestFlags(T *t) {
    char *got = testing_checkPassedFlags(flag_CommandLine());
    if (got != NULL) {
        t_errorf(t, "%s", got);
    }
    free(got);
}

void TestCheckPassedFlags(T *t) {
    flag_FlagSet *fs = passedFlagSet();
    char *got = testing_checkPassedFlags(fs);
    if (got != NULL) {
        t_errorf(t, "every flag defined as listed: got %s, want no mismatch", got);
    }
    free(got);
    flag_FlagSet_free(fs);

    // -test.v is listed as Bool: an int flag of that name is a mismatch.
    fs = flag_NewFlagSet("x.test", flag_ContinueOnError);
    flag_FlagSet_Int(fs, "test.v", 0, "");
    got = testing_checkPassedFlags(fs);
    const char *want = "of testing/testflags.h is";
    if (got == NULL || strstr(got, want) == NULL) {
        t_errorf(t, "only an int -test.v: got %s, want a message with \"%s\"",
                 got != NULL ? got : "no mismatch", want);
    }
    free(got);
    flag_FlagSet_free(fs);
}

void TestCheckPassedFlagsKind(T *t) {
    // -test.count, listed as Int, defined as a bool flag.
    flag_FlagSet *fs = flag_NewFlagSet("x.test", flag_ContinueOnError);
    flag_FlagSet_Bool(fs, "test.count", false, "");
    char *got = testing_checkPassedFlags(fs);
    const char *want = "testing: -test.count of testing/testflags.h is a bool flag in the test "
                       "binary";
    if (got == NULL || strcmp(got, want) != 0) {
        t_errorf(t, "got %s, want %s", got != NULL ? got : "no mismatch", want);
    }
    free(got);
    flag_FlagSet_free(fs);
}

// TestMegabytesFlag: -test.fuzzrsslimit's and -test.fuzzmalloclimit's
// values are counts of megabytes, 0 or more, whose bytes fit in 64 bits.
void TestMegabytesFlag(T *t) {
    static const struct {
        const char *arg;
        bool ok;
        int64_t want;
        const char *err;
    } tests[] = {
        { "0", true, 0, NULL },
        { "2048", true, 2048, NULL },
        { "0x10", true, 16, NULL },
        { "8796093022207", true, 8796093022207, NULL },
        { "8796093022208", false, 0, "value out of range" },
        { "99999999999999999999", false, 0, "value out of range" },
        { "-1", false, 0, "a negative number of megabytes" },
        { "", false, 0, "parse error" },
        { "2G", false, 0, "parse error" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        int64_t v = 7;
        flag_Value fv = testing_megabytesFlag(&v);
        go_error *err = fv.Set(fv.recv, tests[i].arg);
        if (tests[i].ok) {
            if (err != NULL || v != tests[i].want) {
                t_errorf(t, "Set(%s): got %lld, %s, want %lld, no error", tests[i].arg,
                         (long long)v, err != NULL ? go_error_Error(err) : "no error",
                         (long long)tests[i].want);
            }
        } else if (err == NULL || strcmp(go_error_Error(err), tests[i].err) != 0 || v != 7) {
            t_errorf(t, "Set(%s): got %lld, %s, want 7 (unchanged), %s", tests[i].arg, (long long)v,
                     err != NULL ? go_error_Error(err) : "no error", tests[i].err);
        }
        go_error_free(err);
    }
    int64_t v = 2048;
    flag_Value fv = testing_megabytesFlag(&v);
    char *s = fv.String(fv.recv), *zero = fv.String(NULL);
    if (strcmp(s, "2048") != 0 || strcmp(zero, "0") != 0) {
        t_errorf(t, "String: got %s and zero %s, want 2048 and 0", s, zero);
    }
    free(s);
    free(zero);
}
