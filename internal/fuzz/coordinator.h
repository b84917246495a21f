// coordinator.h: the coordinator's state (coordinator.c) and what it does
// with a worker's result (coordinator_result.c), for CoordinateFuzzing's
// loop (fuzz.c).
#ifndef CTEST_INTERNAL_FUZZ_COORDINATOR_H
#define CTEST_INTERNAL_FUZZ_COORDINATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "internal/fuzz/crashes.h"
#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/knowncrash.h"
#include "internal/fuzz/messages.h"
#include "internal/fuzz/mutator.h"
#include "internal/fuzz/queue.h"
#include "internal/fuzz/schedule.h"
#include "internal/fuzz/strindex.h"
#include "internal/fuzz/value.h"

// statsInterval is CoordinateFuzzing's statTicker period (3s).
enum { statsInterval = 3000 * 1000 * 1000LL };

// workerFuzzDuration is worker.go's: how long a worker may spend fuzzing
// variations of one input given by the coordinator (100ms, in ns).
enum { workerFuzzDuration = 100 * 1000 * 1000 };

// workerFuzzLimit is ctest's, not Go's: the most executions a worker spends
// on one input given by the coordinator, whatever time is left of
// workerFuzzDuration. Go's visits are bounded by time alone, and Go runs a
// fuzz function at most about 50k times a second per worker (a no-op one,
// on the 2-core machine bench/ measures on), so one of its visits is at most
// about 5000 executions. An engine 100 times faster bounded by time alone
// would spend 100 times the executions on each input before the queue moves
// on: the search Go makes, counted in executions, would be lost. The bound
// keeps it (bench/'s executions-to-find measure: with time alone, ctest
// took several times Go's executions on the parser), while each call stays
// long enough that its round trip (two process wake-ups, about 70us here)
// costs about a tenth of a no-op target's throughput.
enum { workerFuzzLimit = 5000 };

// warmupBatchMax and warmupBatchBytes bound a warm-up batch: in inputs,
// and in bytes of the coverage snapshots that come back. A batch is made
// only while the queue holds warmupBatchSpread batches a worker or more,
// so that a small corpus is shared among the workers as in Go.
enum { warmupBatchMax = 256, warmupBatchBytes = 1 << 20, warmupBatchSpread = 4 };

// cmpFuzzDuration is how long a fuzz call may last with -test.fuzzcmp
// (ctest's default mode), in place of workerFuzzDuration. Short calls let
// the schedule move from input to input often, and an input's weight
// falls with each call that finds nothing (schedule.c), so a large, slow
// input that has stopped paying loses its turn sooner: from 10 ms to 2 ms,
// 120-second A/B races ran 1.37 times the executions on expat and 1.96 on
// pcre2, and covered 1.03 times the branches on both (lua, mujs and inih
// even). The call's round trip costs about 70 us, 3.5% of this; a target
// that makes workerFuzzLimit executions sooner is not affected.
enum { cmpFuzzDuration = 2 * 1000 * 1000 };

// reproducibleCallBytes is ctest's: in a reproducible run (GODEBUG=fuzzseed=N
// and one worker), whose calls cannot be bounded by time, the executions of
// a call add up to at most this many bytes of its input, besides being at
// most workerFuzzLimit. An input of up to about 200 bytes gets all
// workerFuzzLimit executions, a 4 KB one 256: a large input's executions
// take longer, and its call stays about as long as the time bound would
// make it. Bounded by the count alone, Go's search on expat, whose inputs
// grow to tens of kilobytes, made 52 000 executions in 20 s where calls
// bounded by time made 474 000.
enum { reproducibleCallBytes = 1 << 20 };

typedef struct coordinator coordinator;

// queuedInput is an element of the input queue: an entry (a copy) and, in
// the default search, 1 + its index in the schedule (0: none, as for a
// warm-up input). ctest: Go's queue holds the entries alone.
typedef struct queuedInput {
    fuzz_CorpusEntry entry;
    size_t sched;
} queuedInput;

// corpus is fuzz.go's: the entries, and the hashes of their data.
typedef struct corpus {
    fuzz_CorpusEntry *entries;
    size_t len, cap;
    char **hashes; // hex SHA-256 of each entry's data, in entry order
    // byHash finds an entry by its hash (ctest: Go compares the new hash
    // with every entry's, which on a large corpus took more of the
    // coordinator's time than anything else but the kernel).
    strIndex byHash;
} corpus;

// reductions are the default search's reductions whose cache files are
// not written yet (coordinator_reduce.c): for each, the schedule index of
// the reduced entry and the name of the file the cache holds for it; slot
// maps a schedule index to its reduction's index + 1 (0: none).
typedef struct reductions {
    size_t *sched;
    char **oldName;
    size_t len, cap;
    size_t *slot;
    size_t nslot;
} reductions;

