// Ports go1.19.8 src/internal/fuzz/queue.go: queue, a growable ring buffer
// of inputs waiting to be fuzzed or minimized.
//
// Go's queue holds `any`; this one holds elements of elemSize bytes by
// value, copied in and out, so the coordinator can queue CorpusEntry structs
// as Go does without allocating each one.
//
#include "internal/fuzz/queue.h"

#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"

size_t fuzz_queue_cap(const queue *q) {
    return q->elemsLen;
}

static uint8_t *queue_slot(const queue *q, size_t i) {
    return q->elems + i * q->elemSize;
}

// queue_grow doubles the ring (8 elements at first) and moves the elements
// to its start, in order.
static void queue_grow(queue *q) {
    size_t oldCap = fuzz_queue_cap(q);
    size_t newCap = oldCap * 2;
    if (newCap == 0) {
        newCap = 8;
    }
    uint8_t *newElems = runtime_calloc(newCap, q->elemSize);
    for (size_t i = 0; i < q->len; i++) {
        memcpy(newElems + i * q->elemSize, queue_slot(q, (q->head + i) % oldCap), q->elemSize);
    }
    free(q->elems);
    q->elems = newElems;
    q->elemsLen = newCap;
    q->head = 0;
}

void fuzz_queue_enqueue(queue *q, const void *e) {
    if (q->len + 1 > fuzz_queue_cap(q)) {
        queue_grow(q);
    }
    size_t i = (q->head + q->len) % fuzz_queue_cap(q);
    memcpy(queue_slot(q, i), e, q->elemSize);
    q->len++;
}

void fuzz_queue_pushFront(queue *q, const void *e) {
    if (q->len + 1 > fuzz_queue_cap(q)) {
        queue_grow(q);
    }
    q->head = (q->head + fuzz_queue_cap(q) - 1) % fuzz_queue_cap(q);
    memcpy(queue_slot(q, q->head), e, q->elemSize);
    q->len++;
}

bool fuzz_queue_dequeue(queue *q, void *e) {
    if (q->len == 0) {
        return false;
    }
    memcpy(e, queue_slot(q, q->head), q->elemSize);
    // Go sets the slot to nil so the queue keeps nothing alive.
    memset(queue_slot(q, q->head), 0, q->elemSize);
    q->head = (q->head + 1) % fuzz_queue_cap(q);
    q->len--;
    return true;
}

bool fuzz_queue_peek(const queue *q, void *e) {
    if (q->len == 0) {
        return false;
    }
    memcpy(e, queue_slot(q, q->head), q->elemSize);
    return true;
}

void fuzz_queue_clear(queue *q) {
    free(q->elems);
    *q = (queue){ .elemSize = q->elemSize };
}
