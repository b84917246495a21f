// queue.h: the ring buffer of inputs waiting (queue.c).
#ifndef CTEST_INTERNAL_FUZZ_QUEUE_H
#define CTEST_INTERNAL_FUZZ_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// queue is queue.go's queue, a growable ring buffer, holding elements of
// elemSize bytes by value (Go's any holds CorpusEntry and fuzzMinimizeInput
// values). Set elemSize and zero the rest to make an empty queue; it does not
// own what the elements point to.
typedef struct queue {
    uint8_t *elems;  // the ring, elemsLen elements
    size_t elemsLen; // Go's len(q.elems), the capacity
    size_t elemSize; // bytes per element
    size_t head, len;
} queue;

size_t fuzz_queue_cap(const queue *q);
void fuzz_queue_enqueue(queue *q, const void *e);
// fuzz_queue_pushFront puts e first, to be dequeued next. ctest: not in
// Go's queue; the coordinator fuzzes a new interesting input next with
// -test.fuzzcmp.
void fuzz_queue_pushFront(queue *q, const void *e);
// fuzz_queue_dequeue and fuzz_queue_peek copy the first element to *e and
// return true, or return false when q is empty.
bool fuzz_queue_dequeue(queue *q, void *e);
bool fuzz_queue_peek(const queue *q, void *e);
// fuzz_queue_clear frees the ring and empties q; elemSize stays.
void fuzz_queue_clear(queue *q);

#endif // CTEST_INTERNAL_FUZZ_QUEUE_H