struct coordinator {
    fuzz_CoordinateFuzzingOpts opts;
    FILE *log;

    int64_t startTime;           // when fuzzing started
    int64_t count;               // values tested so far, as reported by workers
    int64_t countLastLog;        // count at the last logStats
    int64_t timeLastLog;         // when logStats last ran
    go_int interestingCount;     // interesting values found this run
    go_int warmupInputCount;     // corpus entries run in the warm-up
    go_int warmupInputLeft;      // of those, not yet run
    int64_t duration;            // time spent fuzzing, summed over workers
    int64_t countWaiting;        // values workers have been asked to test and not reported
    corpus corpus;               // the corpus: seeds, cache, and what this run finds
    bool minimizationAllowed;    // whether any argument is minimizable and minimizing is on
    queue inputQueue;            // of queuedInput: inputs to fuzz next
    queue minimizeQueue;         // of fuzzMinimizeInput: values to minimize
    fuzzResult *crashMinimizing; // the crasher being minimized, or NULL
    byteSlice coverageMask;      // coverage found so far; nil without instrumentation
    // ctest: with -test.fuzzcmp and coverage, the entries fuzzed after the
    // warm-up are drawn by weight (schedule.c), not sent round in order.
    fuzzSchedule *sched;
    reductions reductions; // ctest: the schedule's reductions not yet in the cache
    // ctest: -test.fuzzstats: the workers' resident memory summed (MB) at
    // the last progress line, or -1 when unknown.
    int64_t workersRSSMB;
    // ctest: counts the changes of coverageMask, from 1 (fuzzInput's
    // maskVersion).
    uint64_t maskVersion;
    // ctest: with -test.fuzzcmp, what values may grow to (fuzzInput's
    // maxLen); maxLen 0 until the warm-up is over.
    lenControl lenCtl;
    // reproducible is set for a run with GODEBUG=fuzzseed=N and one
    // worker (ctest: Go bounds its calls by time). Nothing the run decides
    // then depends on time: a fuzz call ends after a count of executions
    // (and of their bytes), and the schedule counts executions and its own
    // work instead of nanoseconds, so that the same command on a
    // deterministic target runs the same inputs again.
    bool reproducible;

    // CoordinateFuzzing's closure state.
    go_error *fuzzErr; // the first error that stopped fuzzing
    bool stopping;     // stop has been called
    bool crashWritten; // a crasher has been written
    int activeWorkers; // workers whose coordinate has not returned

    int64_t nextStats; // when the stats line is due (statTicker)
    // ctest: the unminimized crasher written before minimizing a crash
    // that ended its worker (crash_minimize.c), and whether that file was
    // there before.
    char *crashOrigPath;
    bool crashOrigExists;
    // ctest: with -test.fuzzkeepgoing, the distinct crashes found so far,
    // and the cause of the one being minimized.
    crashList crashes;
    crashSig minimizingSig;
    // ctest: with -test.fuzzkeepgoing, the keys of the recorded crashes
    // that workers go on after (knowncrash.h): each cause's, and each
    // crash site a worker hashed before a crash of that cause ended it.
    knownTable known;
    // ctest: with -test.fuzzkeepgoing, a crasher that ended its worker at
    // a crash site the worker hashed is minimized by a worker, which cuts
    // short the candidates that crash at its sites (byWorker): the sites
    // known so far, and when minimizing it ends (0: no time limit). A
    // candidate that ends the worker at a new site of the same cause is
    // minimized on, with that site too (continuing).
    struct {
        bool byWorker, continuing;
        uint64_t site[knownKeepMax];
        uint32_t nsite;
        int64_t deadline;
    } minimizing;
};

// fuzz_newCoordinator is newCoordinator: the corpus read (seeds, then the
// cache), the warm-up inputs queued. The seeds are marshaled into copies.
go_error *fuzz_newCoordinator(const fuzz_CoordinateFuzzingOpts *opts, coordinator **out);
void fuzz_coordinator_free(coordinator *c);
// fuzz_coordinator_stop is CoordinateFuzzing's stop closure: it keeps the
// first real error (it takes err) and marks the run as stopping.
void fuzz_coordinator_stop(coordinator *c, go_error *err);
// fuzz_coordinator_elapsed is time.Since(c.startTime), rounded to the
// second as Go prints it; the caller frees.
char *fuzz_coordinator_elapsed(const coordinator *c);
// fuzz_shouldPrintDebugInfo is whether GODEBUG has fuzzdebug=1.
bool fuzz_shouldPrintDebugInfo(void);
// fuzz_orEmpty is s, or "" for NULL: a path in a debug line.
static inline const char *fuzz_orEmpty(const char *s) {
    return s != NULL ? s : "";
}
// fuzz_coordinator_debugf prints a "DEBUG ..." line; dur >= 0 adds its
// exec time.
void fuzz_coordinator_debugf(const coordinator *c, int64_t dur, const char *format, ...)
        __attribute__((format(printf, 3, 4)));
