// (none) ctest's own: the schedule of -fuzzmulti (fuzzmulti.c), which of
// the run's fuzz tests fuzzes next and for how long. Go fuzzes one fuzz
// test per run and needs none.
//
// The fuzz tests take turns in rounds, in order; a turn is a run of the
// test binary that fuzzes one of them, and the next turn of the same fuzz
// test starts from the fuzz cache the last one left. The first round
// shares its time equally. Each later round shares its time by how fast
// each fuzz test was still finding new inputs as its latest turn ended,
// over the size of its corpus (the rate fuzzmulti.c reads from the
// progress lines): more time to the fuzz tests still finding new
// coverage, little to those that have stopped. A turn that could not be
// measured (it spent its time minimizing a crasher, with -fuzzkeepgoing,
// or was too short for two progress lines) says nothing about its fuzz
// test, which then weighs as the others do on average.
//
// With a -fuzztime, the first round has half of it and the second round
// the rest, a turn each; a second-round share under minTurn goes to the
// others. A fuzz test whose first round ran out before its turn (the turns
// before it took longer than their shares, as test binaries start slowly
// on a busy machine) has the first turn of the second round, and keeps
// its share there however small. (Measured against round robin on
// bench/realworld: see docs/BEYOND.md, "Several fuzz tests in one run".)
// Each turn is its share scaled to what is left of its round, so that the
// time a turn takes past its share (starting the binary, reading the
// corpus) comes out of the turns after it and the run ends on time. A -fuzztime=Nx is one round of N/n executions each. Without a
// limit the rounds go on until the run is stopped, sliceMax a fuzz test
// each, and a later round gives every fuzz test at least a quarter of
// sliceMax, so that one whose rate fell is measured again.
#include <stdlib.h>

#include "cmd/ctest/ctest.h"

// sliceMax is a round's time a fuzz test without a limit: long enough that
// starting the binary and reading the corpus again is a small part of it,
// short enough that every fuzz test makes progress early.
static const int64_t sliceMax = 2 * 60 * INT64_C(1000000000);

// minTurn is the shortest turn worth starting the test binary for.
static const int64_t minTurn = 2 * INT64_C(1000000000);

struct fuzzSchedule {
    size_t n;          // the fuzz tests, numbered 0..n-1
    bool count;        // limit counts executions, not nanoseconds
    int64_t limit;     // what the run may spend; 0: no limit
    int64_t spent;     // what its turns have spent so far
    size_t rounds;     // the rounds begun
    double *rate;      // each fuzz test's rate as its latest turn ended
    size_t *turns;     // each fuzz test's turns so far
    int64_t *share;    // this round: each fuzz test's share still to come
    int64_t planned;   // the shares still to come, together
    int64_t roundLeft; // what is left of this round's time
    size_t next;       // whose turn it is
};

fuzzSchedule *newFuzzSchedule(size_t n, int64_t limit, bool count) {
    fuzzSchedule *s = runtime_calloc(1, sizeof *s);
    s->n = n;
    s->count = count;
    s->limit = limit > 0 ? limit : 0;
    s->rate = runtime_calloc(n + 1, sizeof(double));
    s->share = runtime_calloc(n + 1, sizeof(int64_t));
    s->turns = runtime_calloc(n + 1, sizeof(size_t));
    if (count && s->limit > 0) {
        // One round: N/n executions each, the remainder to the last ones
        // (each turn is what is left over the turns to come).
        for (size_t i = 0; i < n; i++) {
            s->share[i] = 1;
        }
        s->planned = (int64_t)n;
        s->roundLeft = s->limit;
        s->rounds = 1;
    }
    return s;
}

