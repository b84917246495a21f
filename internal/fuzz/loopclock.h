// loopclock.h: the clock of the worker's fuzz loop (worker_server.c), ctest's.
//
// Go reads the clock around every call of the fuzz function: for the
// call's duration and for the context's deadline. On a fast target those
// two reads were a sixth of an execution. The loop reads it instead every
// `every` executions, and adapts `every` so that reads stay a few
// microseconds apart: a target whose calls take 16 us or more is read after
// every call, as in Go; a no-op target about once in 64 calls. A call that
// turns out interesting forces a read.
//
// What the loop gets from a read is the mean time of the executions since
// the one before (the mutation included); after every call, that is the
// call's own time. How late a deadline is seen is bounded by `every`
// executions.
#ifndef CTEST_INTERNAL_FUZZ_LOOPCLOCK_H
#define CTEST_INTERNAL_FUZZ_LOOPCLOCK_H

#include <stdbool.h>
#include <stdint.h>

enum {
    // loopClock_minGap and loopClock_maxGap (ns) bound the time between two
    // reads that leaves `every` as it is: below, it doubles; above, the
    // calls have slowed down, and it starts again from 1.
    loopClock_minGap = 16 * 1000,
    loopClock_maxGap = 64 * 1000,
    // loopClock_maxEvery caps `every`, and so how many executions a
    // deadline can be seen late by when calls suddenly slow down.
    loopClock_maxEvery = 64,
};

typedef struct fuzz_loopClock {
    int64_t last;   // the time of the last read (time_now's clock)
    uint32_t every; // executions between reads, a power of two
    uint32_t since; // executions since the last read
} fuzz_loopClock;

// fuzz_loopClock_start begins with a read at now, and reads after the first
// execution.
static inline void fuzz_loopClock_start(fuzz_loopClock *c, int64_t now) {
    c->last = now;
    c->every = 1;
    c->since = 0;
}

// fuzz_loopClock_due counts one execution and reports whether the clock is
// to be read now.
static inline bool fuzz_loopClock_due(fuzz_loopClock *c) {
    return ++c->since >= c->every;
}

// fuzz_loopClock_read records a read at now, after at least one execution
// counted by fuzz_loopClock_due, and returns the mean time of the
// executions since the previous read.
static inline int64_t fuzz_loopClock_read(fuzz_loopClock *c, int64_t now) {
    int64_t gap = now - c->last;
    int64_t mean = gap / (c->since > 0 ? c->since : 1);
    if (c->since >= c->every) {
        // Only a full count of executions says how long `every` of them
        // take; a read forced early leaves `every` alone.
        if (gap < loopClock_minGap && c->every < loopClock_maxEvery) {
            c->every *= 2;
        } else if (gap > loopClock_maxGap && c->every > 1) {
            c->every = 1;
        }
    }
    c->last = now;
    c->since = 0;
    return mean;
}

#endif // CTEST_INTERNAL_FUZZ_LOOPCLOCK_H
