// Ports go1.19.8 src/testing/sub_test.go's TestTRun: Run's table of
// outputs, each row a test run on a root T of its own whose output is
// compared with Go's.
//
// The expected outputs keep Go's text with sub_test.go as
// sub_trun_test.c; each file:line is the line of this file that logged it,
// recorded with __LINE__ by AT. The root T and the channel are sub_test.h's.
//
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testing/internal.h"
#include "testing/match.h"
#include "testing/sub_test.h"
#include "testing/testing.h"

// ---- helpers ----

// ctxCounts reads ctx's running and numWaiting under its lock.
static void ctxCounts(testContext *ctx, int *running, int *numWaiting) {
    pthread_mutex_lock(&ctx->mu);
    *running = ctx->running;
    *numWaiting = ctx->numWaiting;
    pthread_mutex_unlock(&ctx->mu);
}

static void sleepNanosecond(void) {
    struct timespec ts = { 0, 1 };
    nanosleep(&ts, NULL);
}

// trimSpace is strings.TrimSpace over ASCII white space; the caller frees.
static char *trimSpace(const char *s) {
    const char *ws = " \t\n\v\f\r";
    while (*s != '\0' && strchr(ws, *s) != NULL) {
        s++;
    }
    size_t n = strlen(s);
    while (n > 0 && strchr(ws, s[n - 1]) != NULL) {
        n--;
    }
    return runtime_strndup(s, n);
}

// makeRegexp is Go's: s quoted as a regexp, with each "N.NNs" matching any
// duration and each ":NNN:" the line lines[k] for the k-th one (any line
// number when lines[k] is 0, as Go's \d\d\d\d? does). The caller frees.
static char *makeRegexp(const char *s, const int *lines, size_t nlines) {
    strings_Builder b = { 0 };
    size_t k = 0;
    while (*s != '\0') {
        if (strncmp(s, ":NNN:", 5) == 0) {
            int line = k < nlines ? lines[k] : 0;
            k++;
            if (line != 0) {
                strings_Builder_Printf(&b, ":%d:", line);
            } else {
                strings_Builder_WriteString(&b, ":\\d\\d\\d\\d?:");
            }
            s += 5;
        } else if (strncmp(s, "N.NNs", 5) == 0) {
            strings_Builder_WriteString(&b, "\\d*\\.\\d*s");
            s += 5;
        } else {
            if (strchr("\\.+*?()|[]{}^$", *s) != NULL) {
                strings_Builder_WriteByte(&b, '\\');
            }
            strings_Builder_WriteByte(&b, *s);
            s++;
        }
    }
    return strings_Builder_Detach(&b);
}

// ---- TestTRun ----

// realTest is TestTRun's own T, which the rows' functions report to.
static T *realTest;

// lines are the lines of this file the running row logged from, in the
// order of its expected output's ":NNN:"s; AT(k) records the k-th.
static int lines[4];
#define AT(k) (lines[(k)] = __LINE__)

typedef struct ranFlags {
    bool ranSeq, ranPar;
} ranFlags;

static void failnowPar(T *t, void *arg) {
    t_parallel(t);
    ((ranFlags *)arg)->ranPar = true;
}

static void failnowSeq(T *t, void *arg) {
    (void)t;
    ((ranFlags *)arg)->ranSeq = true;
}

static void failnowSkippedSeq(T *t, void *arg) {
    (void)t;
    (void)arg;
    t_error(realTest, "test must be skipped");
}

static void failnowSkippedPar(T *t, void *arg) {
    (void)arg;
    t_parallel(t);
    t_error(realTest, "test must be skipped.");
}

static void failnowSub(T *t, void *arg) {
    t_run(t, "par", failnowPar, arg);
    t_run(t, "seq", failnowSeq, arg);
    t_failnow(t);
    t_run(t, "seq", failnowSkippedSeq, NULL);
    t_run(t, "par", failnowSkippedPar, NULL);
}

static void failnowSkips(T *t, void *arg) {
    (void)arg;
    ranFlags ran = { false, false };
    t_run(t, "", failnowSub, &ran);
    if (!ran.ranPar) {
        t_error(realTest, "parallel test was not run");
    }
    if (!ran.ranSeq) {
        t_error(realTest, "sequential test was not run");
    }
}

static void propagatePar(T *t, void *arg) {
    (void)arg;
    t_parallel(t);
    t_fail(t);
}

