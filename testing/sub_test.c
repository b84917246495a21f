// Ports go1.19.8 src/testing/sub_test.go: the test context, Run's table of
// outputs, parallel and racy Run, late logs and cleanups.
//
// Go's tests build a root T whose output goes to a bytes.Buffer; here the
// root's common.out (and its chatty printer's w) is a writer over a
// strings_Builder, the testing-only hook of internal.h. The expected
// outputs keep Go's text with sub_test.go as sub_test.c; each file:line is
// the line of this file that logged it, recorded with __LINE__ by AT.
//
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testing/internal.h"
#include "testing/match.h"
#include "testing/testing.h"

// Not ported: sub_test.go's init, which shortens benchTime (ctest has no
// benchmarks).

// ---- helpers ----

// bufWrite is a writer's write over a strings_Builder (Go's bytes.Buffer).
static void bufWrite(void *ctx, const char *p, size_t n) {
    strings_Builder_Write(ctx, p, n);
}

// newRoot is the root T Go's tests build by hand: name and output writer w,
// with a barrier when withBarrier; it runs under ctx.
static T *newRoot(const char *name, const writer *w, testContext *ctx, bool withBarrier) {
    T *root = runtime_calloc(1, sizeof *root);
    testing_common_init(&root->common);
    if (withBarrier) {
        root->common.barrier = testing_newBarrierChan();
    }
    root->common.name = runtime_strdup(name);
    root->common.out = w;
    root->context = ctx;
    return root;
}

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

// chan is the little of a Go channel these tests use: a send that does not
// wait and a receive that does (two of them make Go's unbuffered hand-off).
typedef struct chan {
    sem_t sem;
} chan;

static void chan_init(chan *ch) {
    sem_init(&ch->sem, 0, 0);
}

static void chan_send(chan *ch) {
    sem_post(&ch->sem);
}

static void chan_recv(chan *ch) {
    while (sem_wait(&ch->sem) != 0) {
    }
}

static void chan_destroy(chan *ch) {
    sem_destroy(&ch->sem);
}

// recoverRun runs fn(arg) as a goroutine whose deferred recover returns the
// panic's message (caller frees) or NULL.
static char *recoverRun(void (*fn)(void *arg), void *arg) {
    goexitPoint p;
    testing_pushGoexitPoint(&p);
    char *msg = NULL;
    if (setjmp(p.env) == 0) {
        fn(arg);
    } else {
        msg = p.panicMsg;
    }
    testing_popGoexitPoint(&p);
    return msg;
}

// ---- TestTestContext ----

enum { add1 = 0, callDone = 1 };

// contextCall is what sub_test.go's doCall runs: waitParallel or release on
// its own goroutine.
typedef struct contextCall {
    testContext *ctx;
    int typ;
    bool returned; // atomic
} contextCall;

static void *contextCallThread(void *arg) {
    contextCall *c = arg;
    if (c->typ == add1) {
        testing_testContext_waitParallel(c->ctx);
    } else {
        testing_testContext_release(c->ctx);
    }
    __atomic_store_n(&c->returned, true, __ATOMIC_SEQ_CST);
    return NULL;
}

