// messages.h: what the coordinator and its side of each worker hand each
// other (fuzz.go's fuzzInput, fuzzResult and fuzzMinimizeInput; messages.c).
#ifndef CTEST_INTERNAL_FUZZ_MESSAGES_H
#define CTEST_INTERNAL_FUZZ_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/knowncrash.h"
#include "internal/fuzz/value.h"

// fuzzInput is fuzz.go's: an input the coordinator sends to a worker.
typedef struct fuzzInput {
    fuzz_CorpusEntry entry; // the value to fuzz, a deep copy the input owns
    int64_t timeout;        // time to spend fuzzing (ns), not counting start-up
    int64_t limit;          // the most values to test; 0 is no limit
    bool warmup;            // only run the value, to gather its coverage
    // coverageData is the coordinator's coverage mask, or nil. ctest: it is
    // the coordinator's own buffer, borrowed (Go copies it into every
    // input): the worker sends it when it sends the call, and only to a
    // process that has not had this maskVersion, the count of the mask's
    // updates when the input was made. A process given a version keeps
    // its mask, as Go's worker does when CoverageData is nil.
    byteSlice coverageData;
    uint64_t maskVersion;
    // sched is 1 + the entry's index in the coordinator's schedule, or 0
    // (ctest: a warm-up input, or no schedule); reduce is what the worker
    // gets as fuzzArgs.ReduceFeatures (owned; nil for none).
    size_t sched;
    byteSlice reduce;
    int64_t maxLen; // fuzzArgs.MaxLen
} fuzzInput;

// fuzzResult is fuzz.go's: what a worker found.
typedef struct fuzzResult {
    fuzz_CorpusEntry entry; // an interesting or crashing value
    char *crasherMsg;       // the error, if entry caused a crash (NULL for none)
    bool canMinimize;       // whether the worker may minimize entry
    byteSlice coverageData; // coverage that entry found (nil for none)
    int64_t limit;          // the input's limit
    int64_t count;          // values tested
    int64_t totalDuration;  // time spent fuzzing (ns)
    int64_t entryDuration;  // time entry took (ns)
    // crashed is set when entry ended the worker process (a signal, exit,
    // sanitizer report or hang). ctest: Go never minimizes such an entry;
    // the coordinator minimizes it by running each candidate in a new
    // process (fuzz_runCandidate), unless it hung.
    bool crashed;
    // input is the entry the call was given (borrowed from the worker,
    // valid while the coordinator handles the result). ctest: the
    // schedule keeps warm-up entries with their coverage.
    const fuzz_CorpusEntry *input;
    size_t inputSched; // the input's fuzzInput.sched
    // fromMinimize is set on the result of minimizing a value (ctest: how
    // -test.fuzzkeepgoing tells it from a crasher found meanwhile).
    bool fromMinimize;
    // notRun is set on a warm-up input of a batch that the worker did not
    // get to run, or whose coverage was lost with its process (ctest):
    // the coordinator queues entry, which is that input, again.
    bool notRun;
    // ctest, with -test.fuzzkeepgoing: knownCounts (owned; NULL for none)
    // is, for each cause index up to knownCrashMax, the crashes of that
    // cause the worker counted and went on after (knowncrash.h); site is
    // the crash site of the crash that ended the process, if the worker
    // hashed it (0: none).
    uint64_t *knownCounts;
    uint64_t site;
} fuzzResult;

// fuzzMinimizeInput is fuzz.go's: a value to minimize.
typedef struct fuzzMinimizeInput {
    fuzz_CorpusEntry entry; // the value (owned)
    char *crasherMsg;       // the error it caused, or NULL if it is interesting
    int64_t limit;          // the most values to test; 0 is no limit
    int64_t timeout;        // time to spend (ns); 0 is no limit
    byteSlice keepCoverage; // the coverage bits to keep, for an interesting value
    // ctest: with -test.fuzzkeepgoing, the crash's cause (crashSig's key),
    // which a smaller value must keep: a value that fails another way is
    // not taken for smaller (NULL: any failure will do, as in Go).
    char *keepCause;
    // ctest: with -test.fuzzkeepgoing, for a crasher that ended its worker,
    // the crash sites known of its cause (knownCrashes.keepSite).
    uint64_t keepSite[knownKeepMax];
    uint32_t nkeep;
} fuzzMinimizeInput;

void fuzz_fuzzInput_clear(fuzzInput *in);
void fuzz_fuzzResult_clear(fuzzResult *r);
void fuzz_fuzzMinimizeInput_clear(fuzzMinimizeInput *in);

#endif // CTEST_INTERNAL_FUZZ_MESSAGES_H