static void propagateSub(T *t, void *arg) {
    t_parallel(t);
    t_run(t, "par", propagatePar, arg);
}

static void propagateUpwards(T *t, void *arg) {
    t_run(t, "", propagateSub, arg);
}

static void skipNow(T *t, void *arg) {
    (void)arg;
    t_skipnow(t);
}

static void recursionSub(T *t, void *arg) {
    t_run(t, "", empty, arg);
}

static void chattyWithRecursion(T *t, void *arg) {
    t_run(t, "", recursionSub, arg);
}

static void skippingAfterError(T *t, void *arg) {
    (void)arg;
    AT(0), t_error(t, "an error");
    AT(1), t_skip(t, "skipped");
}

static void countPar(T *t, void *arg) {
    t_parallel(t);
    __atomic_add_fetch((unsigned *)arg, 1, __ATOMIC_SEQ_CST);
}

static void waitGroup(T *t, void *arg) {
    for (int i = 0; i < 4; i++) {
        t_run(t, "par", countPar, arg);
    }
}

static void localSync(T *t, void *arg) {
    (void)arg;
    unsigned count = 0;
    t_run(t, "waitGroup", waitGroup, &count);
    if (count != 4) {
        t_errorf(t, "count was %u; want 4", count);
    }
}

static void parallelC(T *t, void *arg) {
    (void)arg;
    t_parallel(t);
}

static void sequentialB(T *t, void *arg) {
    // Sequential: ensure running count is decremented.
    t_run(t, "c", parallelC, arg);
}

static void parallelA(T *t, void *arg) {
    t_parallel(t);
    t_run(t, "b", sequentialB, arg);
}

static void alternate(T *t, void *arg) {
    t_run(t, "a", parallelA, arg);
}

static void alternate2C(T *t, void *arg) {
    (void)arg;
    t_parallel(t);
    sleepNanosecond();
}

static void alternate2B(T *t, void *arg) {
    sleepNanosecond();
    for (int i = 0; i < 2; i++) {
        t_run(t, "c", alternate2C, arg);
    }
}

static void alternate2A(T *t, void *arg) {
    t_parallel(t);
    sleepNanosecond();
    for (int i = 0; i < 2; i++) {
        t_run(t, "b", alternate2B, arg);
    }
}

static void alternate2(T *t, void *arg) {
    for (int i = 0; i < 2; i++) {
        t_run(t, "a", alternate2A, arg);
    }
}

static void stressC(T *t, void *arg) {
    t_parallel(t);
    sleepNanosecond();
    t_run(t, "d1", empty, arg);
    t_run(t, "d2", empty, arg);
    t_run(t, "d3", empty, arg);
    t_run(t, "d4", empty, arg);
}

static void stressB(T *t, void *arg) {
    sleepNanosecond();
    for (int i = 0; i < 12; i++) {
        t_run(t, "c", stressC, arg);
    }
}

static void stressA(T *t, void *arg) {
    t_parallel(t);
    sleepNanosecond();
    for (int i = 0; i < 12; i++) {
        t_run(t, "b", stressB, arg);
    }
}

static void stress(T *t, void *arg) {
    t_parallel(t);
    for (int i = 0; i < 12; i++) {
        t_run(t, "a", stressA, arg);
    }
}

static void skipOutput(T *t, void *arg) {
    (void)arg;
    t_skip(t, "");
}

static void errorOnParentSub(T *t, void *arg) {
    (void)t;
    AT(1), t_errorf((T *)arg, "and now this!");
}

static void errorOnParent(T *t, void *arg) {
    (void)arg;
    AT(0), t_errorf(t, "first this");
    T *outer = t;
    t_run(t, "", errorOnParentSub, outer);
    AT(2), t_errorf(t, "oh, and this too");
}

static void fatalOnParentSub(T *t, void *arg) {
    (void)t;
    AT(1), t_fatalf((T *)arg, "and now this!");
}

static void fatalOnParent(T *t, void *arg) {
    (void)arg;
    T *outer = t;
    AT(0), t_errorf(t, "first this");
    t_run(t, "", fatalOnParentSub, outer);
    t_errorf(t, "Should not reach here.");
}

static void errorOnAncestorSubSub(T *t, void *arg) {
    (void)t;
    AT(0), t_errorf((T *)arg, "Report to ancestor");
}

static void errorOnAncestorSub(T *t, void *arg) {
    t_run(t, "", errorOnAncestorSubSub, arg);
    AT(1), t_errorf(t, "Still do this");
}

