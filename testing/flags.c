// Ports go1.19.8 src/testing/testing.go Init, benchmark.go initBenchmarkFlags
// and durationOrCountFlag, fuzz.go initFuzzFlags: the -test.* flags, with
// Go's names, defaults and usage texts, on flag.CommandLine.
//
// Every flag of a Go 1.19 test binary is defined, so that usage output is
// Go's byte for byte; those ctest does not implement are refused when set.
//
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testing/internal.h"
#include "testing/testflags.h"

bool testing_short;
bool testing_failFast;
bool testing_chatty;
go_uint testing_count = 1;
const char *testing_matchList = "";
const char *testing_match = "";
bool testing_panicOnExit0;
time_Duration testing_timeout;
go_int testing_parallel = 1;
const char *testing_matchFuzz = "";
const char *testing_fuzzCacheDir = "";
bool testing_fuzzCacheSeeds;
bool testing_fuzzKeepGoing;
bool testing_fuzzStats;
const char *testing_fuzzMerge = "";
bool testing_isFuzzWorker;
time_Duration testing_fuzzDuration;
go_int testing_fuzzDurationN;
time_Duration testing_minimizeDuration = 60 * 1000000000LL;
go_int testing_minimizeDurationN;
time_Duration testing_fuzzTimeout = 10 * 1000000000LL;
int64_t testing_fuzzRSSLimit = 2048;
int64_t testing_fuzzMallocLimit;

int64_t testing_seedMallocLimit(void) {
    return testing_fuzzMallocLimit > 0 ? testing_fuzzMallocLimit : testing_fuzzRSSLimit;
}

// durationOrCountFlag is benchmark.go's: a duration ("1s") or a count
// ("100x").
typedef struct durationOrCountFlag {
    time_Duration *d;
    go_int *n;
    bool allowZero;
    const char *name; // ctest: the flag's name as the driver takes it, for a hint
} durationOrCountFlag;

static char *durationOrCountFlag_String(const void *recv) {
    const durationOrCountFlag *f = recv;
    if (f == NULL) {
        return runtime_strdup("0s"); // the zero value's text
    }
    if (*f->n > 0) {
        return runtime_sprintf("%" PRId64 "x", *f->n);
    }
    return time_Duration_String(*f->d);
}

static go_error *durationOrCountFlag_Set(void *recv, const char *s) {
    durationOrCountFlag *f = recv;
    size_t len = strlen(s);
    if (len > 0 && s[len - 1] == 'x') {
        int64_t n;
        go_error *err = strconv_ParseInt(s, len - 1, 10, 0, &n);
        if (err != NULL || n < 0 || (!f->allowZero && n == 0)) {
            go_error_free(err);
            return errors_New("invalid count");
        }
        *f->d = 0;
        *f->n = n;
        return NULL;
    }
    time_Duration d;
    go_error *err = time_ParseDuration(s, len, &d);
    if (err != NULL || d < 0 || (!f->allowZero && d == 0)) {
        go_error_free(err);
        if (len > 0 && strspn(s, "0123456789") == len && strspn(s, "0") < len) {
            // ctest: a bare number is the mistake a new user makes.
            testing_hint("-%s=%s has no unit: %ss is a duration, %sx a number of runs", f->name, s,
                         s, s);
        } else {
            testing_hint("-%s takes a duration (10s, 1m30s, 2h) or a number of runs (1000x)",
                         f->name);
        }
        return errors_New("invalid duration");
    }
    *f->d = d;
    *f->n = 0;
    return NULL;
}

static durationOrCountFlag fuzzDuration = { &testing_fuzzDuration, &testing_fuzzDurationN, false,
                                            "fuzztime" };
static durationOrCountFlag minimizeDuration = { &testing_minimizeDuration,
                                                &testing_minimizeDurationN, true,
                                                "fuzzminimizetime" };
