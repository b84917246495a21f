// Tests fuzzsched.c: the turns of -fuzzmulti's fuzz tests.
#include <inttypes.h>

#include "cmd/ctest/ctest.h"
#include "testing/testing.h"

static const int64_t second = INT64_C(1000000000);

// TestFuzzScheduleShares: the fuzz tests take turns in order and share the
// limit equally, in as few rounds as keep a turn within two minutes, and
// the schedule ends when the limit is spent.
void TestFuzzScheduleShares(T *t) {
    static const struct {
        size_t n;
        int64_t limit; // seconds
        size_t turns;
        int64_t slice; // seconds
    } cases[] = {
        { 5, 300, 5, 60 }, { 2, 10, 2, 5 },      { 1, 60, 1, 60 },    { 1, 120, 1, 120 },
        { 1, 121, 2, 60 }, { 3, 3600, 30, 120 }, { 4, 1000, 12, 83 }, // 1000/12 is 83.3: the last slices get the rest
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        fuzzSchedule *s = newFuzzSchedule(cases[c].n, cases[c].limit * second, false);
        size_t i, turns = 0;
        int64_t amount, total = 0;
        while (fuzzSchedule_next(s, &i, &amount)) {
            if (i != turns % cases[c].n) {
                t_errorf(t, "%zu tests, %" PRId64 "s: turn %zu goes to %zu, want %zu", cases[c].n,
                         cases[c].limit, turns, i, turns % cases[c].n);
            }
            if (amount / second != cases[c].slice && amount / second != cases[c].slice + 1) {
                t_errorf(t, "%zu tests, %" PRId64 "s: turn %zu is %" PRId64 "ns, want %" PRId64 "s",
                         cases[c].n, cases[c].limit, turns, amount, cases[c].slice);
            }
            total += amount;
            fuzzSchedule_done(s, i, amount, 0);
            if (++turns > 1000) {
                break;
            }
        }
        fuzzSchedule_free(s);
        if (turns != cases[c].turns || total != cases[c].limit * second) {
            t_errorf(t,
                     "%zu tests, %" PRId64 "s: got %zu turns of %" PRId64
                     "ns in all, want %zu of %" PRId64 "s",
                     cases[c].n, cases[c].limit, turns, total, cases[c].turns, cases[c].limit);
        }
    }
}

// TestFuzzScheduleOverrun: a turn that takes longer than its slice (the
// test binary starting, reading its corpus) shortens the turns after it,
// so that the run ends on time.
void TestFuzzScheduleOverrun(T *t) {
    fuzzSchedule *s = newFuzzSchedule(3, 30 * second, false);
    size_t i;
    int64_t amount, total = 0;
    int64_t want[] = { 10 * second, 9 * second, 9 * second };
    for (size_t turn = 0; turn < 3; turn++) {
        if (!fuzzSchedule_next(s, &i, &amount)) {
            t_fatalf(t, "turn %zu: the schedule ended", turn);
        }
        if (amount != want[turn]) {
            t_errorf(t, "turn %zu: got %" PRId64 "ns, want %" PRId64 "ns", turn, amount,
                     want[turn]);
        }
        int64_t took = turn == 0 ? 12 * second : amount; // the first overruns by 2s
        total += took;
        fuzzSchedule_done(s, i, took, 1);
    }
    if (fuzzSchedule_next(s, &i, &amount)) {
        t_errorf(t, "after 3 turns of 3: got another, of %" PRId64 "ns", amount);
    }
    if (total != 30 * second) {
        t_errorf(t, "the turns took %" PRId64 "ns, want 30s", total);
    }
    fuzzSchedule_free(s);
}

// TestFuzzScheduleCount: -fuzztime=Nx is one round, N/n executions each,
// the remainder going to the last turns.
void TestFuzzScheduleCount(T *t) {
    fuzzSchedule *s = newFuzzSchedule(3, 10, true);
    size_t i;
    int64_t amount, want[] = { 3, 3, 4 };
    for (size_t turn = 0; turn < 3; turn++) {
        if (!fuzzSchedule_next(s, &i, &amount) || i != turn || amount != want[turn]) {
            t_fatalf(t, "turn %zu: got test %zu for %" PRId64 "x, want test %zu for %" PRId64 "x",
                     turn, i, amount, turn, want[turn]);
        }
        fuzzSchedule_done(s, i, amount, 0);
    }
    if (fuzzSchedule_next(s, &i, &amount)) {
        t_errorf(t, "after one round: got another turn, of %" PRId64 "x", amount);
    }
    fuzzSchedule_free(s);
}

// TestFuzzScheduleNoLimit: without -fuzztime the turns go round, two
// minutes each, for as long as the run goes on.
void TestFuzzScheduleNoLimit(T *t) {
    fuzzSchedule *s = newFuzzSchedule(2, 0, false);
    for (size_t turn = 0; turn < 7; turn++) {
        size_t i;
        int64_t amount;
        if (!fuzzSchedule_next(s, &i, &amount) || i != turn % 2 || amount != 120 * second) {
            t_fatalf(t, "turn %zu: got test %zu for %" PRId64 "ns, want test %zu for 120s", turn, i,
                     amount, turn % 2);
        }
        fuzzSchedule_done(s, i, amount + second, 5);
    }
    fuzzSchedule_free(s);
}