static void errorOnAncestor(T *t, void *arg) {
    (void)arg;
    T *outer = t;
    t_run(t, "", errorOnAncestorSub, outer);
    AT(2), t_errorf(t, "Also do this");
}

static void fatalOnAncestorSubSub(T *t, void *arg) {
    (void)t;
    AT(0), t_fatalf((T *)arg, "Nope");
}

static void fatalOnAncestorSub(T *t, void *arg) {
    for (int i = 0; i < 4; i++) {
        t_run(t, "", fatalOnAncestorSubSub, arg);
        t_errorf(t, "Don't do this");
    }
    t_errorf(t, "And neither do this");
}

static void fatalOnAncestor(T *t, void *arg) {
    (void)arg;
    T *outer = t;
    t_run(t, "", fatalOnAncestorSub, outer);
    t_errorf(t, "Nor this");
}

// lateGoroutine is the goroutine of the "panic on goroutine fail after
// test exit" and "log in finished sub test" rows: t, the channel's two
// directions, and the thread.
typedef struct lateGoroutine {
    T *t;
    chan in, out; // Go's ch, main to goroutine and back
    pthread_t thread;
} lateGoroutine;

static void lateErrorf(void *arg) {
    t_errorf((T *)arg, "failed after success");
}

static void *failAfterExitThread(void *arg) {
    lateGoroutine *g = arg;
    chan_recv(&g->in);
    char *r = recoverRun(lateErrorf, g->t);
    if (r == NULL) {
        t_errorf(realTest, "expected panic");
    }
    free(r);
    runtime_setPanicHandler(NULL, NULL);
    chan_send(&g->out);
    return NULL;
}

static void failAfterExitSub(T *t, void *arg) {
    lateGoroutine *g = arg;
    g->t = t;
    pthread_create(&g->thread, NULL, failAfterExitThread, g);
}

static void failAfterExit(T *t, void *arg) {
    (void)arg;
    lateGoroutine g;
    chan_init(&g.in);
    chan_init(&g.out);
    t_run(t, "", failAfterExitSub, &g);
    chan_send(&g.in);
    chan_recv(&g.out);
    pthread_join(g.thread, NULL);
    chan_destroy(&g.in);
    chan_destroy(&g.out);
}

static void *logAfterFinishThread(void *arg) {
    lateGoroutine *g = arg;
    chan_recv(&g->in);
    AT(1), t_log(g->t, "message1");
    chan_send(&g->out);
    return NULL;
}

static void logAfterFinishSub(T *t2, void *arg) {
    lateGoroutine *g = arg;
    g->t = t2;
    pthread_create(&g->thread, NULL, logAfterFinishThread, g);
}

static void logAfterFinish(T *t, void *arg) {
    (void)arg;
    lateGoroutine g;
    chan_init(&g.in);
    chan_init(&g.out);
    t_run(t, "sub", logAfterFinishSub, &g);
    AT(0), t_log(t, "message2");
    chan_send(&g.in);
    chan_recv(&g.out);
    pthread_join(g.thread, NULL);
    chan_destroy(&g.in);
    chan_destroy(&g.out);
    AT(2), t_errorf(t, "error");
}

static void logRunningCleanup(void *arg) {
    AT(0), t_log((T *)arg, "running cleanup");
}

static void failNow(T *t2, void *arg) {
    (void)arg;
    t_failnow(t2);
}

static void cleanupWhenSubtestPanics(T *t, void *arg) {
    t_cleanup(t, logRunningCleanup, t);
    t_run(t, "sub", failNow, arg);
}

typedef struct tRunCase {
    const char *desc;
    bool ok;
    int maxPar;
    bool chatty;
    const char *output;
    void (*f)(T *t, void *arg);
} tRunCase;

