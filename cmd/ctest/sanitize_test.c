// Tests of sanitize.c: what a build's compile flags add up to, and the
// table of them that the generated test main hands to the test binary.
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"
#include "testing/testing.h"

// words appends the words of s, split at blanks, to l.
static void words(strList *l, const char *s) {
    go_error *err = splitQuoted(s, strlen(s), l);
    go_error_free(err);
}

// TestSanitizerList: -fsanitize= adds names, -fno-sanitize= (and =all)
// takes them away, in the order of the flags; a name from two places
// keeps the one that matters most to the package; the fuzzer's
// instrumentation is not counted.
void TestSanitizerList(T *t) {
    static const struct {
        const char *ctest, *command, *pkg; // the flags from each origin
        const char *want;                  // name/origin, in order
    } tests[] = {
        { "", "", "", "" },
        { "", "-fsanitize=address,undefined -fno-sanitize-recover=all", "",
          "address/1 undefined/1" },
        { "-fsanitize=address,undefined", "", "-fsanitize=address -O1", "address/2 undefined/0" },
        { "", "-fsanitize=address", "-fsanitize=undefined", "address/1 undefined/2" },
        { "", "-fsanitize=address,undefined -fno-sanitize=undefined", "", "address/1" },
        { "", "-fsanitize=address", "-fno-sanitize=all -fsanitize=leak", "leak/2" },
        { "", "-fsanitize=fuzzer-no-link,address -fsanitize-coverage=trace-cmp", "", "address/1" },
        { "", "-fsanitize=,address,", "", "address/1" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        strList f[3] = { { 0 } };
        words(&f[0], tests[i].ctest);
        words(&f[1], tests[i].command);
        words(&f[2], tests[i].pkg);
        sanitizerList l = { 0 };
        sanitizerList_addFlags(&l, &f[0], sanitizeCtest);
        sanitizerList_addFlags(&l, &f[1], sanitizeCommand);
        sanitizerList_addFlags(&l, &f[2], sanitizePackage);
        strings_Builder got = { 0 };
        for (size_t j = 0; j < l.len; j++) {
            strings_Builder_Printf(&got, "%s%s/%d", j > 0 ? " " : "", l.ptr[j].name,
                                   (int)l.ptr[j].origin);
        }
        if (strcmp(strings_Builder_String(&got), tests[i].want) != 0) {
            t_errorf(t, "ctest %s, command %s, package %s: got %s, want %s", tests[i].ctest,
                     tests[i].command, tests[i].pkg, strings_Builder_String(&got), tests[i].want);
        }
        strings_Builder_Reset(&got);
        sanitizerList_free(&l);
        for (size_t j = 0; j < 3; j++) {
            strList_free(&f[j]);
        }
    }
}

// TestSanitizerRuntime: the names //ctest:sanitize takes, and what their
// reports call them.
void TestSanitizerRuntime(T *t) {
    static const struct {
        const char *name, *want; // want NULL: not taken
    } tests[] = {
        { "address", "AddressSanitizer" },
        { "undefined", "UndefinedBehaviorSanitizer" },
        { "signed-integer-overflow", "UndefinedBehaviorSanitizer" },
        { "thread", "ThreadSanitizer" },
        { "adress", NULL },
        { "fuzzer", NULL },
        { "cfi", NULL },
        { "", NULL },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        const char *got = sanitizerRuntime(tests[i].name, strlen(tests[i].name));
        if ((got == NULL) != (tests[i].want == NULL) ||
            (got != NULL && strcmp(got, tests[i].want) != 0)) {
            t_errorf(t, "sanitizerRuntime(%s) = %s, want %s", tests[i].name, got ? got : "NULL",
                     tests[i].want ? tests[i].want : "NULL");
        }
    }
}

// TestFormatTestmainSanitizers: a main for a build with sanitizers hands
// the binary their table; one without has neither table nor call.
void TestFormatTestmainSanitizers(T *t) {
    testFuncs tf = { 0 };
    strList_append(&tf.Tests, "TestA");
    strList flags = { 0 };
    words(&flags, "-fsanitize=address,signed-integer-overflow,safe-stack");
    sanitizerList l = { 0 };
    sanitizerList_addFlags(&l, &flags, sanitizePackage);
    l.ptr[1].origin = sanitizeCommand;
    l.ptr[2].origin = sanitizeCtest;
    char *got = formatTestmain(&tf, NULL, &l);
    static const char *const want[] = {
        "static const testing_Sanitizer sanitizers[] = {\n"
        "    { \"address\", \"AddressSanitizer\", testing_SanitizerPackage },\n"
        "    { \"signed-integer-overflow\", \"UndefinedBehaviorSanitizer\", "
        "testing_SanitizerCommand },\n"
        "    { \"safe-stack\", \"\", testing_SanitizerCtest },\n"
        "};\n",
        "    testing_SetSanitizers(sanitizers, 3);\n    return testing_Main(",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        if (strstr(got, want[i]) == NULL) {
            t_errorf(t, "got main without %s, want it:\n%s", want[i], got);
        }
    }
    free(got);
    sanitizerList_free(&l);
    got = formatTestmain(&tf, NULL, &l);
    if (strstr(got, "anitizer") != NULL) {
        t_errorf(t, "a main without sanitizers names them:\n%s", got);
    }
    free(got);
    strList_free(&flags);
    testFuncs_free(&tf);
}
