// Ports go1.19.8 src/internal/fuzz/queue_test.go: TestQueue, on a queue of
// go_int (Go's queue holds ints as `any` there).
//
#include <inttypes.h>

#include "internal/fuzz/queue.h"
#include "testing/testing.h"

void TestQueue(T *t) {
    // An empty queue has neither length nor room.
    queue q = { .elemSize = sizeof(go_int) };
    if (q.len != 0) {
        t_fatalf(t, "empty queue has len %zu; want 0", q.len);
    }
    if (fuzz_queue_cap(&q) != 0) {
        t_fatalf(t, "empty queue has cap %zu; want 0", fuzz_queue_cap(&q));
    }

    // As we add elements, len should grow.
    const go_int N = 32;
    for (go_int i = 0; i < N; i++) {
        fuzz_queue_enqueue(&q, &i);
        if ((go_int)q.len != i + 1) {
            t_fatalf(t, "after adding %" PRId64 " elements, queue has len %zu", i, q.len);
        }
        go_int v;
        if (!fuzz_queue_peek(&q, &v)) {
            t_fatalf(t, "couldn't peek after adding %" PRId64 " elements", i);
        } else if (v != 0) {
            t_fatalf(t, "after adding %" PRId64 " elements, peek is %" PRId64 "; want 0", i, v);
        }
    }

    // Taking elements out and putting more in: the length follows, and
    // the elements come out in the order they went in.
    go_int want = 0;
    static const go_int rs[] = { 1, 2, 3, 5, 8, 13, 21 };
    for (size_t ri = 0; ri < sizeof rs / sizeof rs[0]; ri++) {
        go_int r = rs[ri];
        go_int s[21];
        size_t ns = 0;
        for (go_int i = 0; i < r; i++) {
            go_int got;
            if (!fuzz_queue_dequeue(&q, &got)) {
                t_fatalf(t, "after removing %" PRId64 " of %" PRId64 " elements, could not dequeue",
                         i + 1, r);
            } else if (got != want) {
                t_fatalf(t,
                         "after removing %" PRId64 " of %" PRId64 " elements, got %" PRId64
                         "; want %" PRId64,
                         i + 1, r, got, want);
            } else {
                s[ns++] = got;
            }
            want = (want + 1) % N;
            if ((go_int)q.len != N - i - 1) {
                t_fatalf(t,
                         "after removing %" PRId64 " of %" PRId64
                         " elements, len is %zu; want %" PRId64,
                         i + 1, r, q.len, N - i - 1);
            }
        }
        for (size_t i = 0; i < ns; i++) {
            fuzz_queue_enqueue(&q, &s[i]);
            if ((go_int)q.len != N - r + (go_int)i + 1) {
                // Go's message prints n-r+i+1 (n the len) where it means N.
                t_fatalf(t,
                         "after adding back %zu of %" PRId64 " elements, len is %zu; want %" PRId64,
                         i + 1, r, q.len, (go_int)q.len - r + (go_int)i + 1);
            }
        }
    }
    fuzz_queue_clear(&q);
}

// TestQueuePushFront checks ctest's pushFront: what it puts comes out
// first, ahead of what was queued, across the ring's wrap and growth.
void TestQueuePushFront(T *t) {
    queue q = { .elemSize = sizeof(go_int) };
    for (go_int i = 0; i < 6; i++) {
        fuzz_queue_enqueue(&q, &i); // 0..5
    }
    go_int v;
    fuzz_queue_dequeue(&q, &v); // head moves off slot 0
    fuzz_queue_dequeue(&q, &v);
    for (go_int i = 100; i < 106; i++) {
        fuzz_queue_pushFront(&q, &i); // wraps, then grows past 8
    }
    static const go_int want[] = { 105, 104, 103, 102, 101, 100, 2, 3, 4, 5 };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        if (!fuzz_queue_dequeue(&q, &v) || v != want[i]) {
            t_fatalf(t, "dequeue %zu: got %" PRId64 ", want %" PRId64, i, v, want[i]);
        }
    }
    if (q.len != 0) {
        t_errorf(t, "queue has %zu elements left, want 0", q.len);
    }
    fuzz_queue_clear(&q);
}
