// (none) ctest's own: the main of a -fuzzengine=replay build. It runs the
// fuzz test on the inputs it is given, files and the files of directories,
// as libFuzzer runs the files it is given and as OSS-Fuzz's standalone
// reproducer does, with no engine (external.c runs each input). So that an
// input fails here with the cause it has in every other mode, the main
// keeps what libFuzzer's runtime keeps, with libFuzzer's flags and
// defaults:
//   - a deadly signal (SIGSEGV, SIGABRT, ...) is reported as a crash of a
//     test binary is (crash.c): the test's "--- FAIL" line and output, the
//     signal and the stack, and the process dies of it;
//   - exit(0) inside the fuzz function panics, as it does in ctest's own
//     runs (-test.paniconexit0, testlog.c), which fails the input;
//   - -timeout=N (seconds, default 1200): an input that runs longer ends
//     the process with libFuzzer's -timeout_exitcode, 70;
//   - -rss_limit_mb=N (default 2048): a peak resident set of more than N
//     MB, seen while an input runs, ends the process with libFuzzer's
//     out-of-memory status, 71;
//   - -malloc_limit_mb=N (default 0: -rss_limit_mb's): one allocation of
//     more than N MB while an input runs is reported as ctest's fuzzing
//     reports one (internal/fuzz/memlimit.c, which names ctest's flag,
//     -test.fuzzmalloclimit), status 2.
// 0 turns a limit off. Any other flag is an engine's, which OSS-Fuzz's
// scripts pass to every build: it is ignored, with a line that says so.
//
// The limits are ctest's engine's, which a replay build links, as a test
// binary does (a libFuzzer build links ctest_noengine instead, and
// libFuzzer keeps its limits itself): this file, linked only when the
// generated main calls testing_FuzzerReplay, uses internal/fuzz directly
// rather than through testdeps.c, which both builds link. One thread, a
// fuzz worker's watchdog (watchdog.c), times each input and, at each of
// its looks, reads the peak resident set (getrusage, as libFuzzer does);
// when a limit is passed, it has the main thread, which runs the input,
// take its stack, so that the stack the watchdog prints is the input's.
#include <dirent.h>
#include <errno.h>
#include <execinfo.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "internal/fuzz/memlimit.h"
#include "internal/fuzz/watchdog.h"
#include "testing/internal.h"

enum {
    // libFuzzer's exit statuses: -timeout_exitcode's default, and the one
    // of an out-of-memory.
    timeoutExitCode = 70,
    oomExitCode = 71,
    maxLimitFrames = 64,
};

// The flags of libFuzzer's that this main keeps, with libFuzzer's
// defaults: seconds, and megabytes.
static int64_t timeoutFlag = 1200, rssLimitFlag = 2048, mallocLimitFlag = 0;

static const struct {
    const char *name;
    int64_t *value;
} limitFlags[] = {
    { "timeout", &timeoutFlag },
    { "rss_limit_mb", &rssLimitFlag },
    { "malloc_limit_mb", &mallocLimitFlag },
};
enum { nLimitFlags = sizeof limitFlags / sizeof limitFlags[0] };

// watch times each input's run (watchdog.c) and, at each look, checks the
// peak resident set (checkRSS).
static fuzz_watchdog watch;

// mainThread runs the inputs; a limit's report shows its stack.
static pthread_t mainThread;

// passedTimeout and passedRSS name the limit passed, for the report.
enum { passedTimeout = 1, passedRSS };

// parseFlag sets the limit that arg, "-name=N", names, and ignores, with a
// line that says so, a flag of another name. It returns false, having
// said why, when N is not an integer.
static bool parseFlag(const char *arg) {
    const char *eq = strchr(arg, '=');
    for (size_t i = 0; eq != NULL && i < nLimitFlags; i++) {
        const char *name = limitFlags[i].name;
        size_t n = strlen(name);
        if ((size_t)(eq - arg) != n + 1 || strncmp(arg + 1, name, n) != 0) {
            continue;
        }
        go_error *err = strconv_ParseInt(eq + 1, strlen(eq + 1), 10, 64, limitFlags[i].value);
        if (err != NULL) {
            char *q = strconv_Quote(eq + 1, strlen(eq + 1));
            fprintf(stderr, "invalid value %s for flag -%s: %s\n", q, name, go_error_Error(err));
            free(q);
            go_error_free(err);
            return false;
        }
        return true;
    }
    fprintf(stderr, "INFO: ignoring flag %s: this binary only replays inputs\n", arg);
    return true;
}

// The main thread's stack when a limit was passed: the SIGALRM handler
// takes it (limitPcs, nLimitPcs, limitGoid), then sets stackTaken; the
// watchdog's thread prints the report from it.
static void *limitPcs[maxLimitFrames];
static int nLimitPcs, limitGoid;
static int stackTaken; // atomic