// Ports TestTestContext. ctest: startParallel is a count under ctx.mu, not a
// channel, so Go's select becomes: add1 started when waitParallel returned
// by itself, else (it waits, counted in numWaiting) we send; done started
// when release sent, which we then receive.
void TestTestContext(T *t) {
    typedef struct call {
        int typ; // run or done
        // result from applying the call
        int running;
        int waiting;
        bool started;
    } call;
    static const struct {
        int max;
        call run[16];
        size_t n;
    } testCases[] = {
        { 1,
          {
                  { add1, 1, 0, true },
                  { callDone, 0, 0, false },
          },
          2 },
        { 1,
          {
                  { add1, 1, 0, true },
                  { add1, 1, 1, false },
                  { callDone, 1, 0, true },
                  { callDone, 0, 0, false },
                  { add1, 1, 0, true },
          },
          5 },
        { 3,
          {
                  { add1, 1, 0, true },
                  { add1, 2, 0, true },
                  { add1, 3, 0, true },
                  { add1, 3, 1, false },
                  { add1, 3, 2, false },
                  { add1, 3, 3, false },
                  { callDone, 3, 2, true },
                  { add1, 3, 3, false },
                  { callDone, 3, 2, true },
                  { callDone, 3, 1, true },
                  { callDone, 3, 0, true },
                  { callDone, 2, 0, false },
                  { callDone, 1, 0, false },
                  { callDone, 0, 0, false },
          },
          14 },
    };
    for (size_t i = 0; i < sizeof testCases / sizeof testCases[0]; i++) {
        testContext *ctx = testing_newTestContext(testCases[i].max, NULL);
        // newTestContext counts the main test as running; Go's literal
        // context starts from zero.
        ctx->running = 0;
        for (size_t j = 0; j < testCases[i].n; j++) {
            const call *c = &testCases[i].run[j];
            contextCall cc = { ctx, c->typ, false };
            int waiting0 = ctx->numWaiting;
            pthread_t th;
            pthread_create(&th, NULL, contextCallThread, &cc);
            bool started = false;
            switch (c->typ) {
            case add1:
                for (;;) {
                    if (__atomic_load_n(&cc.returned, __ATOMIC_SEQ_CST)) {
                        started = true;
                        break;
                    }
                    pthread_mutex_lock(&ctx->mu);
                    bool blocked = ctx->numWaiting > waiting0;
                    if (blocked) {
                        // ctx.startParallel <- true
                        ctx->startParallel++;
                        pthread_cond_broadcast(&ctx->startParallelCond);
                    }
                    pthread_mutex_unlock(&ctx->mu);
                    if (blocked) {
                        break;
                    }
                    sched_yield();
                }
                pthread_join(th, NULL);
                break;
            case callDone:
                pthread_join(th, NULL);
                pthread_mutex_lock(&ctx->mu);
                if (ctx->startParallel > 0) {
                    // <-ctx.startParallel
                    ctx->startParallel--;
                    started = true;
                }
                pthread_mutex_unlock(&ctx->mu);
                break;
            }
            if (started != c->started) {
                t_errorf(t, "%zu:%zu:started: got %d; want %d", i, j, started, c->started);
            }
            if (ctx->running != c->running) {
                t_errorf(t, "%zu:%zu:running: got %d; want %d", i, j, ctx->running, c->running);
            }
            if (ctx->numWaiting != c->waiting) {
                t_errorf(t, "%zu:%zu:waiting: got %d; want %d", i, j, ctx->numWaiting, c->waiting);
            }
        }
        testing_testContext_free(ctx);
    }
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

static void empty(T *t, void *arg) {
    (void)t;
    (void)arg;
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

// Ports TestTRun: Go's rows, in Go's order.
void TestTRun(T *t) {
    realTest = t;
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
                          "    sub_test.c:NNN: an error\n"
                          "    sub_test.c:NNN: skipped",
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
                          "    sub_test.c:NNN: first this\n"
                          "    sub_test.c:NNN: and now this!\n"
                          "    sub_test.c:NNN: oh, and this too",
                .maxPar = 1,
                .f = errorOnParent,
        },
        {
                .desc = "subtest calls fatal on parent",
                .ok = false,
                .output =
                        "\n"
                        "--- FAIL: subtest calls fatal on parent (N.NNs)\n"
                        "    sub_test.c:NNN: first this\n"
                        "    sub_test.c:NNN: and now this!\n"
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
                          "    sub_test.c:NNN: Report to ancestor\n"
                          "    --- FAIL: subtest calls error on ancestor/#00 (N.NNs)\n"
                          "        sub_test.c:NNN: Still do this\n"
                          "    sub_test.c:NNN: Also do this",
                .maxPar = 1,
                .f = errorOnAncestor,
        },
        {
                .desc = "subtest calls fatal on ancestor",
                .ok = false,
                .output = "\n"
                          "--- FAIL: subtest calls fatal on ancestor (N.NNs)\n"
                          "    sub_test.c:NNN: Nope",
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
                          "    sub_test.c:NNN: message2\n"
                          "    sub_test.c:NNN: message1\n"
                          "    sub_test.c:NNN: error",
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
                          "    sub_test.c:NNN: running cleanup",
                .f = cleanupWhenSubtestPanics,
        },
    };
    for (size_t i = 0; i < sizeof testCases / sizeof testCases[0]; i++) {
        t_run(t, testCases[i].desc, tRunCase_run, (void *)&testCases[i]);
    }
}

