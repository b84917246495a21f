// Ports go1.19.8 src/testing/sub_test.go: the test context, parallel and
// racy Run, late logs and cleanups; TestTRun, Run's table of outputs, is
// in sub_trun_test.c. The helpers both files use are declared in
// sub_test.h and defined here.
//
// Go's tests build a root T whose output goes to a bytes.Buffer; here the
// root's common.out (and its chatty printer's w) is a writer over a
// strings_Builder, the testing-only hook of internal.h.
//
#include "testing/sub_test.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/internal.h"
#include "testing/match.h"
#include "testing/testing.h"

// Not ported: sub_test.go's init, which shortens benchTime (ctest has no
// benchmarks).

// ---- helpers (sub_test.h) ----

void bufWrite(void *ctx, const char *p, size_t n) {
    strings_Builder_Write(ctx, p, n);
}

T *newRoot(const char *name, const writer *w, testContext *ctx, bool withBarrier) {
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

void empty(T *t, void *arg) {
    (void)t;
    (void)arg;
}

void chan_init(chan *ch) {
    sem_init(&ch->sem, 0, 0);
}

void chan_send(chan *ch) {
    sem_post(&ch->sem);
}

void chan_recv(chan *ch) {
    while (sem_wait(&ch->sem) != 0) {
    }
}

void chan_destroy(chan *ch) {
    sem_destroy(&ch->sem);
}

char *recoverRun(void (*fn)(void *arg), void *arg) {
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