// onLimit, on the main thread, takes the stack of the input that passed
// a limit, for the watchdog to print, and waits for the watchdog to end
// the process. It does no more: the input may have been stopped inside
// malloc, holding its lock, and printing the report allocates.
static void onLimit(int sig) {
    (void)sig;
    nLimitPcs = backtrace(limitPcs, maxLimitFrames);
    limitGoid = testing_goid();
    __atomic_store_n(&stackTaken, 1, __ATOMIC_SEQ_CST);
    for (;;) {
        pause();
    }
}

// printLimit prints the report of the limit what, passed (figure: how
// long the input ran, in seconds, or its peak resident set, in MB), with
// the stack onLimit took when withStack, and ends the process with
// libFuzzer's status for that limit.
static _Noreturn void printLimit(int what, int64_t figure, bool withStack) {
    if (withStack) {
        testing_printCrashFail();
    }
    if (what == passedTimeout) {
        if (withStack) {
            dprintf(2,
                    "ALARM: working on the last Unit for %" PRId64 " seconds\n"
                    "       and the timeout value is %" PRId64 " (use -timeout=N to change)\n",
                    figure, timeoutFlag);
        }
        dprintf(2, "==%d== ERROR: ctest: timeout after %" PRId64 " seconds\n", (int)getpid(),
                figure);
    } else {
        dprintf(2,
                "==%d== ERROR: ctest: out-of-memory (used: %" PRId64 "Mb; limit: %" PRId64 "Mb)\n",
                (int)getpid(), figure, rssLimitFlag);
        if (withStack) {
            dprintf(2, "   To change the out-of-memory limit use -rss_limit_mb=<N>\n");
        }
    }
    if (withStack) {
        // Skip onLimit and the kernel's signal frame.
        int skip = nLimitPcs > 2 ? 2 : nLimitPcs;
        dprintf(2, "goroutine %d [running]:\n", limitGoid);
        testing_printFrames(2, limitPcs + skip, nLimitPcs - skip);
    }
    dprintf(2, "SUMMARY: ctest: %s\n", what == passedTimeout ? "timeout" : "out-of-memory");
    _exit(what == passedTimeout ? timeoutExitCode : oomExitCode);
}

// passLimit, on the watchdog's thread, reports the limit what, passed,
// and ends the process. The report shows the main thread's stack when the
// main thread's handler has taken it within 5 s; it goes without when the
// input blocks the signal.
static _Noreturn void passLimit(int what, int64_t figure) {
    enum { pollMs = 10, waitMs = 5000 };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = onLimit;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    pthread_kill(mainThread, SIGALRM);
    bool taken = false;
    for (int waited = 0; !taken && waited < waitMs; waited += pollMs) {
        struct timespec ts = { 0, pollMs * 1000000L };
        nanosleep(&ts, NULL);
        taken = __atomic_load_n(&stackTaken, __ATOMIC_SEQ_CST) != 0;
    }
    printLimit(what, figure, taken);
}

// onHung is the watchdog's: the input has run past -timeout.
static void onHung(void) {
    int64_t start = fuzz_watchdog_callStart(&watch);
    int64_t ran = start != 0 ? (time_now() - start) / 1000000000 : timeoutFlag;
    passLimit(passedTimeout, ran);
}

// checkRSS is the watchdog's look at the resident set while an input
// runs. It reads the peak, as libFuzzer's limit does (getrusage), not the
// current size that memlimit.c's fuzz_checkRSS reads for a worker's call
// only.
static void checkRSS(void) {
    struct rusage ru;
    if (rssLimitFlag <= 0 || fuzz_watchdog_callStart(&watch) == 0 ||
        getrusage(RUSAGE_SELF, &ru) != 0) {
        return;
    }
    int64_t usedMB = (int64_t)ru.ru_maxrss >> 10; // ru_maxrss is in KB
    if (usedMB > rssLimitFlag && fuzz_watchdog_callStart(&watch) != 0) {
        passLimit(passedRSS, usedMB);
    }
}

// mallocHeader starts the report of an allocation over the limit
// (memlimit.c's, which names ctest's flag) with the test's "--- FAIL" line
// and output, and the flag this binary took the limit from.
static void mallocHeader(void) {
    testing_printCrashFail();
    dprintf(2, "ctest: one allocation passed -malloc_limit_mb=%" PRId64 "%s\n",
            mallocLimitFlag > 0 ? mallocLimitFlag : rssLimitFlag,
            mallocLimitFlag > 0 ? "" : " (-rss_limit_mb's)");
}

