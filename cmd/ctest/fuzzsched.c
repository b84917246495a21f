// (none) ctest's own: the schedule of -fuzzmulti (fuzzmulti.c), which of
// the run's fuzz tests fuzzes next and for how long. Go fuzzes one fuzz
// test per run and needs none.
//
// The fuzz tests take turns, in order: each turn is a slice of the run's
// -fuzztime, fuzzed by a run of the test binary that stops at the slice's
// end, and the next slice of the same fuzz test starts from the fuzz cache
// the last one left. A -fuzztime is shared out so that every fuzz test
// gets the same time: the rounds are as few as keep each slice within
// sliceMax, and each slice is what is left of the limit over the slices
// still to come, so that the time one run takes past its slice (starting,
// reading the corpus) comes out of the later ones and the run ends on
// time. A -fuzztime=Nx is one round of N/n executions each. Without a
// limit the turns are sliceMax long and go on until the run is stopped.
#include <stdlib.h>

#include "cmd/ctest/ctest.h"

// sliceMax is the longest turn: long enough that starting the test binary
// and reading the corpus again is a small part of it, short enough that
// every fuzz test of a long or open-ended run makes progress early.
static const int64_t sliceMax = 2 * 60 * INT64_C(1000000000);

struct fuzzSchedule {
    size_t n;          // the fuzz tests, numbered 0..n-1
    bool count;        // limit counts executions, not nanoseconds
    int64_t limit;     // what the run may spend; 0: no limit
    int64_t spent;     // what its slices have spent so far
    size_t slicesLeft; // with a limit, the slices still to come
    size_t next;       // whose turn it is
};

fuzzSchedule *newFuzzSchedule(size_t n, int64_t limit, bool count) {
    fuzzSchedule *s = runtime_calloc(1, sizeof *s);
    s->n = n;
    s->count = count;
    s->limit = limit > 0 ? limit : 0;
    if (s->limit > 0 && count) {
        s->slicesLeft = n;
    } else if (s->limit > 0) {
        // The fewest rounds whose slices are at most sliceMax: the ceiling
        // of limit / (n * sliceMax), computed without overflow.
        int64_t round = sliceMax * (int64_t)n;
        int64_t rounds = s->limit / round + (s->limit % round != 0);
        s->slicesLeft = n * (size_t)rounds;
    }
    return s;
}

bool fuzzSchedule_next(fuzzSchedule *s, size_t *i, int64_t *amount) {
    if (s->n == 0) {
        return false;
    }
    if (s->limit == 0) {
        *i = s->next;
        *amount = sliceMax;
        return true;
    }
    if (s->slicesLeft == 0 || s->spent >= s->limit) {
        return false;
    }
    *amount = (s->limit - s->spent) / (int64_t)s->slicesLeft;
    if (*amount <= 0) {
        return false;
    }
    *i = s->next;
    return true;
}

void fuzzSchedule_done(fuzzSchedule *s, size_t i, int64_t spent, int64_t found) {
    (void)found; // round robin: what a slice found does not change the turns
    s->spent += spent;
    if (s->slicesLeft > 0) {
        s->slicesLeft--;
    }
    s->next = (i + 1) % s->n;
}

void fuzzSchedule_free(fuzzSchedule *s) {
    free(s);
}