static time_Duration benchTimeD = 1000000000LL;
static go_int benchTimeN;
static durationOrCountFlag benchTime = { &benchTimeD, &benchTimeN, false, "benchtime" };

// The flags ctest defines for Go's usage text but does not implement.
// ctest: setting any of them is an error (exit 2).
static const char *const unsupportedFlags[] = {
    "test.bench",
    "test.benchmem",
    "test.benchtime",
    "test.blockprofile",
    "test.blockprofilerate",
    "test.coverprofile",
    "test.cpuprofile",
    "test.memprofile",
    "test.memprofilerate",
    "test.mutexprofile",
    "test.mutexprofilefraction",
    "test.testlogfile",
    "test.trace",
};

static const char *unsupportedSet;

static void findUnsupported(void *ctx, flag_Flag *f) {
    (void)ctx;
    for (size_t i = 0; i < sizeof unsupportedFlags / sizeof unsupportedFlags[0]; i++) {
        if (unsupportedSet == NULL && strcmp(f->Name, unsupportedFlags[i]) == 0) {
            unsupportedSet = f->Name;
        }
    }
}

static const char *shuffle = "off";
// fuzzCmp is -test.fuzzcmp, handed to the engine once parsed.
static bool fuzzCmp = true;
static const char *cpuListStr = "";

void testing_usage(void) {
    flag_FlagSet_Usage(flag_CommandLine());
}

// fuzzDict is -test.fuzzdict: the dictionary files given, whose words the
// engine has (its Set loads each as it is parsed).
static char *fuzzDict;

static char *fuzzDictFlag_String(const void *recv) {
    const char *const *f = recv;
    return runtime_strdup(f != NULL && *f != NULL ? *f : "");
}

static go_error *fuzzDictFlag_Set(void *recv, const char *s) {
    char **f = recv;
    go_error *err = testing_deps_LoadFuzzDict(s);
    if (err == NULL) {
        free(*f);
        *f = runtime_strdup(s);
    }
    return err;
}

// megabytesFlag is -test.fuzzrsslimit's and -test.fuzzmalloclimit's
// value: a count of megabytes, 0 or more, small enough that its bytes fit
// in 64 bits. ctest: not in Go.
static char *megabytesFlag_String(const void *recv) {
    return runtime_sprintf("%" PRId64, recv != NULL ? *(const int64_t *)recv : 0);
}

static go_error *megabytesFlag_Set(void *recv, const char *s) {
    int64_t v;
    go_error *err = strconv_ParseInt(s, strlen(s), 0, 64, &v);
    if (err != NULL) {
        bool isRange = strconv_IsErrRange(err);
        go_error_free(err);
        return errors_New(isRange ? "value out of range" : "parse error");
    }
    if (v < 0) {
        return errors_New("a negative number of megabytes");
    }
    if (v > INT64_MAX >> 20) {
        return errors_New("value out of range");
    }
    *(int64_t *)recv = v;
    return NULL;
}

flag_Value testing_megabytesFlag(int64_t *p) {
    return (flag_Value){ p, megabytesFlag_String, megabytesFlag_Set, NULL };
}

