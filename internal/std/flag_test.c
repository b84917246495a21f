// Tests for flag.c: go1.19.8 src/flag/flag_test.go, in Go's order, and
// golden/vectors/flag (what Go 1.19.8's flag printed and returned).
//
// Not ported: TestEverything and TestGet, TestGetters (Float64, TextVar and
// Getter are not ported), TestUserDefinedForCommandLine and TestChangingArgs
// (they reset the package-level CommandLine and Usage, which flag.c does not
// export), TestIntFlagOverflow (32-bit only), TestUsageOutput and
// TestExitCode (they re-run the Go test binary), TestInvalidFlags and
// TestRedefinedFlags (they recover a panic; testing's handler owns that).
//
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/testing.h"

// discard is io.Discard.
static FILE *discard(void) {
    static FILE *f;
    if (f == NULL) {
        f = fopen("/dev/null", "w");
    }
    return f;
}

// buffer is a bytes.Buffer as a FILE *: what was written, after close.
typedef struct buffer {
    FILE *f;
    char *buf;
    size_t len;
} buffer;

static void buffer_open(buffer *b) {
    b->buf = NULL;
    b->len = 0;
    b->f = open_memstream(&b->buf, &b->len);
}

// buffer_string flushes and returns what was written so far (borrowed).
static const char *buffer_string(buffer *b) {
    fflush(b->f);
    return b->buf != NULL ? b->buf : "";
}

static void buffer_close(buffer *b) {
    fclose(b->f);
    free(b->buf);
}

// parseArgs is f.Parse(args) over a NULL-terminated list of literals.
static go_error *parseArgs(flag_FlagSet *f, const char *const *args) {
    static char *argv[64];
    int argc = 0;
    for (; args[argc] != NULL; argc++) {
        argv[argc] = (char *)args[argc]; // Parse does not write through them
    }
    argv[argc] = NULL;
    return flag_FlagSet_Parse(f, argc, argv);
}

static void setCalled(void *ctx) {
    *(bool *)ctx = true;
}

// ctest: Go's TestUsage resets CommandLine; a fresh ContinueOnError set
// with the same Usage stands in.
void TestUsage(T *t) {
    bool called = false;
    flag_FlagSet *f = flag_NewFlagSet("cmd", flag_ContinueOnError);
    flag_FlagSet_SetOutput(f, discard());
    flag_FlagSet_SetUsage(f, setCalled, &called);
    go_error *err = parseArgs(f, (const char *const[]){ "-x", NULL });
    if (err == NULL) {
        t_error(t, "parse did not fail for unknown flag");
    }
    if (!called) {
        t_error(t, "did not call Usage for unknown flag");
    }
    go_error_free(err);
    flag_FlagSet_free(f);
}

