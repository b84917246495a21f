// knowncrash.h: ctest's -test.fuzzkeepgoing (none in Go): the crashes a
// worker goes on after, because the coordinator has recorded their cause
// already (knowncrash.c), and how a worker recognizes one cheaply
// (crash_recover.c).
#ifndef CTEST_INTERNAL_FUZZ_KNOWNCRASH_H
#define CTEST_INTERNAL_FUZZ_KNOWNCRASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// knownCrashMax is how many keys, and how many causes, a worker can know:
// a crash beyond them ends its call, as any crash did before. knownKeepMax
// is how many crash sites a minimization keeps, and knownKeep the cause
// index a crash at one of them is given.
enum { knownCrashMax = 256, knownKeepMax = 8, knownKeep = knownCrashMax };

// knownCrashes is the part of a worker's shared memory (sharedMemHeader)
// that says which crashes it goes on after. The coordinator writes the
// keys only between calls; the worker reads them, and counts the crashes,
// only during a call; the coordinator reads and clears the counts after
// each call.
typedef struct knownCrashes {
    // enabled is set for a -test.fuzzkeepgoing run: without it a worker
    // stops at its first crash, as Go's does.
    bool enabled;
    // n keys have been written: the hash of a cause (fuzz_causeHash) or of
    // a crash site (crash_recover.c), each with the index of its cause in
    // the coordinator's crashList.
    uint32_t n;
    uint64_t key[knownCrashMax];
    uint32_t cause[knownCrashMax];
    // count is, for each cause index, the crashes of that cause the worker
    // went on after during its last call.
    uint64_t count[knownCrashMax];
    // site is the crash site of the crash that is ending the process (a
    // site no key knows), for the coordinator to learn; 0 for none.
    uint64_t site;
    // keepSite is, while the worker minimizes a crasher that ended a
    // worker, the nkeep crash sites known of its cause (not recorded yet):
    // a candidate that crashes at one is cut short, and is smaller with
    // the same cause. The coordinator sets them before each call.
    uint64_t keepSite[knownKeepMax];
    uint32_t nkeep;
} knownCrashes;

// knownKeepMsg is the failure a worker's minimization reports for a
// candidate cut short at a kept site: the coordinator runs the smallest in
// a new process for its report.
#define knownKeepMsg "ctest: a crash at a site of the crash being minimized"

// fuzz_knownCrashes_find returns the cause index of key, knownKeep for a
// kept site, or -1.
int fuzz_knownCrashes_find(const knownCrashes *k, uint64_t key);

// fuzz_causeHash is the key of a cause: a hash of its crashSig key.
uint64_t fuzz_causeHash(const char *causeKey);

// knownTable is the coordinator's copy of the keys, which it sends each
// worker by writing the ones the worker's shared memory lacks.
typedef struct knownTable {
    uint64_t key[knownCrashMax];
    uint32_t cause[knownCrashMax];
    uint32_t n;
} knownTable;

// fuzz_knownTable_find returns the cause index of key in t, or -1.
int fuzz_knownTable_find(const knownTable *t, uint64_t key);

// fuzz_knownTable_add adds key with cause index cause, unless the table
// has it, is full, or cause is past knownCrashMax.
void fuzz_knownTable_add(knownTable *t, uint64_t key, size_t cause);

// fuzz_knownTable_send writes into k the keys of t it lacks.
void fuzz_knownTable_send(const knownTable *t, knownCrashes *k);

#endif // CTEST_INTERNAL_FUZZ_KNOWNCRASH_H