static void defineFlags(flag_FlagSet *fs) {
    // testing.go Init, in Go's order.
    flag_FlagSet_BoolVar(fs, &testing_short, "test.short", false,
                         "run smaller test suite to save time");
    flag_FlagSet_BoolVar(fs, &testing_failFast, "test.failfast", false,
                         "do not start new tests after the first test failure");
    // Only profiles go to -test.outputdir, and the profile flags are
    // refused (unsupportedFlags), so nothing reads it, as in a Go test
    // binary run without them.
    flag_FlagSet_String(fs, "test.outputdir", "", "write profiles to `dir`");
    flag_FlagSet_BoolVar(fs, &testing_chatty, "test.v", false, "verbose: print additional output");
    flag_FlagSet_UintVar(fs, &testing_count, "test.count", 1, "run tests and benchmarks `n` times");
    flag_FlagSet_String(fs, "test.coverprofile", "", "write a coverage profile to `file`");
    flag_FlagSet_StringVar(fs, &testing_matchList, "test.list", "",
                           "list tests, examples, and benchmarks matching `regexp` then exit");
    flag_FlagSet_StringVar(fs, &testing_match, "test.run", "",
                           "run only tests and examples matching `regexp`");
    flag_FlagSet_String(fs, "test.memprofile", "", "write an allocation profile to `file`");
    flag_FlagSet_Int(fs, "test.memprofilerate", 0,
                     "set memory allocation profiling `rate` (see runtime.MemProfileRate)");
    flag_FlagSet_String(fs, "test.cpuprofile", "", "write a cpu profile to `file`");
    flag_FlagSet_String(fs, "test.blockprofile", "",
                        "write a goroutine blocking profile to `file`");
    flag_FlagSet_Int(fs, "test.blockprofilerate", 1,
                     "set blocking profile `rate` (see runtime.SetBlockProfileRate)");
    flag_FlagSet_String(fs, "test.mutexprofile", "",
                        "write a mutex contention profile to the named file after execution");
    flag_FlagSet_Int(fs, "test.mutexprofilefraction", 1,
                     "if >= 0, calls runtime.SetMutexProfileFraction()");
    flag_FlagSet_BoolVar(fs, &testing_panicOnExit0, "test.paniconexit0", false,
                         "panic on call to os.Exit(0)");
    flag_FlagSet_String(fs, "test.trace", "", "write an execution trace to `file`");
    flag_FlagSet_DurationVar(fs, &testing_timeout, "test.timeout", 0,
                             "panic test binary after duration `d` (default 0, timeout disabled)");
    flag_FlagSet_StringVar(fs, &cpuListStr, "test.cpu", "",
                           "comma-separated `list` of cpu counts to run each test with");
    flag_FlagSet_IntVar(fs, &testing_parallel, "test.parallel", testing_gomaxprocs(),
                        "run at most `n` tests in parallel");
    flag_FlagSet_String(fs, "test.testlogfile", "",
                        "write test action log to `file` (for use only by cmd/go)");
    flag_FlagSet_StringVar(fs, &shuffle, "test.shuffle", "off",
                           "randomize the execution order of tests and benchmarks");

    // benchmark.go initBenchmarkFlags.
    flag_FlagSet_String(fs, "test.bench", "", "run only benchmarks matching `regexp`");
    flag_FlagSet_Bool(fs, "test.benchmem", false, "print memory allocations for benchmarks");
    flag_FlagSet_Var(
            fs,
            (flag_Value){ &benchTime, durationOrCountFlag_String, durationOrCountFlag_Set, NULL },
            "test.benchtime", "run each benchmark for duration `d`");

    // fuzz.go initFuzzFlags.
    flag_FlagSet_StringVar(fs, &testing_matchFuzz, "test.fuzz", "",
                           "run the fuzz test matching `regexp`");
    flag_FlagSet_Var(fs,
                     (flag_Value){ &fuzzDuration, durationOrCountFlag_String,
                                   durationOrCountFlag_Set, NULL },
                     "test.fuzztime", "time to spend fuzzing; default is to run indefinitely");
    flag_FlagSet_Var(fs,
                     (flag_Value){ &minimizeDuration, durationOrCountFlag_String,
                                   durationOrCountFlag_Set, NULL },
                     "test.fuzzminimizetime",
                     "time to spend minimizing a value after finding a failing input");
    // ctest: Go's limit on one call of the fuzz function is a fixed 10s.
    flag_FlagSet_DurationVar(fs, &testing_fuzzTimeout, "test.fuzztimeout", testing_fuzzTimeout,
                             "(a ctest extension) time one input may run before fuzzing reports "
                             "it as a hang");
    // ctest: libFuzzer's -rss_limit_mb and -malloc_limit_mb; Go's workers
    // have no memory limit.
    flag_FlagSet_Var(fs, testing_megabytesFlag(&testing_fuzzRSSLimit), "test.fuzzrsslimit",
                     "(a ctest extension) report a fuzz worker whose resident memory passes `MB` "
                     "megabytes as out of memory, with its input (0: no limit)");
    flag_FlagSet_Var(fs, testing_megabytesFlag(&testing_fuzzMallocLimit), "test.fuzzmalloclimit",
                     "(a ctest extension) report one allocation of more than `MB` megabytes by "
                     "the fuzz function as out of memory (0: -test.fuzzrsslimit's)");
    // ctest: Go's mutator does not use the operands of comparisons.
    // GODEBUG=fuzzcmp=0 makes Go's search the default, for a CI job or a
    // script that cannot pass the flag (compat's scenarios of Go's search).
    size_t cmpLen;
    const char *cmp = godebug_Get("fuzzcmp", &cmpLen);
    if (cmpLen == 1 && cmp[0] == '0') {
        fuzzCmp = false;
    }
    flag_FlagSet_BoolVar(fs, &fuzzCmp, "test.fuzzcmp", fuzzCmp,
                         "(a ctest extension) search beyond Go: feed the values the fuzz "
                         "target compares (==, switch, memcmp, strcmp, ...) to the mutator, "
                         "cross inputs over, fuzz new inputs first; false searches exactly "
                         "as Go does");
    // ctest: libFuzzer's -dict; Go's mutator has no dictionary.
    flag_FlagSet_Var(fs, (flag_Value){ &fuzzDict, fuzzDictFlag_String, fuzzDictFlag_Set, NULL },
                     "test.fuzzdict",
                     "(a ctest extension) add the words of dictionary `file` (libFuzzer's "
                     "and AFL's format) to the mutator's; with -test.fuzzcmp");
    // ctest: Go's plain test runs never read the cache.
    flag_FlagSet_BoolVar(fs, &testing_fuzzCacheSeeds, "test.fuzzcacheseeds", false,
                         "(a ctest extension) run the inputs of the fuzz cache "
                         "(-test.fuzzcachedir) as seeds too, as with -cover to see what "
                         "fuzzing reached");
    // ctest: Go stops at the first crasher (Go #75967 asks for this).
    flag_FlagSet_BoolVar(fs, &testing_fuzzKeepGoing, "test.fuzzkeepgoing", false,
                         "(a ctest extension) go on fuzzing after a crash: write one "
                         "minimized crasher for each distinct cause, and list them at the end");
    // ctest: libFuzzer's users look for coverage, corpus size and memory
    // in its status lines; Go's say none of these.
    flag_FlagSet_BoolVar(fs, &testing_fuzzStats, "test.fuzzstats", false,
                         "(a ctest extension) add coverage bits, corpus size, crashes and the "
                         "workers' memory to fuzzing's progress lines; with -test.fuzzcmp");
    // ctest: ctest corpus measures each input's coverage with it; Go has
    // no corpus minimization.
    flag_FlagSet_StringVar(fs, &testing_fuzzMerge, "test.fuzzmerge", "",
                           "(a ctest extension) with -test.fuzz, run the inputs that control "
                           "`file` lists and record each one's coverage in it (for use only "
                           "by ctest corpus)");
    flag_FlagSet_StringVar(
            fs, &testing_fuzzCacheDir, "test.fuzzcachedir", "",
            "directory where interesting fuzzing inputs are stored (for use only by cmd/go)");
    flag_FlagSet_BoolVar(
            fs, &testing_isFuzzWorker, "test.fuzzworker", false,
            "coordinate with the parent process to fuzz random values (for use only by cmd/go)");
}