// testParse is flag_test.go's testParse without the float64 flag.
static void testParse(flag_FlagSet *f, T *t) {
    if (flag_FlagSet_Parsed(f)) {
        t_error(t, "f.Parse() = true before Parse");
    }
    bool *boolFlag = flag_FlagSet_Bool(f, "bool", false, "bool value");
    bool *bool2Flag = flag_FlagSet_Bool(f, "bool2", false, "bool2 value");
    go_int *intFlag = flag_FlagSet_Int(f, "int", 0, "int value");
    int64_t *int64Flag = flag_FlagSet_Int64(f, "int64", 0, "int64 value");
    go_uint *uintFlag = flag_FlagSet_Uint(f, "uint", 0, "uint value");
    uint64_t *uint64Flag = flag_FlagSet_Uint64(f, "uint64", 0, "uint64 value");
    const char **stringFlag = flag_FlagSet_String(f, "string", "0", "string value");
    time_Duration *durationFlag =
            flag_FlagSet_Duration(f, "duration", 5 * INT64_C(1000000000), "time.Duration value");
    const char *extra = "one-extra-argument";
    const char *const args[] = { "-bool",     "-bool2=true", "--int",    "22", "--int64", "0x23",
                                 "-uint",     "24",          "--uint64", "25", "-string", "hello",
                                 "-duration", "2m",          extra,      NULL };
    go_error *err = parseArgs(f, args);
    if (err != NULL) {
        t_fatal(t, go_error_Error(err));
    }
    if (!flag_FlagSet_Parsed(f)) {
        t_error(t, "f.Parse() = false after Parse");
    }
    if (*boolFlag != true) {
        t_errorf(t, "bool flag should be true, is %d", *boolFlag);
    }
    if (*bool2Flag != true) {
        t_errorf(t, "bool2 flag should be true, is %d", *bool2Flag);
    }
    if (*intFlag != 22) {
        t_errorf(t, "int flag should be 22, is %lld", (long long)*intFlag);
    }
    if (*int64Flag != 0x23) {
        t_errorf(t, "int64 flag should be 0x23, is %lld", (long long)*int64Flag);
    }
    if (*uintFlag != 24) {
        t_errorf(t, "uint flag should be 24, is %llu", (unsigned long long)*uintFlag);
    }
    if (*uint64Flag != 25) {
        t_errorf(t, "uint64 flag should be 25, is %llu", (unsigned long long)*uint64Flag);
    }
    if (strcmp(*stringFlag, "hello") != 0) {
        t_errorf(t, "string flag should be `hello`, is %s", *stringFlag);
    }
    if (*durationFlag != 2 * INT64_C(60000000000)) {
        t_errorf(t, "duration flag should be 2m, is %lld", (long long)*durationFlag);
    }
    go_int n;
    char **rest = flag_FlagSet_Args(f, &n);
    if (n != 1) {
        t_errorf(t, "expected one argument, got %lld", (long long)n);
    } else if (strcmp(rest[0], extra) != 0) {
        t_errorf(t, "expected argument \"%s\" got \"%s\"", extra, rest[0]);
    }
}

// ctest: Go's TestParse uses CommandLine; ExitOnError keeps its meaning.
void TestParse(T *t) {
    flag_FlagSet *f = flag_NewFlagSet("cmd", flag_ExitOnError);
    testParse(f, t);
    flag_FlagSet_free(f);
}

void TestFlagSetParse(T *t) {
    flag_FlagSet *f = flag_NewFlagSet("test", flag_ContinueOnError);
    testParse(f, t);
    flag_FlagSet_free(f);
}

// flagVar is flag_test.go's user-defined flag type: a []string.
typedef struct flagVar {
    char *v[16];
    size_t len;
} flagVar;

// flagVar_String is fmt.Sprint([]string(*f)): "[a b]".
static char *flagVar_String(const void *recv) {
    const flagVar *f = recv;
    char *s = runtime_strdup("[");
    for (size_t i = 0; f != NULL && i < f->len; i++) {
        char *t = runtime_sprintf("%s%s%s", s, i > 0 ? " " : "", f->v[i]);
        free(s);
        s = t;
    }
    char *t = runtime_sprintf("%s]", s);
    free(s);
    return t;
}

static go_error *flagVar_Set(void *recv, const char *value) {
    flagVar *f = recv;
    if (f->len < sizeof f->v / sizeof f->v[0]) {
        f->v[f->len++] = runtime_strdup(value);
    }
    return NULL;
}

static void flagVar_free(flagVar *f) {
    for (size_t i = 0; i < f->len; i++) {
        free(f->v[i]);
    }
}

void TestUserDefined(T *t) {
    flag_FlagSet *flags = flag_NewFlagSet("", flag_ContinueOnError);
    flag_FlagSet_Init(flags, "test", flag_ContinueOnError);
    flag_FlagSet_SetOutput(flags, discard());
    flagVar v = { { NULL }, 0 };
    flag_FlagSet_Var(flags, (flag_Value){ &v, flagVar_String, flagVar_Set, NULL }, "v", "usage");
    go_error *err = parseArgs(flags, (const char *const[]){ "-v", "1", "-v", "2", "-v=3", NULL });
    if (err != NULL) {
        t_error(t, go_error_Error(err));
        go_error_free(err);
    }
    if (v.len != 3) {
        t_fatalf(t, "expected 3 args; got %zu", v.len);
    }
    const char *expect = "[1 2 3]";
    char *got = flagVar_String(&v);
    if (strcmp(got, expect) != 0) {
        t_errorf(t, "expected value \"%s\" got \"%s\"", expect, got);
    }
    free(got);
    flagVar_free(&v);
    flag_FlagSet_free(flags);
}

