// Ports go1.19.8 src/testing/testing.go: (*M).Run as the generated main
// calls it (testing_Main), runTests, listTests and the -test.timeout alarm
// (startAlarm, stopAlarm).
//
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testing/internal.h"
#include "testing/match.h"

typedef struct testList {
    const testing_InternalTest *tests;
    size_t n;
} testList;

static void runTestFunc(testing_T *t, void *arg) {
    ((void (*)(testing_T *))arg)(t);
}

static void runAllTests(testing_T *t, void *arg) {
    const testList *l = arg;
    for (size_t i = 0; i < l->n; i++) {
        testing_T_Run(t, l->tests[i].Name, runTestFunc, (void *)l->tests[i].F);
    }
}

static void runTests(const testing_InternalTest *tests, size_t ntests, int64_t deadline,
                     bool *ranOut, bool *okOut) {
    bool ok = true, ran = false;
    // ctest: GOMAXPROCS does not exist, so each -test.cpu value only repeats the run.
    for (size_t procs = 0; procs < testing_ncpuList; procs++) {
        for (go_uint i = 0; i < testing_count; i++) {
            if (testing_shouldFailFast()) {
                break;
            }
            if (i > 0 && !ran) {
                // The first pass matched no test; the next ones would match
                // the same none, so -count need not run them.
                break;
            }
            testing_matcher *m =
                    testing_newMatcher(testing_matchString, testing_match, "-test.run");
            testContext *ctx = testing_newTestContext((int)testing_parallel, m);
            ctx->deadline = deadline;
            testing_T *t = runtime_calloc(1, sizeof *t);
            testing_common_init(&t->common);
            t->common.name = runtime_strdup("");
            t->common.barrier = testing_newBarrierChan();
            t->common.w = NULL; // os.Stdout
            t->context = ctx;
            chattyPrinter *chatty = NULL;
            if (testing_chatty) {
                chatty = testing_newChattyPrinter();
                t->common.chatty = chatty;
            }
            testList l = { tests, ntests };
            testing_tRunner(t, runAllTests, &l);
            bool sig;
            if (!testing_boolChan_tryRecv(&t->common.signal, &sig)) {
                go_panic("internal error: tRunner exited without sending on t.signal");
            }
            ok = ok && !testing_common_Failed(&t->common);
            ran = ran || t->common.ran;
            testing_T_free(t);
            testing_testContext_free(ctx);
            testing_matcher_free(m);
            testing_chattyPrinter_free(chatty);
        }
    }
    *ranOut = ran;
    *okOut = ok;
}

static time_Duration alarmTimeout;
// alarmStopped is set by stopAlarm: the watchdog then wakes to nothing, as
// Go's m.timer.Stop() leaves its AfterFunc unrun.
static bool alarmStopped;

static void *alarmThread(void *arg) {
    (void)arg;
    struct timespec ts = { (time_t)(alarmTimeout / 1000000000), (long)(alarmTimeout % 1000000000) };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
    if (__atomic_load_n(&alarmStopped, __ATOMIC_SEQ_CST)) {
        return NULL;
    }
    char *d = time_Duration_String(alarmTimeout);
    fflush(stdout);
    // ctest: the goroutine traces of all goroutines are not printed.
    fprintf(stderr, "panic: test timed out after %s\n\ngoroutine 1 [running]:\n", d);
    fflush(stderr);
    free(d);
    _exit(2);
}

// startAlarm starts the -test.timeout watchdog, if requested, and returns
// the deadline (0: none).
static int64_t startAlarm(void) {
    if (testing_timeout <= 0) {
        return 0;
    }
    alarmTimeout = testing_timeout;
    pthread_t th;
    pthread_create(&th, NULL, alarmThread, NULL);
    pthread_detach(th);
    return testing_now() + testing_timeout;
}

// stopAlarm turns the watchdog off: -test.timeout covers the tests and the
// seed corpus, never fuzzing itself (testing.go's m.stopAlarm before
// runFuzzing).
static void stopAlarm(void) {
    __atomic_store_n(&alarmStopped, true, __ATOMIC_SEQ_CST);
}