// Not ported: TestBRun, TestBenchmarkOutput, TestBenchmarkStartsFrom1,
// TestBenchmarkReadMemStatsBeforeFirstRun (ctest has no benchmarks).

// ---- TestParallelSub ----

typedef struct parallelSubArgs {
    T *t;
    int i;
    chan *block; // closed by one send per goroutine
    chan *c;
} parallelSubArgs;

static void *parallelSubThread(void *arg) {
    parallelSubArgs *a = arg;
    chan_recv(a->block);
    char name[16];
    snprintf(name, sizeof name, "%d", a->i);
    t_run(a->t, name, empty, NULL);
    chan_send(a->c);
    return NULL;
}

// Ports TestParallelSub.
void TestParallelSub(T *t) {
    chan c, block;
    chan_init(&c);
    chan_init(&block);
    pthread_t threads[10];
    parallelSubArgs args[10];
    for (int i = 0; i < 10; i++) {
        args[i] = (parallelSubArgs){ t, i, &block, &c };
        pthread_create(&threads[i], NULL, parallelSubThread, &args[i]);
    }
    for (int i = 0; i < 10; i++) {
        chan_send(&block); // close(block)
    }
    for (int i = 0; i < 10; i++) {
        chan_recv(&c);
    }
    for (int i = 0; i < 10; i++) {
        pthread_join(threads[i], NULL);
    }
    chan_destroy(&c);
    chan_destroy(&block);
}

// ---- TestRacyOutput ----

static int runs;  // The number of running Writes (atomic)
static int races; // Incremented for each race detected (atomic)

// raceDetector is the funcWriter's write.
static void raceDetector(void *ctx, const char *p, size_t n) {
    (void)ctx;
    (void)p;
    (void)n;
    // Check if some other goroutine is concurrently calling Write.
    if (__atomic_load_n(&runs, __ATOMIC_SEQ_CST) > 0) {
        __atomic_add_fetch(&races, 1, __ATOMIC_SEQ_CST); // Race detected!
    }
    __atomic_add_fetch(&runs, 1, __ATOMIC_SEQ_CST);
    sched_yield(); // Increase probability of a race
    __atomic_sub_fetch(&runs, 1, __ATOMIC_SEQ_CST);
}

typedef struct racyRun {
    T *t;
    int i;
    pthread_t thread;
} racyRun;

static void racyLog(T *t, void *arg) {
    t_logf(t, "testing run %d", ((racyRun *)arg)->i);
}

static void *racyThread(void *arg) {
    racyRun *r = arg;
    char name[16];
    snprintf(name, sizeof name, "%d", r->i);
    t_run(r->t, name, racyLog, r);
    return NULL;
}

static void racyRoot(T *t, void *arg) {
    racyRun *rs = arg;
    for (int i = 0; i < 100; i++) {
        rs[i] = (racyRun){ t, i, 0 };
        pthread_create(&rs[i].thread, NULL, racyThread, &rs[i]);
    }
}

// Ports TestRacyOutput.
void TestRacyOutput(T *t) {
    writer w = { raceDetector, NULL };
    testing_matcher *m = testing_newMatcher(testing_matchString, "", "");
    testContext *ctx = testing_newTestContext(1, m);
    T *root = newRoot("", &w, ctx, false);
    chattyPrinter *chatty = testing_newChattyPrinter();
    chatty->w = &w;
    root->common.chatty = chatty;
    racyRun *rs = runtime_calloc(100, sizeof *rs);
    t_run(root, "", racyRoot, rs);
    for (int i = 0; i < 100; i++) { // wg.Wait()
        pthread_join(rs[i].thread, NULL);
    }

    if (races > 0) {
        t_errorf(t, "detected %d racy Writes", races);
    }
    testing_T_free(root);
    free(rs);
    testing_chattyPrinter_free(chatty);
    testing_testContext_free(ctx);
    testing_matcher_free(m);
}

// ---- TestLogAfterComplete ----

typedef struct lateLog {
    T *t;
    chan c1;    // closed by the test
    char *c2;   // what the goroutine sends on c2 ("" if nothing), then closes it
    chan c2Sem; // c2's close
    pthread_t thread;
} lateLog;

static void logAfterTest(void *arg) {
    t_log((T *)arg, "log after test");
}

