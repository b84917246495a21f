// flag_test.c: fuzzes the flag parser, Go's package flag
// (internal/std/flag.c, compiled into this package: see rename.h), which
// reads a test binary's -test.* flags and the driver's. The input is a
// command line, one argument a line, parsed by a flag set with one flag
// of each kind flag.c defines. The seeds are command lines of go1.19.8
// flag_test.go (TestParse, TestUserDefined, TestHelp and the like).
//
//ctest:cflags -include ${SRCDIR}/rename.h
#define _POSIX_C_SOURCE 200809L // open_memstream

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/selffuzz/selffuzz.h"
#include "internal/std/std.h"
#include "testing/testing.h"

// acceptAll is the func flag's function: any value is one.
static go_error *acceptAll(void *ctx, const char *s) {
    (void)ctx;
    (void)s;
    return NULL;
}

// newSet returns the flag set under test, writing to out.
static flag_FlagSet *newSet(FILE *out) {
    flag_FlagSet *fs = flag_NewFlagSet("fuzz", flag_ContinueOnError);
    flag_FlagSet_SetOutput(fs, out);
    flag_FlagSet_Bool(fs, "bool", false, "bool value");
    flag_FlagSet_Bool(fs, "bool2", true, "bool2 value");
    flag_FlagSet_Int(fs, "int", 0, "int value");
    flag_FlagSet_Int64(fs, "int64", 0, "int64 value");
    flag_FlagSet_Uint(fs, "uint", 0, "uint value");
    flag_FlagSet_Uint64(fs, "uint64", 0, "uint64 value");
    flag_FlagSet_String(fs, "string", "0", "string value");
    flag_FlagSet_Duration(fs, "duration", 0, "a `time` value");
    flag_FlagSet_Func(fs, "func", "func value", acceptAll, NULL);
    return fs;
}

// splitArgs splits s at each newline and NUL into *argc arguments
// (the caller frees the array and its first element, which holds them all).
static char **splitArgs(go_string s, int *argc) {
    char *buf = runtime_malloc(s.len + 1);
    if (s.len > 0) {
        memcpy(buf, s.ptr, s.len);
    }
    buf[s.len] = '\0';
    size_t n = 1;
    for (size_t i = 0; i < s.len; i++) {
        n += s.ptr[i] == '\n' || s.ptr[i] == '\0';
    }
    char **argv = runtime_calloc(n, sizeof *argv);
    argv[0] = buf;
    size_t k = 1;
    for (size_t i = 0; i < s.len; i++) {
        if (buf[i] == '\n' || buf[i] == '\0') {
            buf[i] = '\0';
            argv[k++] = buf + i + 1;
        }
    }
    *argc = (int)n;
    return argv;
}

// setFlags collects the flags Visit gives into a list.
typedef struct setFlags {
    flag_Flag *flag[16];
    size_t n;
} setFlags;

static void collect(void *ctx, flag_Flag *flag) {
    setFlags *s = ctx;
    if (s->n < sizeof s->flag / sizeof s->flag[0]) {
        s->flag[s->n] = flag;
    }
    s->n++;
}