static void listTests(const testing_InternalTest *tests, size_t ntests,
                      const testing_InternalFuzzTarget *fuzzTargets, size_t nfuzzTargets) {
    bool matched;
    go_error *err = testing_matchString(testing_matchList, "non-empty", &matched);
    if (err != NULL) {
        char *q = strconv_Quote(testing_matchList, strlen(testing_matchList));
        fprintf(stderr, "testing: invalid regexp in -test.list (%s): %s\n", q, go_error_Error(err));
        exit(1);
    }
    for (size_t i = 0; i < ntests; i++) {
        bool ok = false;
        go_error_free(testing_matchString(testing_matchList, tests[i].Name, &ok));
        if (ok) {
            printf("%s\n", tests[i].Name);
        }
    }
    for (size_t i = 0; i < nfuzzTargets; i++) {
        bool ok = false;
        go_error_free(testing_matchString(testing_matchList, fuzzTargets[i].Name, &ok));
        if (ok) {
            printf("%s\n", fuzzTargets[i].Name);
        }
    }
    fflush(stdout);
}

// run is the part of (*M).Run between m.before and m.after: the tests, the
// seed corpus, then fuzzing. It returns the exit status.
static int run(const testing_InternalTest *tests, size_t ntests,
               const testing_InternalFuzzTarget *fuzzTargets, size_t nfuzzTargets) {
    // Run tests unless this is a fuzz worker process.
    if (!testing_isFuzzWorker) {
        int64_t deadline = startAlarm();
        bool testRan, testOk, fuzzTargetsRan, fuzzTargetsOk;
        runTests(tests, ntests, deadline, &testRan, &testOk);
        testing_runFuzzTests(fuzzTargets, nfuzzTargets, deadline, &fuzzTargetsRan, &fuzzTargetsOk);
        stopAlarm();
        if (!testRan && !fuzzTargetsRan && testing_matchFuzz[0] == '\0') {
            fflush(stdout);
            fprintf(stderr, "testing: warning: no tests to run\n");
        }
        if (!testOk || !fuzzTargetsOk) {
            testing_writeStdout("FAIL\n", 5);
            return 1;
        }
    }

    int exitCode = 0;
    if (!testing_isFuzzWorker && testing_matchFuzz[0] != '\0' && testing_fuzzMerge[0] == '\0') {
        // ctest: -cover with -fuzz reports the -run phase, as Go's does.
        testing_endProfileRunPhase();
    }
    if (!testing_runFuzzing(fuzzTargets, nfuzzTargets, &exitCode)) {
        testing_writeStdout("FAIL\n", 5);
        return exitCode;
    }
    if (!testing_isFuzzWorker) {
        testing_writeStdout("PASS\n", 5);
    }
    return 0;
}

int testing_Main(int argc, char **argv, const testing_InternalTest *tests, size_t ntests,
                 const testing_InternalFuzzTarget *fuzzTargets, size_t nfuzzTargets) {
    testing_initHints(); // ctest: before the flags, whose errors may have one
    int code = testing_parseFlags(argc, argv);
    if (code >= 0) {
        return code;
    }
    if (testing_parallel < 1) {
        fprintf(stderr, "testing: -parallel can only be given a positive integer\n");
        testing_usage();
        return 2;
    }
    if (testing_matchFuzz[0] != '\0' && testing_fuzzCacheDir[0] == '\0') {
        fprintf(stderr, "testing: -test.fuzzcachedir must be set if -test.fuzz is set\n");
        testing_usage();
        return 2;
    }
    // ctest: -test.fuzzmerge runs the inputs of the fuzz test -test.fuzz
    // names (for ctest corpus).
    if (testing_fuzzMerge[0] != '\0' && testing_matchFuzz[0] == '\0') {
        fprintf(stderr, "testing: -test.fuzzmerge needs -test.fuzz to name the fuzz test\n");
        testing_usage();
        return 2;
    }
    if (testing_matchList[0] != '\0') {
        listTests(tests, ntests, fuzzTargets, nfuzzTargets);
        return 0;
    }
    // ctest: a crash names its test; in a fuzz worker the coordinator
    // reports one, with the worker's stderr, where the stack is what tells
    // one crash from another when fuzzing goes on after crashes.
    if (!testing_isFuzzWorker || testing_fuzzKeepGoing) {
        testing_installCrashReport(testing_isFuzzWorker);
    }
    if (testing_isFuzzWorker) {
        testing_discardProfile();
    }
    // ctest: fuzzing's limit on one allocation holds for the seeds too, so
    // that an out-of-memory crasher fuzzing found fails the plain run.
    if (testing_seedMallocLimit() > 0 && testing_matchFuzz[0] == '\0' && !testing_isFuzzWorker) {
        testing_deps_ArmSeedMallocLimit(testing_seedMallocLimit());
    }
    // m.before and m.after, of which ctest has only this.
    testing_setPanicOnExit0(testing_panicOnExit0);
    code = run(tests, ntests, fuzzTargets, nfuzzTargets);
    testing_setPanicOnExit0(false);
    return code;
}
