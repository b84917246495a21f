// (none) Go's runtime as package testing leans on it: goroutines are
// threads, and runtime.Goexit (FailNow, SkipNow) and a recovered panic are
// a longjmp to the thread's innermost recover point (goexitPoint), never
// across a lock. A panic with no recover point, or one tRunner re-raises
// after reporting it, ends the binary as Go's does.
//
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/internal.h"

// goexitTop is the calling thread's innermost recover point.
static _Thread_local goexitPoint *goexitTop;
// goid is the calling thread's goroutine number, for panic traces.
static _Thread_local int goid = 1;
static int nextGoid = 1; // atomic

int testing_goid(void) {
    return goid;
}

static _Noreturn void onPanic(void *ctx, const char *msg) {
    (void)ctx;
    goexitPoint *p = goexitTop;
    if (p == NULL) {
        // No recover point: the panic is not recovered.
        fflush(stdout);
        fprintf(stderr, "panic: %s\n\ngoroutine %d [running]:\n", msg, goid);
        // ctest: no goroutine trace.
        exit(2);
    }
    p->panicMsg = runtime_strdup(msg);
    longjmp(p->env, panicJump);
}

void testing_pushGoexitPoint(goexitPoint *p) {
    p->prev = goexitTop;
    p->panicMsg = NULL;
    goexitTop = p;
    runtime_setPanicHandler(onPanic, NULL);
}

void testing_popGoexitPoint(goexitPoint *p) {
    goexitTop = p->prev;
}

_Noreturn void testing_Goexit(void) {
    goexitPoint *p = goexitTop;
    if (p == NULL) {
        // Go: Goexit on the main goroutine with nothing left to run.
        fflush(stdout);
        fputs("fatal error: no goroutines (main called runtime.Goexit) - deadlock!\n", stderr);
        exit(2);
    }
    longjmp(p->env, goexitJump);
}

_Noreturn void testing_repanic(char *msg) {
    goexitPoint *p = goexitTop;
    if (p != NULL) {
        p->panicMsg = msg;
        longjmp(p->env, panicJump);
    }
    // The panic was recovered by tRunner, which reported the test and its
    // parents and then panicked again with the same value: Go prints both.
    fflush(stdout);
    pthread_mutex_lock(&testing_stdoutMu);
    char *text = testing_repanicText(msg);
    fputs(text, stderr);
    free(text);
    fflush(stderr);
    exit(2);
}

char *testing_repanicText(const char *msg) {
    // ctest: the goroutine trace is a stand-in: Go prints the stacks here.
    return runtime_sprintf("panic: %s [recovered]\n\tpanic: %s\n\ngoroutine %d [running]:\n", msg,
                           msg, goid);
}

typedef struct threadStart {
    void *(*fn)(void *);
    void *arg;
    int goid;
} threadStart;

static void *threadMain(void *p) {
    threadStart ts = *(threadStart *)p;
    free(p);
    goid = ts.goid;
    void *r = ts.fn(ts.arg);
    // The runtime keeps the thread's last panic message until the next
    // panic or handler change; let it go with the thread.
    runtime_setPanicHandler(NULL, NULL);
    return r;
}

void testing_startThread(common *c, void *(*fn)(void *), void *arg) {
    threadStart *ts = runtime_malloc(sizeof *ts);
    ts->fn = fn;
    ts->arg = arg;
    ts->goid = __atomic_add_fetch(&nextGoid, 1, __ATOMIC_SEQ_CST);
    c->goid = ts->goid;
    int err = pthread_create(&c->thread, NULL, threadMain, ts);
    if (err != 0) {
        fflush(stdout);
        fprintf(stderr, "runtime: failed to create new OS thread: %s\n", strerror(err));
        exit(2);
    }
    c->hasThread = true;
}