static go_error *appendFunc(void *ctx, const char *s) {
    return flagVar_Set(ctx, s);
}

static go_error *failFunc(void *ctx, const char *s) {
    (void)ctx;
    (void)s;
    return fmt_Errorf(NULL, "test error");
}

void TestUserDefinedFunc(T *t) {
    flag_FlagSet *flags = flag_NewFlagSet("test", flag_ContinueOnError);
    flag_FlagSet_SetOutput(flags, discard());
    flagVar ss = { { NULL }, 0 };
    flag_FlagSet_Func(flags, "v", "usage", appendFunc, &ss);
    go_error *err = parseArgs(flags, (const char *const[]){ "-v", "1", "-v", "2", "-v=3", NULL });
    if (err != NULL) {
        t_error(t, go_error_Error(err));
        go_error_free(err);
    }
    if (ss.len != 3) {
        t_fatalf(t, "expected 3 args; got %zu", ss.len);
    }
    const char *expect = "[1 2 3]";
    char *got = flagVar_String(&ss);
    if (strcmp(got, expect) != 0) {
        t_errorf(t, "expected value \"%s\" got \"%s\"", expect, got);
    }
    free(got);
    flagVar_free(&ss);
    // test usage
    buffer buf;
    buffer_open(&buf);
    flag_FlagSet_SetOutput(flags, buf.f);
    go_error_free(parseArgs(flags, (const char *const[]){ "-h", NULL }));
    if (strstr(buffer_string(&buf), "usage") == NULL) {
        t_errorf(t, "usage string not included: \"%s\"", buffer_string(&buf));
    }
    buffer_close(&buf);
    flag_FlagSet_free(flags);
    // test Func error
    flags = flag_NewFlagSet("test", flag_ContinueOnError);
    flag_FlagSet_SetOutput(flags, discard());
    flag_FlagSet_Func(flags, "v", "usage", failFunc, NULL);
    // flag not set, so no error
    err = parseArgs(flags, (const char *const[]){ NULL });
    if (err != NULL) {
        t_error(t, go_error_Error(err));
        go_error_free(err);
    }
    // flag set, expect error
    err = parseArgs(flags, (const char *const[]){ "-v", "1", NULL });
    if (err == NULL) {
        t_error(t, "expected error; got none");
    } else if (strstr(go_error_Error(err), "test error") == NULL) {
        t_errorf(t, "error should contain \"test error\"; got \"%s\"", go_error_Error(err));
    }
    go_error_free(err);
    flag_FlagSet_free(flags);
}

// boolFlagVar is flag_test.go's user-defined boolean flag type.
typedef struct boolFlagVar {
    go_int count;
} boolFlagVar;

static char *boolFlagVar_String(const void *recv) {
    const boolFlagVar *b = recv;
    return runtime_sprintf("%lld", b != NULL ? (long long)b->count : 0LL);
}

static go_error *boolFlagVar_Set(void *recv, const char *value) {
    boolFlagVar *b = recv;
    if (strcmp(value, "true") == 0) {
        b->count++;
    }
    return NULL;
}

static bool boolFlagVar_IsBoolFlag(const void *recv) {
    const boolFlagVar *b = recv;
    return b->count < 4;
}

static const flag_Value boolFlagVarValue = { NULL, boolFlagVar_String, boolFlagVar_Set,
                                             boolFlagVar_IsBoolFlag };

void TestUserDefinedBool(T *t) {
    flag_FlagSet *flags = flag_NewFlagSet("", flag_ContinueOnError);
    flag_FlagSet_Init(flags, "test", flag_ContinueOnError);
    flag_FlagSet_SetOutput(flags, discard());
    boolFlagVar b = { 0 };
    flag_Value v = boolFlagVarValue;
    v.recv = &b;
    flag_FlagSet_Var(flags, v, "b", "usage");
    go_error *err = parseArgs(flags, (const char *const[]){ "-b", "-b", "-b", "-b=true", "-b=false",
                                                            "-b", "barg", "-b", NULL });
    if (err != NULL) {
        if (b.count < 4) {
            t_error(t, go_error_Error(err));
        }
    }
    if (b.count != 4) {
        t_errorf(t, "want: %d; got: %lld", 4, (long long)b.count);
    }
    if (err == NULL) {
        t_error(t, "expected error; got none");
    }
    go_error_free(err);
    flag_FlagSet_free(flags);
}

