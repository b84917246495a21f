// seed_test.c: fuzz targets for seed_e2e.sh, deterministic, whose bug
// takes thousands of executions to find: FuzzNest; FuzzSlow, the same
// with a sleep in each execution, so that a fuzz call bounded by time
// (100ms, or 2ms in the default search) ends well before its 5000
// executions, after however many the clock allowed; and FuzzAbort, whose
// bug ends the worker process.
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

#include "testing/testing.h"

// level gives each nesting depth a branch of its own, so that coverage
// leads the search one level deeper at a time.
static int level(int depth) {
    switch (depth) {
    case 0:
        return 0;
    case 1:
        return 1;
    case 2:
        return 2;
    default:
        return 3;
    }
}

// nested reports whether b holds balanced parentheses nested three deep
// and its hash is also a multiple of hashDivisor: no coverage leads to
// that, so the search ends on a stretch of calls that find nothing, each
// as long as its bound allows. An unmatched ')' ends the input.
enum { hashDivisor = 64 };

static bool nested(go_bytes b) {
    int depth = 0, deepest = 0;
    uint32_t hash = 2166136261u; // FNV-1a
    for (size_t i = 0; i < b.len; i++) {
        hash = (hash ^ b.ptr[i]) * 16777619u;
        if (b.ptr[i] == '(') {
            depth++;
        } else if (b.ptr[i] == ')') {
            if (depth == 0) {
                return false;
            }
            depth--;
        }
        if (level(depth) > deepest) {
            deepest = level(depth);
        }
    }
    return depth == 0 && deepest >= 3 && hash % hashDivisor == 0;
}

static void fuzzNest(T *t, go_bytes b) {
    if (nested(b)) {
        t_fatalf(t, "balanced and nested 3 deep");
    }
}

void FuzzNest(F *f) {
    f_add(f, GO_BYTES("()"));
    f_fuzz(f, fuzzNest, GO_BYTES);
}

// fuzzSlow sleeps 20 to 60us, which takes no branch, then is fuzzNest.
// How long it sleeps comes from the clock, so that it varies from run to
// run, as a real target's times do, without changing what the target does.
static void fuzzSlow(T *t, go_bytes b) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    struct timespec pause = { 0, (20 + now.tv_nsec % 41) * 1000 };
    nanosleep(&pause, NULL);
    fuzzNest(t, b);
}

void FuzzSlow(F *f) {
    // The sleeps last what they ask for, not the 50us more of Linux's
    // default timer slack.
    prctl(PR_SET_TIMERSLACK, 1000UL);
    f_add(f, GO_BYTES("()"));
    f_fuzz(f, fuzzSlow, GO_BYTES);
}

// fuzzAbort ends its worker process on the same inputs, so that with
// -fuzzkeepgoing each crash starts a new one.
static void fuzzAbort(T *t, go_bytes b) {
    (void)t;
    if (nested(b)) {
        abort();
    }
}

void FuzzAbort(F *f) {
    f_add(f, GO_BYTES("()"));
    f_fuzz(f, fuzzAbort, GO_BYTES);
}