static void tRunCase_run(T *t, void *arg) {
    const tRunCase *tc = arg;
    memset(lines, 0, sizeof lines);
    testing_matcher *m = testing_newMatcher(testing_matchString, "", "");
    testContext *ctx = testing_newTestContext(tc->maxPar, m);
    strings_Builder buf = { 0 };
    writer w = { bufWrite, &buf };
    T *root = newRoot("Test", &w, ctx, true);
    chattyPrinter *chatty = NULL;
    if (tc->chatty) {
        chatty = testing_newChattyPrinter();
        chatty->w = &w;
        root->common.chatty = chatty;
    }
    bool ok = t_run(root, tc->desc, tc->f, NULL);
    testing_testContext_release(ctx);

    if (ok != tc->ok) {
        t_errorf(t, "%s:ok: got %d; want %d", tc->desc, ok, tc->ok);
    }
    if (ok != !t_failed(root)) {
        t_errorf(t, "%s:root failed: got %d; want %d", tc->desc, !ok, t_failed(root));
    }
    int running, numWaiting;
    ctxCounts(ctx, &running, &numWaiting);
    if (running != 0 || numWaiting != 0) {
        t_errorf(t, "%s:running and waiting non-zero: got %d and %d", tc->desc, running,
                 numWaiting);
    }
    pthread_mutex_lock(&root->common.mu);
    bool parallel = root->common.nsub > 0;
    pthread_mutex_unlock(&root->common.mu);
    if (parallel) {
        // The row's test called Parallel ("stress test"): it waits for
        // root's barrier, which only a tRunner of root would close, so its
        // body never runs. Go leaves that goroutine blocked for good; we
        // leave its thread, and root, ctx and m, which it refers to.
        ctx = NULL;
        m = NULL;
    } else {
        testing_T_free(root); // joins the subtests' threads: buf is now ours
    }
    char *got = trimSpace(strings_Builder_String(&buf));
    char *want = trimSpace(tc->output != NULL ? tc->output : "");
    char *re = makeRegexp(want, lines, sizeof lines / sizeof lines[0]);
    bool matched = false;
    go_error *err = testing_matchString(re, got, &matched);
    if (!matched || err != NULL) {
        t_errorf(t, "%s:output:\ngot:\n%s\nwant:\n%s", tc->desc, got, want);
    }
    go_error_free(err);
    free(re);
    free(want);
    free(got);
    strings_Builder_Reset(&buf);
    testing_chattyPrinter_free(chatty);
    testing_testContext_free(ctx);
    testing_matcher_free(m);
}

