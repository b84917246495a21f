// (none) Tests of loopclock.h on made-up times: how often the fuzz loop
// reads the clock for calls of a given length, what a read reports, and
// how late a deadline is seen.
//
#include <inttypes.h>

#include "internal/fuzz/loopclock.h"
#include "testing/testing.h"

// runCalls runs n calls of the given length (ns) from *now, reading the
// clock when it is due, and returns how many reads there were; *lastMean
// is what the last read reported.
static int64_t runCalls(fuzz_loopClock *c, int64_t *now, int64_t n, int64_t length,
                        int64_t *lastMean) {
    int64_t reads = 0;
    for (int64_t i = 0; i < n; i++) {
        *now += length;
        if (fuzz_loopClock_due(c)) {
            *lastMean = fuzz_loopClock_read(c, *now);
            reads++;
        }
    }
    return reads;
}

void TestLoopClockFastCalls(T *t) {
    fuzz_loopClock c;
    int64_t now = 1000, mean = 0;
    fuzz_loopClock_start(&c, now);
    // 200 ns calls: reads move apart until the cap, 64 calls.
    int64_t reads = runCalls(&c, &now, 100000, 200, &mean);
    if (c.every != loopClock_maxEvery) {
        t_errorf(t, "after 100000 calls of 200ns, every = %" PRIu32 "; want %d", c.every,
                 loopClock_maxEvery);
    }
    if (reads > 100000 / loopClock_maxEvery + 20) {
        t_errorf(t, "100000 calls of 200ns read the clock %" PRId64 " times; want about %d", reads,
                 100000 / loopClock_maxEvery);
    }
    if (mean != 200) {
        t_errorf(t, "the last read reported %" PRId64 "ns a call; want 200", mean);
    }
    // The last read is at most every calls old.
    if (c.last > now || now - c.last >= loopClock_maxEvery * 200) {
        t_errorf(t, "last = %" PRId64 " at %" PRId64 "; want within %d calls", c.last, now,
                 loopClock_maxEvery);
    }
}

void TestLoopClockSlowCalls(T *t) {
    fuzz_loopClock c;
    int64_t now = 0, mean = 0;
    fuzz_loopClock_start(&c, now);
    // 20 us calls: every call is read, as in Go, and timed exactly.
    int64_t reads = runCalls(&c, &now, 1000, 20000, &mean);
    if (reads != 1000 || c.every != 1 || mean != 20000) {
        t_errorf(t,
                 "1000 calls of 20us: %" PRId64 " reads, every %" PRIu32 ", mean %" PRId64
                 "; want 1000, 1, 20000",
                 reads, c.every, mean);
    }
    // 5 us calls: reads every 4 calls, 20 us apart.
    runCalls(&c, &now, 1000, 5000, &mean);
    if (c.every != 4 || mean != 5000) {
        t_errorf(t, "calls of 5us: every %" PRIu32 ", mean %" PRId64 "; want 4, 5000", c.every,
                 mean);
    }
}

void TestLoopClockSlowdown(T *t) {
    fuzz_loopClock c;
    int64_t now = 0, mean = 0;
    fuzz_loopClock_start(&c, now);
    runCalls(&c, &now, 10000, 100, &mean);
    // Calls that suddenly take 5 ms: a deadline 2 ms after the last read
    // is seen after at most `every` such calls, and the next read starts
    // again from one call.
    int64_t deadline = c.last + 2 * 1000 * 1000;
    int64_t calls = 0;
    while (c.last < deadline) {
        now += 5 * 1000 * 1000;
        calls++;
        if (fuzz_loopClock_due(&c)) {
            mean = fuzz_loopClock_read(&c, now);
        }
    }
    if (calls > loopClock_maxEvery) {
        t_errorf(t, "the deadline was seen after %" PRId64 " calls; want at most %d", calls,
                 loopClock_maxEvery);
    }
    if (c.every != 1) {
        t_errorf(t, "after calls of 5ms, every = %" PRIu32 "; want 1", c.every);
    }
    runCalls(&c, &now, 1, 5 * 1000 * 1000, &mean);
    if (mean != 5 * 1000 * 1000) {
        t_errorf(t, "the read after calls of 5ms reported %" PRId64 "ns; want 5000000", mean);
    }
}

void TestLoopClockForcedRead(T *t) {
    fuzz_loopClock c;
    int64_t now = 0, mean = 0;
    fuzz_loopClock_start(&c, now);
    runCalls(&c, &now, 10000, 100, &mean);
    fuzz_loopClock_read(&c, now);
    uint32_t every = c.every;
    // An interesting call three calls after a read: the forced read
    // reports the mean of the three, and leaves every as it is.
    now += 100;
    fuzz_loopClock_due(&c);
    now += 100;
    fuzz_loopClock_due(&c);
    now += 700;
    if (fuzz_loopClock_due(&c)) {
        t_fatalf(t, "a read was due three calls after one, with every = %" PRIu32, every);
    }
    mean = fuzz_loopClock_read(&c, now);
    if (mean != 300 || c.every != every || c.since != 0) {
        t_errorf(t,
                 "forced read: mean %" PRId64 ", every %" PRIu32 ", since %" PRIu32
                 "; want 300, %" PRIu32 ", 0",
                 mean, c.every, c.since, every);
    }
}
