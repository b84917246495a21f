// sub_test.h: the helpers that sub_test.c and sub_trun_test.c share,
// defined in sub_test.c.
#ifndef CTEST_TESTING_SUB_TEST_H
#define CTEST_TESTING_SUB_TEST_H

#include <semaphore.h>
#include <stdbool.h>
#include <stddef.h>

#include "testing/internal.h"

// bufWrite is a writer's write over a strings_Builder (Go's bytes.Buffer).
void bufWrite(void *ctx, const char *p, size_t n);

// newRoot is the root T Go's tests build by hand: name and output writer w,
// with a barrier when withBarrier; it runs under ctx.
T *newRoot(const char *name, const writer *w, testContext *ctx, bool withBarrier);

// empty is a test function that does nothing.
void empty(T *t, void *arg);

// chan is the little of a Go channel these tests use: a send that does not
// wait and a receive that does (two of them make Go's unbuffered hand-off).
typedef struct chan {
    sem_t sem;
} chan;

void chan_init(chan *ch);
void chan_send(chan *ch);
void chan_recv(chan *ch);
void chan_destroy(chan *ch);

// recoverRun runs fn(arg) as a goroutine whose deferred recover returns the
// panic's message (caller frees) or NULL.
char *recoverRun(void (*fn)(void *arg), void *arg);

#endif // CTEST_TESTING_SUB_TEST_H
