// Tests fuzzsched.c: the turns of -fuzzmulti's fuzz tests.
#include <inttypes.h>

#include "cmd/ctest/ctest.h"
#include "testing/testing.h"

static const int64_t second = INT64_C(1000000000);

// turn is a turn the schedule is expected to give: the fuzz test and its
// time in milliseconds.
typedef struct turn {
    size_t i;
    int64_t ms;
} turn;

// runSchedule runs the schedule of n fuzz tests sharing limit, giving each
// turn of fuzz test i the rate rates[i] and letting turn k take overrun[k]
// ms more than it was given, and checks its turns against want (nwant of
// them, to the millisecond) and that the turns took the limit in all.
static void runSchedule(T *t, const char *name, size_t n, int64_t limit, const double *rates,
                        const int64_t *overrun, const turn *want, size_t nwant) {
    fuzzSchedule *s = newFuzzSchedule(n, limit, false);
    size_t i, k = 0;
    int64_t amount, total = 0;
    while (fuzzSchedule_next(s, &i, &amount)) {
        if (k >= nwant) {
            t_errorf(t, "%s: turn %zu: got fuzz test %zu for %" PRId64 "ms, want no more turns",
                     name, k, i, amount / 1000000);
            break;
        }
        if (i != want[k].i || amount / 1000000 < want[k].ms - 1 ||
            amount / 1000000 > want[k].ms + 1) {
            t_errorf(t,
                     "%s: turn %zu: got fuzz test %zu for %" PRId64 "ms, want %zu for %" PRId64
                     "ms",
                     name, k, i, amount / 1000000, want[k].i, want[k].ms);
        }
        int64_t took = amount + (overrun != NULL ? overrun[k] * 1000000 : 0);
        total += took;
        fuzzSchedule_done(s, i, took, rates[i]);
        k++;
    }
    fuzzSchedule_free(s);
    if (k != nwant) {
        t_errorf(t, "%s: got %zu turns, want %zu", name, k, nwant);
    }
    if (total != limit) {
        t_errorf(t, "%s: the turns took %" PRId64 "ns, want %" PRId64 "ns", name, total, limit);
    }
}

// TestFuzzScheduleRates: the first half of -fuzztime is shared equally,
// the second by the rates the first turns ended with; without rates,
// equally again.
void TestFuzzScheduleRates(T *t) {
    static const double rates[] = { 0.03, 0.01 };
    static const turn want[] = { { 0, 25000 }, { 1, 25000 }, { 0, 37500 }, { 1, 12500 } };
    runSchedule(t, "rates 3:1", 2, 100 * second, rates, NULL, want, 4);

    static const double none[] = { 0, 0, 0 };
    static const turn equal[] = { { 0, 10000 }, { 1, 10000 }, { 2, 10000 },
                                  { 0, 10000 }, { 1, 10000 }, { 2, 10000 } };
    runSchedule(t, "no rates", 3, 60 * second, none, NULL, equal, 6);

    static const double one[] = { 0.02 };
    static const turn alone[] = { { 0, 30000 }, { 0, 30000 } };
    runSchedule(t, "one fuzz test", 1, 60 * second, one, NULL, alone, 2);
}

// TestFuzzRecentRate: the rate a turn ends with, from its progress lines;
// a turn with one line (it minimized a crasher until its end) or none is
// not measured.
void TestFuzzRecentRate(T *t) {
    static const fuzzProgress lines[] = {
        { 0, 0, 10 }, { 3 * second, 40, 50 }, { 6 * second, 70, 80 }, { 9 * second, 80, 90 }
    };
    static const struct {
        const char *name;
        size_t n;
        double want;
    } tests[] = {
        // From the line at 6 s (the last third of 9 s): 10 inputs in 3 s,
        // over 90.
        { "four lines", 4, 10.0 / 3 / 90 },
        { "one line", 1, -1 },
        { "none", 0, -1 },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        double got = fuzzRecentRate(lines, tests[i].n);
        if (got < tests[i].want - 1e-9 || got > tests[i].want + 1e-9) {
            t_errorf(t, "%s: got %g, want %g", tests[i].name, got, tests[i].want);
        }
    }
    static const fuzzProgress same[] = { { 3 * second, 5, 9 }, { 3 * second, 6, 10 } };
    if (fuzzRecentRate(same, 2) != -1) {
        t_errorf(t, "two lines at one time: got %g, want -1", fuzzRecentRate(same, 2));
    }
}