// testCases are TestTRun's rows: Go's, in Go's order.
static const tRunCase testCases[] = {
    {
            .desc = "failnow skips future sequential and parallel tests at same level",
            .ok = false,
            .maxPar = 1,
            .output =
                    "\n"
                    "--- FAIL: failnow skips future sequential and parallel tests at same level (N.NNs)\n"
                    "    --- FAIL: failnow skips future sequential and parallel tests at same level/#00 (N.NNs)\n"
                    "    ",
            .f = failnowSkips,
    },
    {
            .desc = "failure in parallel test propagates upwards",
            .ok = false,
            .maxPar = 1,
            .output =
                    "\n"
                    "--- FAIL: failure in parallel test propagates upwards (N.NNs)\n"
                    "    --- FAIL: failure in parallel test propagates upwards/#00 (N.NNs)\n"
                    "        --- FAIL: failure in parallel test propagates upwards/#00/par (N.NNs)\n"
                    "        ",
            .f = propagateUpwards,
    },
    {
            .desc = "skipping without message, chatty",
            .ok = true,
            .chatty = true,
            .output = "\n"
                      "=== RUN   skipping without message, chatty\n"
                      "--- SKIP: skipping without message, chatty (N.NNs)",
            .f = skipNow,
    },
    {
            .desc = "chatty with recursion",
            .ok = true,
            .chatty = true,
            .output = "\n"
                      "=== RUN   chatty with recursion\n"
                      "=== RUN   chatty with recursion/#00\n"
                      "=== RUN   chatty with recursion/#00/#00\n"
                      "--- PASS: chatty with recursion (N.NNs)\n"
                      "    --- PASS: chatty with recursion/#00 (N.NNs)\n"
                      "        --- PASS: chatty with recursion/#00/#00 (N.NNs)",
            .f = chattyWithRecursion,
    },
    {
            .desc = "skipping without message, not chatty",
            .ok = true,
            .f = skipNow,
    },
    {
            .desc = "skipping after error",
            .output = "\n"
                      "--- FAIL: skipping after error (N.NNs)\n"
                      "    sub_trun_test.c:NNN: an error\n"
                      "    sub_trun_test.c:NNN: skipped",
            .f = skippingAfterError,
    },
    {
            .desc = "use Run to locally synchronize parallelism",
            .ok = true,
            .maxPar = 1,
            .f = localSync,
    },
    {
            .desc = "alternate sequential and parallel",
            // A sequential test counts as running too; if it did not,
            // parallel subtests of a sequential subtest of a parallel
            // test would throw the running count off.
            .ok = true,
            .maxPar = 1,
            .f = alternate,
    },
    {
            .desc = "alternate sequential and parallel 2",
            // The same, over levels that alternate: parallel a,
            // sequential b, parallel c.
            .ok = true,
            .maxPar = 2,
            .f = alternate2,
    },
    {
            .desc = "stress test",
            .ok = true,
            .maxPar = 4,
            .f = stress,
    },
    {
            .desc = "skip output",
            .ok = true,
            .maxPar = 4,
            .f = skipOutput,
    },
    {
            .desc = "subtest calls error on parent",
            .ok = false,
            .output = "\n"
                      "--- FAIL: subtest calls error on parent (N.NNs)\n"
                      "    sub_trun_test.c:NNN: first this\n"
                      "    sub_trun_test.c:NNN: and now this!\n"
                      "    sub_trun_test.c:NNN: oh, and this too",
            .maxPar = 1,
            .f = errorOnParent,
    },
    {
            .desc = "subtest calls fatal on parent",
            .ok = false,
            .output =
                    "\n"
                    "--- FAIL: subtest calls fatal on parent (N.NNs)\n"
                    "    sub_trun_test.c:NNN: first this\n"
                    "    sub_trun_test.c:NNN: and now this!\n"
                    "    --- FAIL: subtest calls fatal on parent/#00 (N.NNs)\n"
                    "        testing.go:NNN: test executed panic(nil) or runtime.Goexit: subtest may have called FailNow on a parent test",
            .maxPar = 1,
            .f = fatalOnParent,
    },
    {
            .desc = "subtest calls error on ancestor",
            .ok = false,
            .output = "\n"
                      "--- FAIL: subtest calls error on ancestor (N.NNs)\n"
                      "    sub_trun_test.c:NNN: Report to ancestor\n"
                      "    --- FAIL: subtest calls error on ancestor/#00 (N.NNs)\n"
                      "        sub_trun_test.c:NNN: Still do this\n"
                      "    sub_trun_test.c:NNN: Also do this",
            .maxPar = 1,
            .f = errorOnAncestor,
    },
    {
            .desc = "subtest calls fatal on ancestor",
            .ok = false,
            .output = "\n"
                      "--- FAIL: subtest calls fatal on ancestor (N.NNs)\n"
                      "    sub_trun_test.c:NNN: Nope",
            .maxPar = 1,
            .f = fatalOnAncestor,
    },
    {
            .desc = "panic on goroutine fail after test exit",
            .ok = false,
            .maxPar = 4,
            .f = failAfterExit,
    },
    {
            .desc = "log in finished sub test logs to parent",
            .ok = false,
            .output = "\n"
                      "\t\t--- FAIL: log in finished sub test logs to parent (N.NNs)\n"
                      "    sub_trun_test.c:NNN: message2\n"
                      "    sub_trun_test.c:NNN: message1\n"
                      "    sub_trun_test.c:NNN: error",
            .maxPar = 1,
            .f = logAfterFinish,
    },
    {
            // With chatty output every log line is printed at once,
            // the late one too, so none lands in the report below.
            .desc = "log in finished sub test with chatty",
            .ok = false,
            .chatty = true,
            .output = "\n"
                      "\t\t--- FAIL: log in finished sub test with chatty (N.NNs)",
            .maxPar = 1,
            .f = logAfterFinish,
    },
    {
            // If a subtest panics we should run cleanups.
            .desc = "cleanup when subtest panics",
            .ok = false,
            .chatty = false,
            .output = "\n"
                      "--- FAIL: cleanup when subtest panics (N.NNs)\n"
                      "    --- FAIL: cleanup when subtest panics/sub (N.NNs)\n"
                      "    sub_trun_test.c:NNN: running cleanup",
            .f = cleanupWhenSubtestPanics,
    },
};

// Ports TestTRun.
void TestTRun(T *t) {
    realTest = t;
    for (size_t i = 0; i < sizeof testCases / sizeof testCases[0]; i++) {
        t_run(t, testCases[i].desc, tRunCase_run, (void *)&testCases[i]);
    }
}

// Not ported: TestBRun, TestBenchmarkOutput, TestBenchmarkStartsFrom1,
// TestBenchmarkReadMemStatsBeforeFirstRun (ctest has no benchmarks).
