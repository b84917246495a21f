// Ports go1.19.8 src/testing/testing.go: testContext (waitParallel,
// release) and the channels behind t.signal and t.barrier, with the order
// in which Go's scheduler resumes parallel subtests.
//
// Go's channels become a mutex and a condition variable each. Where Go's
// runtime decides who runs next, the order is Go's as its scheduler gives
// it on one CPU, so that -parallel=1 prints what Go prints: see
// testing_barrierChan_waitTurn.
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "testing/internal.h"
#include "testing/match.h"

// ---- channels ----

void testing_boolChan_init(boolChan *ch) {
    pthread_mutex_init(&ch->mu, NULL);
    pthread_cond_init(&ch->cond, NULL);
    ch->head = 0;
    ch->n = 0;
}

void testing_boolChan_destroy(boolChan *ch) {
    pthread_mutex_destroy(&ch->mu);
    pthread_cond_destroy(&ch->cond);
}

void testing_boolChan_send(boolChan *ch, bool v) {
    pthread_mutex_lock(&ch->mu);
    // Go's t.signal has a buffer of one and sees at most two sends (Parallel's
    // release and the end of the test), so four slots never fill.
    ch->vals[(ch->head + ch->n) % 4] = v;
    __atomic_store_n(&ch->n, ch->n + 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&ch->cond);
    pthread_mutex_unlock(&ch->mu);
}

bool testing_boolChan_recv(boolChan *ch) {
    testing_spinWait(&ch->n);
    pthread_mutex_lock(&ch->mu);
    while (ch->n == 0) {
        pthread_cond_wait(&ch->cond, &ch->mu);
    }
    bool v = ch->vals[ch->head];
    ch->head = (ch->head + 1) % 4;
    __atomic_store_n(&ch->n, ch->n - 1, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&ch->mu);
    return v;
}

bool testing_boolChan_tryRecv(boolChan *ch, bool *v) {
    pthread_mutex_lock(&ch->mu);
    bool ok = ch->n > 0;
    if (ok) {
        *v = ch->vals[ch->head];
        ch->head = (ch->head + 1) % 4;
        __atomic_store_n(&ch->n, ch->n - 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&ch->mu);
    return ok;
}

barrierChan *testing_newBarrierChan(void) {
    barrierChan *b = runtime_calloc(1, sizeof *b);
    pthread_mutex_init(&b->mu, NULL);
    pthread_cond_init(&b->cond, NULL);
    return b;
}

void testing_barrierChan_free(barrierChan *b) {
    if (b == NULL) {
        return;
    }
    pthread_mutex_destroy(&b->mu);
    pthread_cond_destroy(&b->cond);
    free(b);
}

void testing_barrierChan_close(barrierChan *b, size_t n) {
    pthread_mutex_lock(&b->mu);
    b->closed = true;
    b->n = n;
    b->turn = 0;
    pthread_cond_broadcast(&b->cond);
    pthread_mutex_unlock(&b->mu);
}

void testing_barrierChan_reopen(barrierChan *b) {
    b->closed = false;
    b->n = 0;
    b->turn = 0;
}

// resumeTurn is the turn of the i-th of n parallel subtests once their
// parent closes its barrier. Closing a channel readies its receivers
// last-queued first, each taking the processor's next slot from the one
// before, so on one CPU the first subtest runs first, then the last, back
// to the second (0, 3, 2, 1 for four).
static size_t resumeTurn(size_t i, size_t n) {
    return i == 0 ? 0 : n - i;
}

void testing_barrierChan_waitTurn(barrierChan *b, size_t i) {
    pthread_mutex_lock(&b->mu);
    while (!b->closed || b->turn != resumeTurn(i, b->n)) {
        pthread_cond_wait(&b->cond, &b->mu);
    }
    pthread_mutex_unlock(&b->mu);
}

void testing_barrierChan_passTurn(barrierChan *b) {
    pthread_mutex_lock(&b->mu);
    b->turn++;
    pthread_cond_broadcast(&b->cond);
    pthread_mutex_unlock(&b->mu);
}

// ---- testContext ----

testContext *testing_newTestContext(int maxParallel, testing_matcher *m) {
    testContext *c = runtime_calloc(1, sizeof *c);
    c->match = m;
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->startParallelCond, NULL);
    c->maxParallel = maxParallel;
    c->running = 1; // Set the count to 1 for the main (sequential) test.
    return c;
}

void testing_testContext_free(testContext *c) {
    if (c == NULL) {
        return;
    }
    pthread_mutex_destroy(&c->mu);
    pthread_cond_destroy(&c->startParallelCond);
    free(c);
}

bool testing_testContext_enter(testContext *c, uint64_t *ticket) {
    pthread_mutex_lock(&c->mu);
    bool queued = c->running >= c->maxParallel;
    if (queued) {
        c->numWaiting++;
        *ticket = c->nextTicket++;
    } else {
        c->running++;
    }
    pthread_mutex_unlock(&c->mu);
    return queued;
}

void testing_testContext_wait(testContext *c, uint64_t ticket) {
    pthread_mutex_lock(&c->mu);
    // <-c.startParallel: wait for a release to hand its slot over, in the
    // order the waiters came, as a channel queues its receivers.
    while (c->startParallel == 0 || c->nowServing != ticket) {
        pthread_cond_wait(&c->startParallelCond, &c->mu);
    }
    c->startParallel--;
    c->nowServing++;
    pthread_cond_broadcast(&c->startParallelCond);
    pthread_mutex_unlock(&c->mu);
}

void testing_testContext_waitParallel(testContext *c) {
    uint64_t ticket;
    if (testing_testContext_enter(c, &ticket)) {
        testing_testContext_wait(c, ticket);
    }
}

void testing_testContext_release(testContext *c) {
    pthread_mutex_lock(&c->mu);
    if (c->numWaiting == 0) {
        c->running--;
        pthread_mutex_unlock(&c->mu);
        return;
    }
    c->numWaiting--;
    // c.startParallel <- true: pick a waiting test to be run.
    c->startParallel++;
    pthread_cond_broadcast(&c->startParallelCond);
    pthread_mutex_unlock(&c->mu);
}