// testing_cpuList is parseCpuList's result.
go_int *testing_cpuList;
size_t testing_ncpuList;

// parseCpuList is testing.go's: the -test.cpu values, or GOMAXPROCS.
static int parseCpuList(void) {
    const char *s = cpuListStr;
    while (true) {
        const char *comma = strchr(s, ',');
        size_t n = comma == NULL ? strlen(s) : (size_t)(comma - s);
        // strings.TrimSpace
        const char *b = s, *e = s + n;
        while (b < e &&
               (*b == ' ' || *b == '\t' || *b == '\n' || *b == '\r' || *b == '\v' || *b == '\f')) {
            b++;
        }
        while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r' ||
                         e[-1] == '\v' || e[-1] == '\f')) {
            e--;
        }
        if (e > b) {
            int64_t cpu;
            go_error *err = strconv_ParseInt(b, (size_t)(e - b), 10, 0, &cpu);
            if (err != NULL || cpu <= 0) {
                go_error_free(err);
                char *q = strconv_Quote(b, (size_t)(e - b));
                fprintf(stderr, "testing: invalid value %s for -test.cpu\n", q);
                free(q);
                return 1;
            }
            testing_cpuList =
                    runtime_realloc(testing_cpuList, (testing_ncpuList + 1) * sizeof(go_int));
            testing_cpuList[testing_ncpuList++] = cpu;
        }
        if (comma == NULL) {
            break;
        }
        s = comma + 1;
    }
    if (testing_ncpuList == 0) {
        testing_cpuList = runtime_malloc(sizeof(go_int));
        testing_cpuList[testing_ncpuList++] = testing_gomaxprocs();
    }
    return -1;
}