// startLimits arms the limits once, when the fuzz test's body has run:
// they hold for the inputs only.
static void startLimits(void) {
    static bool started;
    if (started) {
        return;
    }
    started = true;
    int64_t mallocMB = mallocLimitFlag > 0 ? mallocLimitFlag : rssLimitFlag;
    if (mallocMB > 0) {
        // This thread, which runs every input, is under the limit from
        // now on, as a seed's call is in ctest's runs; reading an input
        // file larger than the limit would pass it too.
        testing_deps_ArmSeedMallocLimit(mallocMB);
        testing_deps_SeedCall();
        fuzz_SetMemLimitHeader(mallocHeader);
    }
    if (timeoutFlag <= 0 && rssLimitFlag <= 0) {
        return;
    }
    watch.limit = timeoutFlag > 0 && timeoutFlag < INT64_MAX / 1000000000 ? timeoutFlag * 1000000000
                                                                          : INT64_MAX;
    watch.hung = onHung;
    watch.tick = checkRSS;
    watch.msg = "ctest: timeout\n"; // onHung does not return
    // backtrace loads its unwinder on first use: now, not in a report.
    void *warm[1];
    backtrace(warm, 1);
    fuzz_watchdog_start(&watch);
}

// replayFile runs the input in the file at path and says so as libFuzzer
// does; it returns false when the file cannot be read. An input that
// fails ends the process.
static bool replayFile(const testing_InternalFuzzTarget *target, const char *path) {
    char *data;
    size_t n;
    go_error *err = os_ReadFile(path, &data, &n);
    if (err != NULL) {
        fprintf(stderr, "%s\n", go_error_Error(err));
        go_error_free(err);
        return false;
    }
    testing_FuzzerInitialize(target); // what the body prints comes first
    startLimits();
    fprintf(stderr, "Running: %s\n", path);
    int64_t start = time_now();
    fuzz_watchdog_enter(&watch, start);
    testing_setPanicOnExit0(true);
    const char *failure = testing_runExternalInput(target, (const uint8_t *)data, n);
    testing_setPanicOnExit0(false);
    fuzz_watchdog_leave(&watch);
    if (failure != NULL) {
        // The abort ends a report already printed: not a crash to report.
        signal(SIGABRT, SIG_DFL);
        testing_abortExternal(failure);
    }
    fprintf(stderr, "Executed %s in %" PRId64 " ms\n", path, (time_now() - start) / 1000000);
    free(data);
    return true;
}

static int compareNames(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

// replayDir runs the inputs of the files in dir, in name order; its
// subdirectories are not read (AFL++'s queue/.state). It returns how many
// inputs it could not read, or -1 when dir cannot be read.
static int replayDir(const testing_InternalFuzzTarget *target, const char *dir) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        return -1;
    }
    size_t n = 0, cap = 0;
    char **names = NULL;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (n == cap) {
            cap = cap > 0 ? 2 * cap : 64;
            names = runtime_realloc(names, cap * sizeof *names);
        }
        names[n++] = runtime_sprintf("%s/%s", dir, de->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, compareNames);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode) && !replayFile(target, names[i])) {
            bad++;
        }
        free(names[i]);
    }
    free(names);
    return bad;
}

// replayArg runs the inputs that arg, a file or a directory, names, and
// returns how many could not be read.
static int replayArg(const testing_InternalFuzzTarget *target, const char *arg) {
    struct stat st;
    if (stat(arg, &st) != 0) {
        fprintf(stderr, "stat %s: %s\n", arg, strerror(errno));
        return 1;
    }
    if (!S_ISDIR(st.st_mode)) {
        return replayFile(target, arg) ? 0 : 1;
    }
    int n = replayDir(target, arg);
    if (n < 0) {
        fprintf(stderr, "open %s: %s\n", arg, strerror(errno));
        return 1;
    }
    return n;
}

int testing_FuzzerReplay(const testing_InternalFuzzTarget *target, int argc, char **argv) {
    // The flags first, wherever they stand, as libFuzzer reads them.
    size_t inputs = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "-help") == 0 ||
            strcmp(argv[i], "--help") == 0) {
            inputs = 0;
            break;
        }
        if (argv[i][0] != '-') {
            inputs++;
        } else if (!parseFlag(argv[i])) {
            return 2;
        }
    }
    if (inputs == 0) {
        fprintf(stderr,
                "usage: %s [-timeout=N] [-rss_limit_mb=N] [-malloc_limit_mb=N] FILE|DIR...\n"
                "runs fuzz test %s on the raw bytes of each FILE and of each file in each DIR\n",
                argc > 0 ? argv[0] : target->Name, target->Name);
        return 2;
    }
    mainThread = pthread_self();
    testing_installCrashReport(false);
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '-') {
            bad += replayArg(target, argv[i]);
        }
    }
    return bad > 0 ? 1 : 0;
}
