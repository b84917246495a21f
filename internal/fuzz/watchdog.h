// watchdog.h: the thread that ends a process whose call of the fuzz
// function runs too long (watchdog.c), for the fuzzing worker
// (worker_server.c) and the -test.fuzzmerge mode (mergerun.c).
#ifndef CTEST_INTERNAL_FUZZ_WATCHDOG_H
#define CTEST_INTERNAL_FUZZ_WATCHDOG_H

#include <stdint.h>

// fuzz_watchdog is what the thread watches and does. Once started it
// must live as long as the process.
typedef struct fuzz_watchdog {
    // callStart is when the running call started (time_now's clock), 0
    // between calls: set with fuzz_watchdog_enter and fuzz_watchdog_leave.
    // The fuzz loop gives a time read a few calls earlier (loopclock.h).
    int64_t callStart;
    // calls counts the calls entered: the thread tells a call that runs
    // on from the next one by it.
    uint64_t calls;
    // limit is how long one call may run (ns).
    int64_t limit;
    // msg is written to stderr when a call runs past limit, before the
    // process exits with status 2. Made before the thread starts: the
    // thread that hangs may hold any lock, malloc's included.
    const char *msg;
    // hung, if set, runs first then: it must not take locks either.
    void (*hung)(void);
    // tick, if set, runs at each look, every 100 ms.
    void (*tick)(void);
} fuzz_watchdog;

// fuzz_watchdog_start starts w's thread. A call then costs three stores,
// no system call: the thread looks at the call every 100 ms, and ends the
// process once it has seen the same call run for longer than limit.
void fuzz_watchdog_start(fuzz_watchdog *w);

// fuzz_watchdog_enter marks a call started at now (what happened before
// it, such as writing the record hung reads, is seen by the thread);
// fuzz_watchdog_leave marks it ended.
static inline void fuzz_watchdog_enter(fuzz_watchdog *w, int64_t now) {
    __atomic_store_n(&w->calls, w->calls + 1, __ATOMIC_RELAXED);
    __atomic_store_n(&w->callStart, now, __ATOMIC_RELEASE);
}

static inline void fuzz_watchdog_leave(fuzz_watchdog *w) {
    __atomic_store_n(&w->callStart, 0, __ATOMIC_RELEASE);
}

// fuzz_watchdog_callStart is when the running call started, or 0.
static inline int64_t fuzz_watchdog_callStart(fuzz_watchdog *w) {
    return __atomic_load_n(&w->callStart, __ATOMIC_ACQUIRE);
}

#endif // CTEST_INTERNAL_FUZZ_WATCHDOG_H
