// (none) tests of knowncrash.c, ctest's own: the keys of the crashes a
// -test.fuzzkeepgoing worker goes on after, as the coordinator keeps them
// and hands them to a worker's shared memory.
#include <inttypes.h>
#include <string.h>

#include "internal/fuzz/knowncrash.h"
#include "testing/testing.h"

// A key is added once, with the cause it was first added with; the table
// keeps no more than knownCrashMax keys nor a cause index past it.
void TestKnownTableAdd(T *t) {
    static knownTable tab;
    memset(&tab, 0, sizeof tab);
    fuzz_knownTable_add(&tab, 7, 0);
    fuzz_knownTable_add(&tab, 7, 1);
    fuzz_knownTable_add(&tab, 9, knownCrashMax);
    if (tab.n != 1 || fuzz_knownTable_find(&tab, 7) != 0 || fuzz_knownTable_find(&tab, 9) != -1) {
        t_fatalf(t,
                 "after adding 7 twice and a cause past the table: %" PRIu32
                 " keys, 7 has cause %d, 9 has %d; want 1 key, causes 0 and -1",
                 tab.n, fuzz_knownTable_find(&tab, 7), fuzz_knownTable_find(&tab, 9));
    }
    for (uint64_t k = 100; k < 100 + 2 * knownCrashMax; k++) {
        fuzz_knownTable_add(&tab, k, (size_t)(k % 5));
    }
    if (tab.n != knownCrashMax) {
        t_errorf(t, "a full table has %" PRIu32 " keys; want %d", tab.n, knownCrashMax);
    }
}

// A worker is sent the keys it lacks, in the coordinator's order; it finds
// each key's cause, and a kept site of a minimization as knownKeep.
void TestKnownCrashesSend(T *t) {
    static knownTable tab;
    static knownCrashes k;
    memset(&tab, 0, sizeof tab);
    memset(&k, 0, sizeof k);
    fuzz_knownTable_add(&tab, 11, 2);
    fuzz_knownTable_send(&tab, &k);
    fuzz_knownTable_add(&tab, 12, 3);
    fuzz_knownTable_add(&tab, fuzz_causeHash("signal SIGSEGV|parse"), 4);
    fuzz_knownTable_send(&tab, &k);
    fuzz_knownTable_send(&tab, &k);
    static const struct {
        uint64_t key;
        int cause;
    } tests[] = { { 11, 2 }, { 12, 3 }, { 13, -1 }, { 99, knownKeep } };
    k.keepSite[0] = 99;
    k.nkeep = 1;
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        int got = fuzz_knownCrashes_find(&k, tests[i].key);
        if (got != tests[i].cause) {
            t_errorf(t, "find(%" PRIu64 ") = %d; want %d", tests[i].key, got, tests[i].cause);
        }
    }
    if (k.n != 3 || fuzz_knownCrashes_find(&k, fuzz_causeHash("signal SIGSEGV|parse")) != 4 ||
        fuzz_knownCrashes_find(&k, fuzz_causeHash("signal SIGSEGV|other")) != -1) {
        t_errorf(t, "after three sends: %" PRIu32 " keys; want 3, the cause's hash found", k.n);
    }
}