// shareRound shares budget among the fuzz tests: floor each, and the rest
// by their rates (equally when none has one; a fuzz test whose rate was
// not measured, or that has had no turn, weighs as the mean of those that
// were); with dropSmall, a share under minTurn of a fuzz test that has
// had a turn goes to the others, unless no share would be left.
static void shareRound(fuzzSchedule *s, int64_t budget, int64_t floor, bool dropSmall) {
    double *w = runtime_calloc(s->n + 1, sizeof(double));
    double measured = 0;
    size_t nmeasured = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (s->turns[i] > 0 && s->rate[i] >= 0) {
            measured += s->rate[i];
            nmeasured++;
        }
    }
    for (size_t i = 0; i < s->n; i++) {
        if (s->rounds == 0) {
            w[i] = 1;
        } else if (s->turns[i] > 0 && s->rate[i] >= 0) {
            w[i] = s->rate[i];
        } else {
            w[i] = nmeasured > 0 ? measured / (double)nmeasured : 1;
        }
    }
    int64_t rest = budget - floor * (int64_t)s->n;
    for (int pass = 0; pass < 2; pass++) {
        double sum = 0;
        for (size_t i = 0; i < s->n; i++) {
            sum += w[i];
        }
        bool big = false;
        s->planned = 0;
        for (size_t i = 0; i < s->n; i++) {
            double part = sum > 0 ? w[i] / sum : 1.0 / (double)s->n;
            s->share[i] = floor + (int64_t)((double)rest * part);
            s->planned += s->share[i];
            big = big || s->share[i] >= minTurn;
        }
        if (!dropSmall || !big) {
            break;
        }
        for (size_t i = 0; i < s->n; i++) {
            if (s->share[i] < minTurn && s->turns[i] > 0) {
                w[i] = 0;
            }
        }
    }
    free(w);
}

// planRound begins the next round, or returns false when there is none.
static bool planRound(fuzzSchedule *s) {
    if (s->count) {
        return false;
    }
    if (s->limit == 0) {
        shareRound(s, sliceMax * (int64_t)s->n, s->rounds == 0 ? 0 : sliceMax / 4, false);
        s->roundLeft = sliceMax * (int64_t)s->n;
    } else {
        if (s->rounds >= 2 || s->spent >= s->limit) {
            return false;
        }
        s->roundLeft = s->rounds == 0 ? s->limit / 2 : s->limit - s->spent;
        shareRound(s, s->roundLeft, 0, s->rounds > 0);
    }
    s->rounds++;
    s->next = 0;
    return true;
}

bool fuzzSchedule_next(fuzzSchedule *s, size_t *i, int64_t *amount) {
    if (s->n == 0) {
        return false;
    }
    for (;;) {
        while (s->next < s->n && s->share[s->next] == 0) {
            s->next++;
        }
        // A fuzz test that has had no turn yet goes first.
        size_t first = s->next;
        for (size_t j = 0; j < s->n; j++) {
            if (s->share[j] > 0 && s->turns[j] == 0) {
                first = j;
                break;
            }
        }
        if (first < s->n && s->planned > 0 && s->roundLeft > 0) {
            *i = first;
            if (s->count) {
                *amount = s->roundLeft / s->planned;
            } else if (s->share[*i] == s->planned) {
                *amount = s->roundLeft; // the round's last turn: what is left
            } else {
                *amount = (int64_t)((double)s->share[*i] *
                                    ((double)s->roundLeft / (double)s->planned));
            }
            if (*amount > 0) {
                return true;
            }
        }
        // The round is over, or what is left of it is too little for a
        // turn: the next one.
        for (size_t j = 0; j < s->n; j++) {
            s->share[j] = 0;
        }
        if (!planRound(s)) {
            return false;
        }
    }
}

void fuzzSchedule_done(fuzzSchedule *s, size_t i, int64_t spent, double rate) {
    s->spent += spent;
    s->roundLeft -= spent;
    s->planned -= s->share[i];
    s->share[i] = 0;
    s->rate[i] = rate;
    s->turns[i]++;
    if (i == s->next) {
        s->next = i + 1; // else the turn came out of order: the round goes on from next
    }
}

void fuzzSchedule_free(fuzzSchedule *s) {
    if (s != NULL) {
        free(s->rate);
        free(s->share);
        free(s->turns);
    }
    free(s);
}

double fuzzRecentRate(const fuzzProgress *p, size_t n) {
    if (n < 2) {
        return -1;
    }
    const fuzzProgress *last = &p[n - 1], *from = &p[0];
    for (size_t i = 0; i + 1 < n; i++) {
        if (p[i].elapsed * 3 <= last->elapsed * 2) {
            from = &p[i];
        }
    }
    if (last->elapsed <= from->elapsed) {
        return -1;
    }
    if (last->total <= 0) {
        return 0;
    }
    return (double)(last->found - from->found) / ((double)(last->elapsed - from->elapsed) / 1e9) /
           (double)last->total;
}