// IS_BOOL_<kind>: whether a flag of that kind of testflags.h takes no value.
#define IS_BOOL_Bool true
#define IS_BOOL_Int false
#define IS_BOOL_Duration false
#define IS_BOOL_Path false
#define IS_BOOL_String false

char *testing_checkPassedFlags(const flag_FlagSet *fs) {
    static const struct {
        const char *name;
        bool isBool;
    } passed[] = {
#define PASSED_FLAG(name, kind) { "test." #name, IS_BOOL_##kind },
        TESTING_PASSED_FLAGS(PASSED_FLAG)
#undef PASSED_FLAG
    };
    for (size_t i = 0; i < sizeof passed / sizeof passed[0]; i++) {
        const flag_Flag *f = flag_FlagSet_Lookup(fs, passed[i].name);
        if (f == NULL) {
            return runtime_sprintf("testing: -%s of testing/testflags.h is not a flag of the "
                                   "test binary",
                                   passed[i].name);
        }
        if ((f->Value.IsBoolFlag != NULL) != passed[i].isBool) {
            return runtime_sprintf("testing: -%s of testing/testflags.h is %sa bool flag in the "
                                   "test binary",
                                   passed[i].name, passed[i].isBool ? "not " : "");
        }
    }
    return NULL;
}

int testing_argc;
char **testing_argv;

int testing_parseFlags(int argc, char **argv) {
    testing_argc = argc;
    testing_argv = argv;
    flag_FlagSet *fs = flag_CommandLine();
    flag_FlagSet_Init(fs, argc > 0 ? argv[0] : "", flag_ExitOnError);
    defineFlags(fs);
    flag_FlagSet_Parse(fs, argc > 0 ? argc - 1 : 0, argv + (argc > 0 ? 1 : 0));

    testing_deps_SetFuzzCmp(fuzzCmp);

    flag_FlagSet_Visit(fs, findUnsupported, NULL);
    if (unsupportedSet != NULL) {
        // ctest: Go's profiling, coverage, benchmark and test-log flags do
        // not exist in ctest.
        fprintf(stderr, "ctest: -%s is not supported by ctest test binaries\n", unsupportedSet);
        return 2;
    }
    if (strcmp(shuffle, "off") != 0) {
        // ctest: -test.shuffle is not implemented yet.
        fprintf(stderr, "ctest: -test.shuffle is not supported by ctest test binaries\n");
        return 2;
    }
    return parseCpuList();
}

bool testing_Short(void) {
    return testing_short;
}

bool testing_Verbose(void) {
    return testing_chatty;
}