void TestSetOutput(T *t) {
    flag_FlagSet *flags = flag_NewFlagSet("", flag_ContinueOnError);
    buffer buf;
    buffer_open(&buf);
    flag_FlagSet_SetOutput(flags, buf.f);
    flag_FlagSet_Init(flags, "test", flag_ContinueOnError);
    go_error_free(parseArgs(flags, (const char *const[]){ "-unknown", NULL }));
    if (strstr(buffer_string(&buf), "-unknown") == NULL) {
        t_logf(t, "expected output mentioning unknown; got \"%s\"", buffer_string(&buf));
    }
    buffer_close(&buf);
    flag_FlagSet_free(flags);
}

// Test that -help invokes the usage message and returns ErrHelp.
void TestHelp(T *t) {
    bool helpCalled = false;
    flag_FlagSet *fs = flag_NewFlagSet("help test", flag_ContinueOnError);
    flag_FlagSet_SetUsage(fs, setCalled, &helpCalled);
    bool flag;
    flag_FlagSet_BoolVar(fs, &flag, "flag", false, "regular flag");
    // Regular flag invocation should work
    go_error *err = parseArgs(fs, (const char *const[]){ "-flag=true", NULL });
    if (err != NULL) {
        t_fatalf(t, "expected no error; got %s", go_error_Error(err));
    }
    if (!flag) {
        t_error(t, "flag was not set by -flag");
    }
    if (helpCalled) {
        t_error(t, "help called for regular flag");
        helpCalled = false; // reset for next test
    }
    // Help flag should work as expected.
    err = parseArgs(fs, (const char *const[]){ "-help", NULL });
    if (err == NULL) {
        t_fatal(t, "error expected");
    }
    if (!errors_IsType(err, &flag_ErrHelp)) {
        t_fatalf(t, "expected ErrHelp; got %s", go_error_Error(err));
    }
    if (strcmp(go_error_Error(err), "flag: help requested") != 0) {
        t_errorf(t, "got %s, want %s", go_error_Error(err), "flag: help requested");
    }
    go_error_free(err);
    if (!helpCalled) {
        t_fatal(t, "help was not called");
    }
    // If we define a help flag, that should override.
    bool help;
    flag_FlagSet_BoolVar(fs, &help, "help", false, "help flag");
    helpCalled = false;
    err = parseArgs(fs, (const char *const[]){ "-help", NULL });
    if (err != NULL) {
        t_fatalf(t, "expected no error for defined -help; got %s", go_error_Error(err));
    }
    if (helpCalled) {
        t_fatal(t, "help was called; should not have been for defined help flag");
    }
    flag_FlagSet_free(fs);
}

// printDefaultsSet is golden/vectors/flag/main.go's: TestPrintDefaults' set
// without the Float64 and zeroPanicker rows.
static void printDefaultsSet(flag_FlagSet *fs, flagVar *list) {
    flag_FlagSet_Bool(fs, "A", false, "for bootstrapping, allow 'any' type");
    flag_FlagSet_Bool(fs, "Alongflagname", false, "disable bounds checking");
    flag_FlagSet_Bool(fs, "C", true, "a boolean defaulting to true");
    flag_FlagSet_String(fs, "D", "", "set relative `path` for local imports");
    flag_FlagSet_String(fs, "E", "0", "issue 23543");
    flag_FlagSet_String(fs, "M", "", "a multiline\nhelp\nstring");
    flag_FlagSet_Int(fs, "N", 27, "a non-zero int");
    flag_FlagSet_Bool(fs, "O", true, "a flag\nmultiline help string");
    flag_FlagSet_Var(fs, (flag_Value){ list, flagVar_String, flagVar_Set, NULL }, "V",
                     "a `list` of strings");
    flag_FlagSet_Int(fs, "Z", 0, "an int that defaults to zero");
    flag_FlagSet_Duration(fs, "maxT", 0, "set `timeout` for dial");
}

