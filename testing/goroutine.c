// (none) Go's runtime as package testing leans on it: goroutines are
// threads, and runtime.Goexit (FailNow, SkipNow) and a recovered panic are
// a longjmp to the thread's innermost recover point (goexitPoint), never
// across a lock. A panic with no recover point, or one tRunner re-raises
// after reporting it, ends the binary as Go's does.
//
#define _GNU_SOURCE // sched_getaffinity, as runtime.GOMAXPROCS counts CPUs
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    p->aborted = false;
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

_Noreturn void testing_abortInput(void) {
    goexitPoint *p = goexitTop;
    if (p == NULL) {
        // Only the engine calls this, inside a fuzz function's tRunner.
        go_panic("testing: an input aborted outside its test");
    }
    p->aborted = true;
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

// ctest: a goroutine runs on a pooled thread. A test's goroutine is short
// and there may be millions of them (a seed corpus of a million files is a
// subtest each), so a thread whose function returned waits for the next
// one instead of exiting: creating and joining a thread a test cost tens of
// microseconds, most of a seed's time. The pool grows to the largest
// number of goroutines alive at once.
struct testing_goroutine {
    pthread_t thread;
    pthread_cond_t cond; // signals a new task, and a task's end
    void *(*fn)(void *); // the task, while it is set
    void *arg;
    int goid;
    int busy; // a task was handed over and has not returned yet
    int done; // the task returned and its joiner has not seen it yet
    testing_goroutine *nextIdle;
};

// A goroutine that waits for another (a test for its subtest, a pooled
// thread for its next task) first spins for a while, since the other most
// often ends within microseconds: a sleep on a condition variable and the
// wake-up cost more than the subtest. spinRounds bounds the spin: 1024
// pauses and yields, some tens of microseconds.
enum { spinRounds = 1024 };

static inline void cpuRelax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

// poolMu guards every goroutine's fields but thread, and idle.
static pthread_mutex_t poolMu = PTHREAD_MUTEX_INITIALIZER;
static testing_goroutine *idle; // threads waiting for a task

go_int testing_gomaxprocs(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n > 0) {
            return n;
        }
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? n : 1;
}

// pausesPerYield is how many pauses the spin makes between two yields: on
// one CPU the thread waited for cannot run while this one pauses, so it
// yields at once. Set on the first wait (0: not yet known).
static int pausesPerYield;

bool testing_spinWait(const int *flag) {
    int pauses = __atomic_load_n(&pausesPerYield, __ATOMIC_RELAXED);
    if (pauses == 0) {
        pauses = testing_gomaxprocs() > 1 ? 16 : 1;
        __atomic_store_n(&pausesPerYield, pauses, __ATOMIC_RELAXED);
    }
    for (int i = 0; i < spinRounds; i++) {
        if (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != 0) {
            return true;
        }
        // Mostly pauses; now and then a yield, so that on a busy or single
        // CPU the thread waited for gets to run.
        if (i % pauses == pauses - 1) {
            sched_yield();
        } else {
            cpuRelax();
        }
    }
    return __atomic_load_n(flag, __ATOMIC_ACQUIRE) != 0;
}

static void *poolThread(void *p) {
    testing_goroutine *g = p;
    pthread_mutex_lock(&poolMu);
    for (;;) {
        if (!g->busy) {
            pthread_mutex_unlock(&poolMu);
            testing_spinWait(&g->busy);
            pthread_mutex_lock(&poolMu);
        }
        while (!g->busy) {
            pthread_cond_wait(&g->cond, &poolMu);
        }
        void *(*fn)(void *) = g->fn;
        void *arg = g->arg;
        goid = g->goid;
        pthread_mutex_unlock(&poolMu);
        fn(arg);
        // The runtime keeps the thread's last panic message until the next
        // panic or handler change; let it go with the task.
        runtime_setPanicHandler(NULL, NULL);
        pthread_mutex_lock(&poolMu);
        __atomic_store_n(&g->busy, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&g->done, 1, __ATOMIC_RELEASE);
        pthread_cond_broadcast(&g->cond);
    }
    return NULL;
}

int testing_enterInline(common *c) {
    int prev = goid;
    c->goid = __atomic_add_fetch(&nextGoid, 1, __ATOMIC_SEQ_CST);
    goid = c->goid;
    return prev;
}

void testing_leaveInline(int prev) {
    goid = prev;
}

void testing_startThread(common *c, void *(*fn)(void *), void *arg) {
    int id = __atomic_add_fetch(&nextGoid, 1, __ATOMIC_SEQ_CST);
    c->goid = id;
    pthread_mutex_lock(&poolMu);
    testing_goroutine *g = idle;
    if (g != NULL) {
        idle = g->nextIdle;
    } else {
        g = runtime_calloc(1, sizeof *g);
        pthread_cond_init(&g->cond, NULL);
        int err = pthread_create(&g->thread, NULL, poolThread, g);
        if (err != 0) {
            fflush(stdout);
            fprintf(stderr, "runtime: failed to create new OS thread: %s\n", strerror(err));
            exit(2);
        }
    }
    g->fn = fn;
    g->arg = arg;
    g->goid = id;
    g->done = 0;
    __atomic_store_n(&g->busy, 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&g->cond);
    pthread_mutex_unlock(&poolMu);
    c->thread = g;
}

void testing_joinGoroutine(testing_goroutine *g) {
    testing_spinWait(&g->done);
    pthread_mutex_lock(&poolMu);
    while (!g->done) {
        pthread_cond_wait(&g->cond, &poolMu);
    }
    g->done = 0;
    g->fn = NULL;
    g->arg = NULL;
    g->nextIdle = idle;
    idle = g;
    pthread_mutex_unlock(&poolMu);
}