static void *lateLogThread(void *arg) {
    lateLog *l = arg;
    chan_recv(&l->c1);
    char *p = recoverRun(logAfterTest, l->t);
    runtime_setPanicHandler(NULL, NULL);
    const char *want = "Log in goroutine after TestLateLog has completed: log after test";
    if (p == NULL) {
        l->c2 = runtime_strdup("subtest did not panic");
    } else if (strstr(p, want) == NULL) {
        char *q = strconv_Quote(p, strlen(p));
        char *qw = strconv_Quote(want, strlen(want));
        l->c2 = runtime_sprintf("subtest panic %s does not contain %s", q, qw);
        free(q);
        free(qw);
    }
    free(p);
    chan_send(&l->c2Sem);
    return NULL;
}

static void lateLogSub(T *t, void *arg) {
    lateLog *l = arg;
    l->t = t;
    pthread_create(&l->thread, NULL, lateLogThread, l);
}

static void lateLogRoot(T *t, void *arg) {
    t_run(t, "TestLateLog", lateLogSub, arg);
}

// Ports TestLogAfterComplete (Go issue 29388): logging after the test has
// completed panics, and the panic names the test.
void TestLogAfterComplete(T *t) {
    testing_matcher *m = testing_newMatcher(testing_matchString, "", "");
    testContext *ctx = testing_newTestContext(1, m);
    strings_Builder buf = { 0 };
    writer w = { bufWrite, &buf };
    // t.signal holds what tRunner sends although nothing reads it.
    T *t1 = newRoot("", &w, ctx, false);
    free(t1->common.name);
    t1->common.name = NULL;

    lateLog l = { 0 };
    chan_init(&l.c1);
    chan_init(&l.c2Sem);
    testing_tRunner(t1, lateLogRoot, &l);
    chan_send(&l.c1); // close(c1)

    chan_recv(&l.c2Sem);
    pthread_join(l.thread, NULL);
    if (l.c2 != NULL) {
        t_error(t, l.c2);
    }
    free(l.c2);
    chan_destroy(&l.c1);
    chan_destroy(&l.c2Sem);
    testing_T_free(t1);
    strings_Builder_Reset(&buf);
    testing_testContext_free(ctx);
    testing_matcher_free(m);
}

// Not ported: TestBenchmark (ctest has no benchmarks).

// ---- cleanups ----

typedef struct intList {
    int v[4];
    size_t n;
} intList;

static void append1(void *arg) {
    intList *l = arg;
    l->v[l->n++] = 1;
}

static void append2(void *arg) {
    intList *l = arg;
    l->v[l->n++] = 2;
}

static void cleanupTest(T *t, void *arg) {
    t_cleanup(t, append1, arg);
    t_cleanup(t, append2, arg);
}

// Ports TestCleanup.
void TestCleanup(T *t) {
    intList cleanups = { { 0 }, 0 };
    t_run(t, "test", cleanupTest, &cleanups);
    if (cleanups.n != 2 || cleanups.v[0] != 2 || cleanups.v[1] != 1) {
        strings_Builder got = { 0 };
        for (size_t i = 0; i < cleanups.n; i++) {
            strings_Builder_Printf(&got, "%s%d", i > 0 ? " " : "", cleanups.v[i]);
        }
        t_errorf(t, "unexpected cleanup record; got [%s] want [2 1]", strings_Builder_String(&got));
        strings_Builder_Reset(&got);
    }
}

typedef struct concurrentCleanup {
    T *t;
    int *cleanups;
    int i;
    chan *done;
} concurrentCleanup;

static void setBit(void *arg) {
    concurrentCleanup *c = arg;
    *c->cleanups |= 1 << c->i;
}

static void *concurrentCleanupThread(void *arg) {
    concurrentCleanup *c = arg;
    t_cleanup(c->t, setBit, c);
    chan_send(c->done);
    return NULL;
}

static void concurrentCleanupTest(T *t, void *arg) {
    chan done;
    chan_init(&done);
    concurrentCleanup *cs = arg;
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) {
        cs[i].t = t;
        cs[i].i = i;
        cs[i].done = &done;
        pthread_create(&threads[i], NULL, concurrentCleanupThread, &cs[i]);
    }
    chan_recv(&done);
    chan_recv(&done);
    for (int i = 0; i < 2; i++) {
        pthread_join(threads[i], NULL);
    }
    chan_destroy(&done);
}