static const char defaultOutput[] =
#include "golden/vectors/flag/print_defaults.inc"
        ;

void TestPrintDefaults(T *t) {
    flag_FlagSet *fs = flag_NewFlagSet("print defaults test", flag_ContinueOnError);
    buffer buf;
    buffer_open(&buf);
    flag_FlagSet_SetOutput(fs, buf.f);
    flagVar list = { { "a", "b" }, 2 };
    printDefaultsSet(fs, &list);
    flag_FlagSet_PrintDefaults(fs);
    const char *got = buffer_string(&buf);
    if (strcmp(got, defaultOutput) != 0) {
        char *qgot = strconv_Quote(got, strlen(got));
        char *qwant = strconv_Quote(defaultOutput, strlen(defaultOutput));
        t_errorf(t, "got:\n%s\nwant:\n%s", qgot, qwant);
        free(qgot);
        free(qwant);
    }
    buffer_close(&buf);
    flag_FlagSet_free(fs);
}

void TestParseError(T *t) {
    static const char *const types[] = { "bool", "int", "int64", "uint", "uint64", "duration" };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        flag_FlagSet *fs = flag_NewFlagSet("parse error test", flag_ContinueOnError);
        flag_FlagSet_SetOutput(fs, discard());
        flag_FlagSet_Bool(fs, "bool", false, "");
        flag_FlagSet_Int(fs, "int", 0, "");
        flag_FlagSet_Int64(fs, "int64", 0, "");
        flag_FlagSet_Uint(fs, "uint", 0, "");
        flag_FlagSet_Uint64(fs, "uint64", 0, "");
        flag_FlagSet_Duration(fs, "duration", 0, "");
        // Strings cannot give errors.
        char *arg = runtime_sprintf("-%s=x", types[i]);
        go_error *err = parseArgs(fs, (const char *const[]){ arg, NULL });
        if (err == NULL) {
            t_errorf(t, "Parse([\"%s\"])=<nil>; expected parse error", arg);
        } else if (strstr(go_error_Error(err), "invalid") == NULL ||
                   strstr(go_error_Error(err), "parse error") == NULL) {
            t_errorf(t, "Parse([\"%s\"])=%s; expected parse error", arg, go_error_Error(err));
        }
        go_error_free(err);
        free(arg);
        flag_FlagSet_free(fs);
    }
}

void TestRangeError(T *t) {
    static const char *const bad[] = {
        "-int=123456789012345678901",
        "-int64=123456789012345678901",
        "-uint=123456789012345678901",
        "-uint64=123456789012345678901",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        flag_FlagSet *fs = flag_NewFlagSet("parse error test", flag_ContinueOnError);
        flag_FlagSet_SetOutput(fs, discard());
        flag_FlagSet_Int(fs, "int", 0, "");
        flag_FlagSet_Int64(fs, "int64", 0, "");
        flag_FlagSet_Uint(fs, "uint", 0, "");
        flag_FlagSet_Uint64(fs, "uint64", 0, "");
        // Strings cannot give errors, and bools and durations do not return strconv.NumError.
        go_error *err = parseArgs(fs, (const char *const[]){ bad[i], NULL });
        if (err == NULL) {
            t_errorf(t, "Parse([\"%s\"])=<nil>; expected range error", bad[i]);
        } else if (strstr(go_error_Error(err), "invalid") == NULL ||
                   strstr(go_error_Error(err), "value out of range") == NULL) {
            t_errorf(t, "Parse([\"%s\"])=%s; expected range error", bad[i], go_error_Error(err));
        }
        go_error_free(err);
        flag_FlagSet_free(fs);
    }
}

// durationOrCountFlag is testing/benchmark.go's, the custom value testing
// uses for -test.fuzztime and -test.fuzzminimizetime.
typedef struct durationOrCountFlag {
    time_Duration d;
    go_int n;
    bool allowZero;
} durationOrCountFlag;