// TestFuzzScheduleUnmeasured: a fuzz test whose first turn could not be
// measured (its time went to minimizing a crasher) weighs as the mean of
// the others in the second round, not as a fuzz test that found nothing.
void TestFuzzScheduleUnmeasured(T *t) {
    static const double rates[] = { 0.03, -1, 0.01 };
    static const turn want[] = { { 0, 10000 }, { 1, 10000 }, { 2, 10000 },
                                 { 0, 15000 }, { 1, 10000 }, { 2, 5000 } };
    runSchedule(t, "one unmeasured", 3, 60 * second, rates, NULL, want, 6);

    static const double none[] = { -1, -1 };
    static const turn equal[] = { { 0, 5000 }, { 1, 5000 }, { 0, 5000 }, { 1, 5000 } };
    runSchedule(t, "none measured", 2, 20 * second, none, NULL, equal, 4);
}

// TestFuzzScheduleSmallShare: a second-round share under two seconds is
// not worth starting the test binary for: the others get it.
void TestFuzzScheduleSmallShare(T *t) {
    static const double rates[] = { 0.01, 0.0001, 0.01 };
    static const turn want[] = { { 0, 5000 }, { 1, 5000 }, { 2, 5000 }, { 0, 7500 }, { 2, 7500 } };
    runSchedule(t, "a stalled fuzz test", 3, 30 * second, rates, NULL, want, 5);

    // When every share is that small, they are all kept, by rate.
    static const double rates2[] = { 0.03, 0.01 };
    static const turn small[] = { { 0, 1000 }, { 1, 1000 }, { 0, 1500 }, { 1, 500 } };
    runSchedule(t, "all shares small", 2, 4 * second, rates2, NULL, small, 4);
}

// TestFuzzScheduleOverrun: a turn that takes longer than it was given (the
// test binary starting, reading its corpus) shortens the turns after it,
// so that the run ends on time.
void TestFuzzScheduleOverrun(T *t) {
    static const double rates[] = { 0.01, 0.01, 0.01 };
    static const int64_t overrun[] = { 2000, 0, 0, 3000, 0, 0 };
    static const turn want[] = { { 0, 10000 }, { 1, 9000 }, { 2, 9000 },
                                 { 0, 10000 }, { 1, 8500 }, { 2, 8500 } };
    runSchedule(t, "overruns", 3, 60 * second, rates, overrun, want, 6);
}

// TestFuzzScheduleLateFirstTurn: when the first turns overrun the whole
// first round, the fuzz test left without a turn has the first turn of
// the second round, however small its share, and the others follow.
void TestFuzzScheduleLateFirstTurn(T *t) {
    static const double rates[] = { 0.01, 0.01, 0.01 };
    static const int64_t overrun[] = { 600, 600, 0, 0, 0 };
    static const turn want[] = { { 0, 333 }, { 1, 33 }, { 2, 144 }, { 0, 144 }, { 1, 144 } };
    runSchedule(t, "a slow start", 3, 2 * second, rates, overrun, want, 5);
}

// TestFuzzScheduleCount: -fuzztime=Nx is one round, N/n executions each,
// the remainder going to the last turns.
void TestFuzzScheduleCount(T *t) {
    fuzzSchedule *s = newFuzzSchedule(3, 10, true);
    size_t i;
    int64_t amount, want[] = { 3, 3, 4 };
    for (size_t k = 0; k < 3; k++) {
        if (!fuzzSchedule_next(s, &i, &amount) || i != k || amount != want[k]) {
            t_fatalf(t, "turn %zu: got test %zu for %" PRId64 "x, want test %zu for %" PRId64 "x",
                     k, i, amount, k, want[k]);
        }
        fuzzSchedule_done(s, i, amount, 0.5);
    }
    if (fuzzSchedule_next(s, &i, &amount)) {
        t_errorf(t, "after one round: got another turn, of %" PRId64 "x", amount);
    }
    fuzzSchedule_free(s);
}

// TestFuzzScheduleNoLimit: without -fuzztime the rounds go on, two minutes
// a fuzz test: the first equally, the later ones by rate, each fuzz test
// getting at least 30 seconds.
void TestFuzzScheduleNoLimit(T *t) {
    fuzzSchedule *s = newFuzzSchedule(2, 0, false);
    static const turn want[] = { { 0, 120000 }, { 1, 120000 }, { 0, 210000 },
                                 { 1, 30000 },  { 0, 210000 }, { 1, 30000 } };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        size_t i;
        int64_t amount;
        if (!fuzzSchedule_next(s, &i, &amount) || i != want[k].i ||
            amount / 1000000 != want[k].ms) {
            t_fatalf(t, "turn %zu: got test %zu for %" PRId64 "ms, want test %zu for %" PRId64 "ms",
                     k, i, amount / 1000000, want[k].i, want[k].ms);
        }
        fuzzSchedule_done(s, i, amount, i == 0 ? 0.05 : 0);
    }
    fuzzSchedule_free(s);
}