// Ports TestConcurrentCleanup.
void TestConcurrentCleanup(T *t) {
    int cleanups = 0;
    concurrentCleanup cs[2] = { { NULL, &cleanups, 0, NULL }, { NULL, &cleanups, 0, NULL } };
    t_run(t, "test", concurrentCleanupTest, cs);
    if (cleanups != (1 | 2)) {
        t_errorf(t, "unexpected cleanup; got %d want 3", cleanups);
    }
}

static void increment(void *arg) {
    (*(int *)arg)++;
}

static void goexit(void *arg) {
    (void)arg;
    testing_Goexit();
}

static void cleanupGoexitTest(T *t, void *arg) {
    t_cleanup(t, increment, arg);
    t_cleanup(t, goexit, NULL);
}

// Ports TestCleanupCalledEvenAfterGoexit.
void TestCleanupCalledEvenAfterGoexit(T *t) {
    int cleanups = 0;
    t_run(t, "test", cleanupGoexitTest, &cleanups);
    if (cleanups != 1) {
        t_errorf(t, "unexpected cleanup count; got %d want 1", cleanups);
    }
}

typedef struct runCleanupCounts {
    int outerCleanup, innerCleanup;
} runCleanupCounts;

static void runCleanupInner(T *t, void *arg) {
    t_cleanup(t, increment, &((runCleanupCounts *)arg)->innerCleanup);
}

static void runCleanupOuter(T *t, void *arg) {
    t_cleanup(t, increment, &((runCleanupCounts *)arg)->outerCleanup);
    t_run(t, "x", runCleanupInner, arg);
}

// Ports TestRunCleanup.
void TestRunCleanup(T *t) {
    runCleanupCounts c = { 0, 0 };
    t_run(t, "test", runCleanupOuter, &c);
    if (c.innerCleanup != 1) {
        t_errorf(t, "unexpected inner cleanup count; got %d want 1", c.innerCleanup);
    }
    if (c.outerCleanup != 1) {
        t_errorf(t, "unexpected outer cleanup count; got %d want 0", c.outerCleanup);
    }
}

static void cleanupParallelX(T *t, void *arg) {
    t_parallel(t);
    if (*(int *)arg > 0) {
        t_error(t, "outer cleanup ran before parallel subtest");
    }
}

static void cleanupParallelTest(T *t, void *arg) {
    t_cleanup(t, increment, arg);
    t_run(t, "x", cleanupParallelX, arg);
}

// Ports TestCleanupParallelSubtests.
void TestCleanupParallelSubtests(T *t) {
    int ranCleanup = 0;
    t_run(t, "test", cleanupParallelTest, &ranCleanup);
    if (ranCleanup != 1) {
        t_errorf(t, "unexpected cleanup count; got %d want 1", ranCleanup);
    }
}

typedef struct nestedCleanup {
    T *t;
    int ranCleanup;
} nestedCleanup;

static void nestedFirst(void *arg) {
    nestedCleanup *n = arg;
    if (n->ranCleanup != 2) {
        t_errorf(n->t, "unexpected cleanup count in first cleanup: got %d want 2", n->ranCleanup);
    }
    n->ranCleanup++;
}

static void nestedNested(void *arg) {
    nestedCleanup *n = arg;
    if (n->ranCleanup != 1) {
        t_errorf(n->t, "unexpected cleanup count in nested cleanup: got %d want 1", n->ranCleanup);
    }
    n->ranCleanup++;
}

static void nestedSecond(void *arg) {
    nestedCleanup *n = arg;
    if (n->ranCleanup != 0) {
        t_errorf(n->t, "unexpected cleanup count in second cleanup: got %d want 0", n->ranCleanup);
    }
    n->ranCleanup++;
    t_cleanup(n->t, nestedNested, n);
}

static void nestedCleanupTest(T *t, void *arg) {
    nestedCleanup *n = arg;
    n->t = t;
    t_cleanup(t, nestedFirst, n);
    t_cleanup(t, nestedSecond, n);
}

// Ports TestNestedCleanup.
void TestNestedCleanup(T *t) {
    nestedCleanup n = { NULL, 0 };
    t_run(t, "test", nestedCleanupTest, &n);
    if (n.ranCleanup != 3) {
        t_errorf(t, "unexpected cleanup count: got %d want 3", n.ranCleanup);
    }
}