static char *durationOrCountFlag_String(const void *recv) {
    const durationOrCountFlag *f = recv;
    if (f != NULL && f->n > 0) {
        return runtime_sprintf("%lldx", (long long)f->n);
    }
    return time_Duration_String(f != NULL ? f->d : 0);
}

static go_error *durationOrCountFlag_Set(void *recv, const char *s) {
    durationOrCountFlag *f = recv;
    size_t n = strlen(s);
    if (n > 0 && s[n - 1] == 'x') {
        int64_t c;
        go_error *err = strconv_ParseInt(s, n - 1, 10, 0, &c);
        if (err != NULL || c < 0 || (!f->allowZero && c == 0)) {
            go_error_free(err);
            return fmt_Errorf(NULL, "invalid count");
        }
        *f = (durationOrCountFlag){ .n = c };
        return NULL;
    }
    time_Duration d;
    go_error *err = time_ParseDuration(s, n, &d);
    if (err != NULL || d < 0 || (!f->allowZero && d == 0)) {
        go_error_free(err);
        return fmt_Errorf(NULL, "invalid duration");
    }
    *f = (durationOrCountFlag){ .d = d };
    return NULL;
}

// testingFlags is the storage golden/vectors/flag/main.go's testingSet
// defines beside the flag set's own.
typedef struct testingFlags {
    durationOrCountFlag fuzztime, fuzzminimizetime;
    boolFlagVar b;
} testingFlags;

static go_error *funcFlag(void *ctx, const char *s) {
    (void)ctx;
    if (strcmp(s, "bad") == 0) {
        return fmt_Errorf(NULL, "test error");
    }
    return NULL;
}

// testingSet is golden/vectors/flag/main.go's testingSet.
static void testingSet(flag_FlagSet *fs, testingFlags *tf) {
    flag_FlagSet_Bool(fs, "test.v", false, "verbose: print additional output");
    flag_FlagSet_Uint(fs, "test.count", 1, "run tests and benchmarks `n` times");
    flag_FlagSet_String(fs, "test.run", "", "run only tests and examples matching `regexp`");
    flag_FlagSet_Duration(fs, "test.timeout", 0,
                          "panic test binary after duration `d` (default 0, timeout disabled)");
    flag_FlagSet_Int(fs, "test.parallel", 2, "run at most `n` tests in parallel");
    flag_FlagSet_String(fs, "test.shuffle", "off",
                        "randomize the execution order of tests and benchmarks");
    tf->fuzztime = (durationOrCountFlag){ 0 };
    flag_FlagSet_Var(fs,
                     (flag_Value){ &tf->fuzztime, durationOrCountFlag_String,
                                   durationOrCountFlag_Set, NULL },
                     "test.fuzztime", "time to spend fuzzing; default is to run indefinitely");
    tf->fuzzminimizetime =
            (durationOrCountFlag){ .d = 60 * INT64_C(1000000000), .allowZero = true };
    flag_FlagSet_Var(fs,
                     (flag_Value){ &tf->fuzzminimizetime, durationOrCountFlag_String,
                                   durationOrCountFlag_Set, NULL },
                     "test.fuzzminimizetime",
                     "time to spend minimizing a value after finding a failing input");
    flag_FlagSet_Int64(fs, "i64", -5, "an int64 with a `lone back quote");
    flag_FlagSet_Uint64(fs, "u64", 0, "a uint64");
    flag_FlagSet_Duration(fs, "d", 90 * INT64_C(60000000000), "a non-zero duration");
    flag_FlagSet_String(fs, "s", "say \"h\303\251\"\t", "a string with quotes");
    flag_FlagSet_Func(fs, "test.func", "a func flag: `fails` on \"bad\"", funcFlag, NULL);
    tf->b = (boolFlagVar){ 0 };
    flag_Value bv = boolFlagVarValue;
    bv.recv = &tf->b;
    flag_FlagSet_Var(fs, bv, "b", "a user-defined boolean");
    flag_FlagSet_Bool(fs, "\303\251", false, "a one-rune name of two bytes");
}

static const char usageOutput[] =
#include "golden/vectors/flag/usage_output.inc"
        ;