// checkParsed checks a successful parse of argv: the arguments left are
// the tail of argv, after the flags and a "--" that ends them, and each
// flag set takes its own text back, as Set of what String wrote.
static void checkParsed(T *t, flag_FlagSet *fs, int argc, char **argv) {
    go_int nargs;
    char **args = flag_FlagSet_Args(fs, &nargs);
    if (!flag_FlagSet_Parsed(fs) || nargs < 0 || nargs > argc || args != argv + (argc - nargs)) {
        t_errorf(t, "after Parse: Parsed %d, %d arguments left of %d, not argv's tail",
                 flag_FlagSet_Parsed(fs), (int)nargs, argc);
        return;
    }
    int used = argc - (int)nargs;
    if (nargs > 0) {
        const char *a = args[0];
        bool endsFlags = a[0] != '-' || strlen(a) < 2;
        bool afterDashes = used > 0 && strcmp(argv[used - 1], "--") == 0;
        if (!endsFlags && !afterDashes) {
            t_errorf(t, "Parse stopped at the flag %s", a);
        }
    }
    setFlags set = { 0 };
    flag_FlagSet_Visit(fs, collect, &set);
    if ((go_int)set.n != flag_FlagSet_NFlag(fs) || set.n > sizeof set.flag / sizeof set.flag[0]) {
        t_errorf(t, "Visit gave %zu flags, NFlag says %d", set.n, (int)flag_FlagSet_NFlag(fs));
        return;
    }
    for (size_t i = 0; i < set.n; i++) {
        flag_Flag *fl = set.flag[i];
        char *s = fl->Value.String(fl->Value.recv);
        go_error *err = flag_FlagSet_Set(fs, fl->Name, s);
        char *again = fl->Value.String(fl->Value.recv);
        if (err != NULL) {
            t_errorf(t, "-%s: Set(%s) of its own String: %s", fl->Name, s, go_error_Error(err));
        } else if (strcmp(s, again) != 0) {
            t_errorf(t, "-%s: Set(%s) of its own String, then String = %s", fl->Name, s, again);
        }
        go_error_free(err);
        free(s);
        free(again);
    }
}

// checkFailed checks what a failed parse wrote: the error's text, then
// the usage (Go's failf); for -h or -help, only the usage.
static void checkFailed(T *t, go_error *err, const char *out) {
    const char *msg = go_error_Error(err);
    bool help = errors_IsType(err, &flag_ErrHelp);
    if (help && strcmp(msg, "flag: help requested") != 0) {
        t_errorf(t, "ErrHelp's text is %s", msg);
    }
    size_t n = help ? 0 : strlen(msg);
    static const char usage[] = "Usage of fuzz:\n";
    if (strncmp(out, msg, n) != 0 || (n > 0 && out[n] != '\n') ||
        strncmp(out + n + (n > 0), usage, strlen(usage)) != 0) {
        t_errorf(t, "Parse failed with %s, and wrote:\n%s", msg, out);
    }
}

static void fuzzFlagParse(T *t, go_string cmdline) {
    char *out = NULL;
    size_t outLen = 0;
    FILE *w = open_memstream(&out, &outLen);
    if (w == NULL) {
        t_fatalf(t, "open_memstream failed");
    }
    flag_FlagSet *fs = newSet(w);
    int argc;
    char **argv = splitArgs(cmdline, &argc);
    go_error *err = flag_FlagSet_Parse(fs, argc, argv);
    fflush(w);
    if (err == NULL) {
        checkParsed(t, fs, argc, argv);
    } else {
        checkFailed(t, err, out);
        go_error_free(err);
    }
    flag_FlagSet_free(fs);
    fclose(w);
    free(out);
    free(argv[0]);
    free(argv);
}

// flagSeeds are FuzzFlagParse's seeds.
static const char *const flagSeeds[] = {
    // TestParse's command line, and its variations.
    ("-bool\n-bool2=true\n--int\n22\n--int64\n0x23\n-uint\n24\n--uint64\n25\n-string\nhello\n"
     "-duration=2m\nextra"),
    "-bool=false\n-int=-1\n-uint64=18446744073709551615\n-duration\n1h2m3.5s\n--\n-int=1",
    "-func\nx\n-func=\n-string=\n-",
    // Errors.
    "-int=x",
    "-uint=-1",
    "-int64=99999999999999999999",
    "-bool=maybe",
    "-duration=1d",
    "-nosuch",
    "--",
    "---int=1",
    "-=x",
    "-int",
    "-h",
    "--help",
    "-help=1",
    // Arguments, no flags.
    "",
    "x\n-int=1",
    "-\n-int=1",
};

void FuzzFlagParse(F *f) {
    selffuzz_addSeeds(f, flagSeeds, sizeof flagSeeds / sizeof flagSeeds[0], GO_STRING);
    f_fuzz(f, fuzzFlagParse, GO_STRING);
}