bool fuzz_coordinator_warmupRun(const coordinator *c);
bool fuzz_coordinator_canMinimize(const coordinator *c);
// fuzz_coordinator_addCorpusEntries adds copies of the entries whose data
// is new; with addToCache, each is written to the cache first and keeps
// only its path. *noDupes (if not NULL) says whether all were new.
go_error *fuzz_coordinator_addCorpusEntries(coordinator *c, bool addToCache,
                                            const fuzz_CorpusEntry *entries, size_t n,
                                            bool *noDupes);
void fuzz_coordinator_removeCorpusEntry(coordinator *c, size_t j);
// fuzz_coordinator_logStats prints the progress line of the phase.
void fuzz_coordinator_logStats(coordinator *c);
bool fuzz_coordinator_peekRefill(coordinator *c);
// fuzz_coordinator_peekInput and peekMinimizeInput make a copy (the caller
// owns it) of the next input to send, if any; sentInput and
// sentMinimizeInput take it off its queue once sent.
bool fuzz_coordinator_peekInput(coordinator *c, fuzzInput *input);
void fuzz_coordinator_sentInput(coordinator *c, const fuzzInput *input);
// fuzz_coordinator_warmupBatch is ctest's: how many warm-up inputs, the
// one just sent among them, one call may run (fuzzArgs.Batch); 1 for no
// batch. A round trip to a worker for each input was most of the time a
// large cache took to warm up.
size_t fuzz_coordinator_warmupBatch(const coordinator *c);
bool fuzz_coordinator_peekMinimizeInput(coordinator *c, fuzzMinimizeInput *input);
void fuzz_coordinator_sentMinimizeInput(coordinator *c, const fuzzMinimizeInput *input);
// fuzz_coordinator_updateCoverage merges newCoverage into the mask and
// returns how many of its bits were new.
int fuzz_coordinator_updateCoverage(coordinator *c, const byteSlice *newCoverage);
// fuzz_newCrashError is &crashError{path, errors.New(msg)}.
go_error *fuzz_newCrashError(const char *path, const char *msg);

// fuzz_coordinator_keepGoing handles a crasher when the run goes on after
// crashes (coordinator_crashes.c): a crash already found is counted and
// dropped, a new one is written, once minimized. It returns false when the
// crasher is new and is to be minimized first, as Go's path does.
bool fuzz_coordinator_keepGoing(coordinator *c, fuzzResult *result);
// fuzz_coordinator_keepSeedFailure records the cause of a seed that failed
// in the warm-up: its file is its crasher.
void fuzz_coordinator_keepSeedFailure(coordinator *c, fuzzResult *result);
// fuzz_coordinator_keepUnminimized records the crasher that was being
// minimized when the run ended.
void fuzz_coordinator_keepUnminimized(coordinator *c);
// fuzz_coordinator_queueForMinimization queues result's entry; a crasher
// replaces whatever interesting values were waiting, which matter less.
void fuzz_coordinator_queueForMinimization(coordinator *c, const fuzzResult *result,
                                           const byteSlice *keepCoverage);
// fuzz_coordinator_minimizeBySite sets up the minimizing of the new
// crashMinimizing (c->minimizing): by a worker when it ended its worker at
// a hashed crash site, as before otherwise. It returns true when the
// minimization goes on from a smaller candidate.
bool fuzz_coordinator_minimizeBySite(coordinator *c);
// fuzz_coordinator_countKnown adds the crashes a worker counted, per cause
// index (knownCrashMax of them), to their causes.
void fuzz_coordinator_countKnown(coordinator *c, const uint64_t *counts);

// fuzz_coordinator_reduce puts result's entry in place of the input it
// was mutated from, when the schedule finds it smaller and with all the
// coverage that input alone brought (schedule.h), and the corpus does not
// have its bytes; it reports whether it did. duration is what the
// schedule weighs the entry's executions by. The cache file follows at
// the next fuzz_coordinator_flushReductions (coordinator_reduce.c).
bool fuzz_coordinator_reduce(coordinator *c, fuzzResult *result, int64_t duration);
// fuzz_coordinator_flushReductions writes the pending reductions' inputs
// to the cache and removes the files they replace.
void fuzz_coordinator_flushReductions(coordinator *c);
void fuzz_coordinator_freeReductions(coordinator *c);

// fuzz_coordinator_handleResult is CoordinateFuzzing's resultC case: it
// takes what *result owns.
void fuzz_coordinator_handleResult(coordinator *c, fuzzResult *result);

#endif // CTEST_INTERNAL_FUZZ_COORDINATOR_H