// ctest: TestUsageOutput re-runs Go's test binary; this checks fs.Usage()
// for a testing-shaped set against Go's output instead.
void TestUsageOutput(T *t) {
    flag_FlagSet *fs = flag_NewFlagSet("test", flag_ContinueOnError);
    buffer buf;
    buffer_open(&buf);
    flag_FlagSet_SetOutput(fs, buf.f);
    testingFlags tf;
    testingSet(fs, &tf);
    flag_FlagSet_Usage(fs);
    const char *got = buffer_string(&buf);
    if (strcmp(got, usageOutput) != 0) {
        t_errorf(t, "got:\n%s\nwant:\n%s", got, usageOutput);
    }
    buffer_close(&buf);
    flag_FlagSet_free(fs);
}

static const struct {
    const char *const *args;
    const char *output; // all the set printed
    const char *err;    // Parse's error, or NULL
    const char *rest;   // Args(), joined by \n
    const char *values; // "name=value;" for each flag, sorted
    const char *set;    // "name;" for each flag Visit sees
} parseTests[] = {
#include "golden/vectors/flag/parse_tests.inc"
};

// visitValue and visitName append a flag's "name=value;" or "name;".
static void visitValue(void *ctx, flag_Flag *flag) {
    FILE *w = ctx;
    char *v = flag->Value.String(flag->Value.recv);
    fprintf(w, "%s=%s;", flag->Name, v);
    free(v);
}

static void visitName(void *ctx, flag_Flag *flag) {
    fprintf(ctx, "%s;", flag->Name);
}

// ctest: Go has no such table; these rows check Parse's syntax, its error
// texts, Args, Visit and every flag's value against what Go 1.19.8 did for
// the same command lines (golden/vectors/flag).
void TestParseGoVectors(T *t) {
    for (size_t i = 0; i < sizeof parseTests / sizeof parseTests[0]; i++) {
        flag_FlagSet *fs = flag_NewFlagSet("test", flag_ContinueOnError);
        buffer out, values, set;
        buffer_open(&out);
        buffer_open(&values);
        buffer_open(&set);
        flag_FlagSet_SetOutput(fs, out.f);
        testingFlags tf;
        testingSet(fs, &tf);
        const char *first = parseTests[i].args[0] != NULL ? parseTests[i].args[0] : "";
        go_error *err = parseArgs(fs, parseTests[i].args);
        if (strcmp(buffer_string(&out), parseTests[i].output) != 0) {
            t_errorf(t, "%zu (%s...): output: got \"%s\", want \"%s\"", i, first,
                     buffer_string(&out), parseTests[i].output);
        }
        if ((err == NULL) != (parseTests[i].err == NULL) ||
            (err != NULL && strcmp(go_error_Error(err), parseTests[i].err) != 0)) {
            t_errorf(t, "%zu (%s...): err: got %s, want %s", i, first, go_error_Error(err),
                     parseTests[i].err != NULL ? parseTests[i].err : "<nil>");
        }
        go_int n;
        char **rest = flag_FlagSet_Args(fs, &n);
        buffer r;
        buffer_open(&r);
        for (go_int j = 0; j < n; j++) {
            fprintf(r.f, "%s%s", j > 0 ? "\n" : "", rest[j]);
        }
        if (strcmp(buffer_string(&r), parseTests[i].rest) != 0) {
            t_errorf(t, "%zu (%s...): Args: got \"%s\", want \"%s\"", i, first, buffer_string(&r),
                     parseTests[i].rest);
        }
        flag_FlagSet_VisitAll(fs, visitValue, values.f);
        if (strcmp(buffer_string(&values), parseTests[i].values) != 0) {
            t_errorf(t, "%zu (%s...): values: got \"%s\", want \"%s\"", i, first,
                     buffer_string(&values), parseTests[i].values);
        }
        flag_FlagSet_Visit(fs, visitName, set.f);
        if (strcmp(buffer_string(&set), parseTests[i].set) != 0) {
            t_errorf(t, "%zu (%s...): Visit: got \"%s\", want \"%s\"", i, first,
                     buffer_string(&set), parseTests[i].set);
        }
        go_error_free(err);
        buffer_close(&r);
        buffer_close(&out);
        buffer_close(&values);
        buffer_close(&set);
        flag_FlagSet_free(fs);
    }
}
