// Ports go1.19.8 src/internal/fuzz/fuzz.go: CoordinateFuzzing's resultC
// case, what the coordinator does with a worker's result: a crasher is
// minimized or written, new coverage joins the corpus (or is minimized
// first), and the warm-up counts its inputs.
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/coordinator.h"
#include "internal/fuzz/corpus.h"
#include "internal/fuzz/coverage.h"
#include "internal/fuzz/engine_error.h"

// coverageBits is countBits(cov).
static int64_t coverageBits(const byteSlice *cov) {
    return fuzz_countBits((go_bytes){ cov->ptr, cov->len });
}

// countNewBits is countBits(diffCoverage(base, snapshot)).
static int64_t countNewBits(const byteSlice *base, const byteSlice *snapshot) {
    uint8_t *diff = fuzz_diffCoverage((go_bytes){ base->ptr, base->len },
                                      (go_bytes){ snapshot->ptr, snapshot->len });
    if (diff == NULL) {
        return 0;
    }
    int64_t n = fuzz_countBits((go_bytes){ diff, snapshot->len });
    free(diff);
    return n;
}

// schedDuration is what the schedule weighs an execution of result's entry
// by: how long it took; ctest: in a reproducible run, which must not depend
// on time, the work its coverage snapshot shows.
static int64_t coordinator_schedDuration(const coordinator *c, const fuzzResult *result) {
    if (c->reproducible) {
        return fuzz_snapshotCost((go_bytes){ result->coverageData.ptr, result->coverageData.len });
    }
    return result->entryDuration;
}

static void coordinator_updateStats(coordinator *c, const fuzzResult *result) {
    c->count += result->count;
    c->countWaiting -= result->limit;
    c->duration += result->totalDuration;
    if (c->lenCtl.maxLen > 0) {
        fuzz_lenControl_ran(&c->lenCtl, result->count, false);
    }
}

void fuzz_coordinator_queueForMinimization(coordinator *c, const fuzzResult *result,
                                           const byteSlice *keepCoverage) {
    if (result->crasherMsg != NULL) {
        fuzzMinimizeInput m;
        while (fuzz_queue_dequeue(&c->minimizeQueue, &m)) {
            fuzz_fuzzMinimizeInput_clear(&m);
        }
    }
    fuzzMinimizeInput input = { 0 };
    input.entry = fuzz_CorpusEntry_copy(&result->entry);
    input.crasherMsg = result->crasherMsg != NULL ? runtime_strdup(result->crasherMsg) : NULL;
    if (keepCoverage != NULL) {
        input.keepCoverage = fuzz_byteSlice_copy(keepCoverage->ptr, keepCoverage->len);
    }
    fuzz_queue_enqueue(&c->minimizeQueue, &input);
}

// cacheEntry writes e to the cache directory and adds it to the corpus.
// It returns false when it did not: the corpus has e's bytes already, or
// writing failed (*failed), which stops the run.
static bool coordinator_cacheEntry(coordinator *c, const fuzz_CorpusEntry *e, bool *failed) {
    bool entryNew = false;
    go_error *err = fuzz_coordinator_addCorpusEntries(c, true, e, 1, &entryNew);
    *failed = err != NULL;
    if (err != NULL) {
        fuzz_coordinator_stop(c, err);
    }
    return entryNew && err == NULL;
}

static char *coordinator_warmupCounted(coordinator *c, bool coverage);

// crashed handles a result with a crasher: a seed's failure stops the
// run, a crasher that can be minimized is queued for it (unless another
// one is being minimized), and one that cannot is written to the corpus,
// which ends the run. It returns false where Go's case ends early, before
// its check of the fuzzing limit.
static bool coordinator_crashed(coordinator *c, fuzzResult *result) {
    if (fuzz_coordinator_warmupRun(c) && result->entry.IsSeed) {
        const char *dir = c->opts.CorpusDir, *slash = strrchr(dir, '/');
        const char *target = slash != NULL ? slash + 1 : dir;
        const char *parent = result->entry.Parent != NULL ? result->entry.Parent : "";
        const char *pslash = strrchr(parent, '/');
        fprintf(c->log, "failure while testing seed corpus entry: %s/%s\n", target,
                pslash != NULL ? pslash + 1 : parent);
        fuzz_coordinator_stop(c, errors_New(result->crasherMsg));
        return false;
    }
    if (c->opts.KeepGoing) {
        // ctest: a warm-up input that failed has run; the warm-up ends
        // when every input has, whatever becomes of its crasher.
        bool warmupInput = fuzz_coordinator_warmupRun(c) && !result->fromMinimize;
        bool kept = fuzz_coordinator_keepGoing(c, result);
        if (warmupInput) {
            free(coordinator_warmupCounted(c, fuzz_coverageEnabled));
        }
        if (kept) {
            // Counted, or written, and the run goes on.
            return true;
        }
    }
    if (fuzz_coordinator_canMinimize(c) && result->canMinimize) {
        if (c->crashMinimizing != NULL) {
            // One crasher at a time: the one being minimized is what the
            // run will report, so this one is dropped.
            return false;
        }
        // Not minimized yet: a worker will try. Until it is done, no
        // worker gets new input (the inputC case is off while
        // crashMinimizing is set).
        c->crashMinimizing = runtime_malloc(sizeof *c->crashMinimizing);
        *c->crashMinimizing = *result;
        c->crashMinimizing->input = NULL; // borrowed from the worker
        *result = (fuzzResult){ 0 };
        // ctest: a minimization that goes on from a smaller candidate
        // (-test.fuzzkeepgoing) was announced already.
        if (!c->opts.KeepGoing || !fuzz_coordinator_minimizeBySite(c)) {
            fprintf(c->log, "fuzz: minimizing %zu-byte failing input file\n",
                    c->crashMinimizing->entry.DataLen);
            fflush(c->log);
        }
        fuzz_coordinator_queueForMinimization(c, c->crashMinimizing, NULL);
        return true;
    }
    if (c->crashWritten) {
        return true;
    }
    // Minimized already, or not minimizable: this is the crasher the run
    // reports. It goes to the corpus, and fuzzing stops.
    go_error *err = fuzz_writeToCorpus(&result->entry, c->opts.CorpusDir);
    if (err == NULL) {
        c->crashWritten = true;
        // ctest: the unminimized crasher written before minimizing
        // is replaced by the minimized one.
        if (c->crashOrigPath != NULL && !c->crashOrigExists &&
            strcmp(c->crashOrigPath, result->entry.Path) != 0) {
            unlink(c->crashOrigPath);
        }
        err = fuzz_newCrashError(result->entry.Path, result->crasherMsg);
    } else {
        // ctest: the input is printed rather than lost.
        err = fuzz_crashNotWritten(err, &result->entry, result->crasherMsg);
    }
    if (fuzz_shouldPrintDebugInfo()) {
        char *elapsed = fuzz_coordinator_elapsed(c);
        fuzz_coordinator_debugf(c, result->entryDuration,
                                "DEBUG new crasher, elapsed: %s, id: %s, parent: %s, gen: %d, "
                                "size: %zu",
                                elapsed, fuzz_orEmpty(result->entry.Path),
                                fuzz_orEmpty(result->entry.Parent), result->entry.Generation,
                                result->entry.DataLen);
        free(elapsed);
    }
    fuzz_coordinator_stop(c, err);
    return true;
}

// dropWarmupData lets go of the bytes of the cache's entries, kept since
// they were read for the warm-up (addCorpusEntries): from now on an entry
// is read from its file when it is fuzzed, as in Go, which keeps the
// coordinator's memory at the size of the values. Seeds keep theirs.
static void coordinator_dropWarmupData(coordinator *c) {
    for (size_t i = 0; i < c->corpus.len; i++) {
        fuzz_CorpusEntry *e = &c->corpus.entries[i];
        if (!e->IsSeed && e->Path != NULL && e->Data != NULL) {
            free(e->Data);
            e->Data = NULL;
            e->DataLen = 0;
        }
    }
}

// warmupCounted counts a warm-up input as done. After the last one it says
// that fuzzing starts, in the words of the warm-up's kind (with coverage,
// the corpus's baseline coverage was gathered; without, the seed corpus
// was tested), and returns the elapsed time it printed (the caller frees
// it); before, NULL.
static char *coordinator_warmupCounted(coordinator *c, bool coverage) {
    c->warmupInputLeft--;
    if (c->warmupInputLeft != 0) {
        return NULL;
    }
    coordinator_dropWarmupData(c);
    char *elapsed = fuzz_coordinator_elapsed(c);
    if (coverage) {
        fprintf(c->log,
                "fuzz: elapsed: %s, gathering baseline coverage: %" PRId64 "/%" PRId64
                " completed, now fuzzing with %" PRId64 " workers\n",
                elapsed, c->warmupInputCount, c->warmupInputCount, c->opts.Parallel);
    } else {
        fprintf(c->log,
                "fuzz: elapsed: %s, testing seed corpus: %" PRId64 "/%" PRId64
                " completed, now fuzzing with %" PRId64 " workers\n",
                elapsed, c->warmupInputCount, c->warmupInputCount, c->opts.Parallel);
    }
    fflush(c->log);
    return elapsed;
}

// seedFailed counts a seed that failed in the warm-up as run, its cause
// recorded (ctest: with -test.fuzzkeepgoing the run goes on; Go stops).
static void coordinator_seedFailed(coordinator *c, fuzzResult *result) {
    fuzz_coordinator_keepSeedFailure(c, result);
    free(coordinator_warmupCounted(c, fuzz_coverageEnabled));
}

// warmupCoverage takes the coverage of a warm-up input into the mask (and,
// ctest, the input into the schedule), and says when the warm-up is over.
static void coordinator_warmupCoverage(coordinator *c, fuzzResult *result) {
    if (fuzz_shouldPrintDebugInfo()) {
        char *elapsed = fuzz_coordinator_elapsed(c);
        fuzz_coordinator_debugf(
                c, result->entryDuration,
                "DEBUG processed an initial input, elapsed: %s, id: %s, new bits: %" PRId64
                ", size: %zu",
                elapsed, fuzz_orEmpty(result->entry.Parent),
                countNewBits(&c->coverageMask, &result->coverageData), result->entry.DataLen);
        free(elapsed);
    }
    go_bytes cov = { result->coverageData.ptr, result->coverageData.len };
    uint8_t *unique =
            fuzz_diffCoverage((go_bytes){ c->coverageMask.ptr, c->coverageMask.len }, cov);
    fuzz_coordinator_updateCoverage(c, &result->coverageData);
    if (c->sched != NULL && result->input != NULL) {
        fuzz_schedule_add(c->sched, result->input, cov,
                          (go_bytes){ unique, unique != NULL ? cov.len : 0 },
                          coordinator_schedDuration(c, result));
    }
    free(unique);
    char *elapsed = coordinator_warmupCounted(c, true);
    if (elapsed != NULL) {
        if (fuzz_shouldPrintDebugInfo()) {
            fuzz_coordinator_debugf(c, -1,
                                    "DEBUG finished processing input corpus, elapsed: %s, "
                                    "entries: %zu, initial coverage bits: %" PRId64,
                                    elapsed, c->corpus.len, coverageBits(&c->coverageMask));
        }
        free(elapsed);
    }
}

// addInteresting puts result's entry, which has the new coverage keep, in
// the corpus and the input queue, and merges keep into the mask. It
// returns false when the entry's data was in the corpus already (Go's
// `continue`, which skips the check of the fuzzing limit).
static bool coordinator_addInteresting(coordinator *c, fuzzResult *result, const byteSlice *keep) {
    size_t inputSize = result->entry.DataLen;
    bool failed;
    if (!coordinator_cacheEntry(c, &result->entry, &failed)) {
        return failed;
    }
    fuzz_coordinator_updateCoverage(c, keep);
    queuedInput q = { fuzz_CorpusEntry_copy(&result->entry), 0 };
    if (c->sched != NULL) {
        if (result->inputSched > 0) {
            fuzz_schedule_found(c->sched, result->inputSched - 1);
        }
        q.sched = 1 + fuzz_schedule_add(
                              c->sched, &result->entry,
                              (go_bytes){ result->coverageData.ptr, result->coverageData.len },
                              (go_bytes){ keep->ptr, keep->len },
                              coordinator_schedDuration(c, result));
    }
    if (fuzz_UseCmp) {
        // ctest: fuzz it next, not after the rest of the corpus has gone
        // round once more.
        fuzz_queue_pushFront(&c->inputQueue, &q);
    } else {
        fuzz_queue_enqueue(&c->inputQueue, &q);
    }
    c->interestingCount++;
    fuzz_lenControl_ran(&c->lenCtl, 0, true);
    if (fuzz_shouldPrintDebugInfo()) {
        char *elapsed = fuzz_coordinator_elapsed(c);
        fuzz_coordinator_debugf(c, result->entryDuration,
                                "DEBUG new interesting input, elapsed: %s, id: %s, parent: "
                                "%s, gen: %d, new bits: %" PRId64 ", total bits: %" PRId64
                                ", size: %zu",
                                elapsed, fuzz_orEmpty(result->entry.Path),
                                fuzz_orEmpty(result->entry.Parent), result->entry.Generation,
                                coverageBits(keep), coverageBits(&c->coverageMask), inputSize);
        free(elapsed);
    }
    return true;
}

// newCoverage handles a result with coverage after the warm-up: bits the
// mask lacks make the entry interesting, to minimize first or to add now;
// without any, the entry may still replace its input (ctest's reduction).
// It returns false where Go's case ends early.
static bool coordinator_newCoverage(coordinator *c, fuzzResult *result) {
    byteSlice keepCoverage = { 0 };
    keepCoverage.ptr =
            fuzz_diffCoverage((go_bytes){ c->coverageMask.ptr, c->coverageMask.len },
                              (go_bytes){ result->coverageData.ptr, result->coverageData.len });
    if (keepCoverage.ptr != NULL) {
        keepCoverage.len = keepCoverage.cap = result->coverageData.len;
    }
    bool checkLimit = true;
    if (keepCoverage.ptr != NULL) {
        if (fuzz_coordinator_canMinimize(c) && result->canMinimize && !fuzz_UseCmp &&
            c->crashMinimizing == NULL) {
            // A worker looks for a smaller value that still sets one of
            // the new bits. ctest: not with -test.fuzzcmp, which keeps the
            // input whole, as libFuzzer does: Go's minimization stopped a
            // lone worker for up to -fuzzminimizetime on a slow target,
            // and even a reduction within one call's budget lost coverage
            // on bench/realworld (60 s races: expat 3473 to 3611 branches
            // without it, pcre2 10184 to 11580, lua 1995 to 2110).
            fuzz_coordinator_queueForMinimization(c, result, &keepCoverage);
        } else {
            // The value joins the corpus as it is, and its bits the mask.
            checkLimit = coordinator_addInteresting(c, result, &keepCoverage);
        }
    } else if (fuzz_coordinator_reduce(c, result, coordinator_schedDuration(c, result))) {
        // ctest: the input was replaced by a smaller one.
    } else if (fuzz_shouldPrintDebugInfo()) {
        char *elapsed = fuzz_coordinator_elapsed(c);
        fuzz_coordinator_debugf(c, -1,
                                "DEBUG worker reported interesting input that doesn't expand "
                                "coverage, elapsed: %s, id: %s, parent: %s, canMinimize: %s",
                                elapsed, fuzz_orEmpty(result->entry.Path),
                                fuzz_orEmpty(result->entry.Parent),
                                result->canMinimize ? "true" : "false");
        free(elapsed);
    }
    fuzz_byteSlice_free(&keepCoverage);
    return checkLimit;
}

// warmupRan counts a warm-up input that reported neither a failure nor
// coverage (the seed corpus without coverage instrumentation), and says
// when the last one is done.
static void coordinator_warmupRan(coordinator *c) {
    char *elapsed = coordinator_warmupCounted(c, false);
    if (elapsed == NULL) {
        return;
    }
    free(elapsed);
    if (fuzz_shouldPrintDebugInfo()) {
        // Go prints time.Since(c.startTime) here, unrounded.
        char *since = time_Duration_String(time_now() - c->startTime);
        fuzz_coordinator_debugf(c, -1,
                                "DEBUG finished testing-only phase, elapsed: %s, entries: %zu",
                                since, c->corpus.len);
        free(since);
    }
}

void fuzz_coordinator_handleResult(coordinator *c, fuzzResult *result) {
    if (c->stopping) {
        fuzz_fuzzResult_clear(result);
        return;
    }
    if (result->notRun) {
        // ctest: back to the front of the queue, as if never sent.
        queuedInput q = { result->entry, 0 };
        result->entry = (fuzz_CorpusEntry){ 0 };
        fuzz_queue_pushFront(&c->inputQueue, &q);
        c->countWaiting -= result->limit;
        fuzz_fuzzResult_clear(result);
        return;
    }
    coordinator_updateStats(c, result);
    if (result->knownCounts != NULL) {
        // ctest: crashes of recorded causes the worker went on after.
        fuzz_coordinator_countKnown(c, result->knownCounts);
    }
    if (result->count > 0 && fuzz_testHook("coordinator-panic")) {
        go_panic("CTEST_FUZZ_TESTHOOK=coordinator-panic");
    }
    bool checkLimit = true;
    if (result->crasherMsg != NULL && c->opts.KeepGoing && fuzz_coordinator_warmupRun(c) &&
        result->entry.IsSeed) {
        coordinator_seedFailed(c, result);
    } else if (result->crasherMsg != NULL) {
        checkLimit = coordinator_crashed(c, result);
    } else if (result->coverageData.ptr != NULL) {
        if (fuzz_coordinator_warmupRun(c)) {
            coordinator_warmupCoverage(c, result);
        } else {
            checkLimit = coordinator_newCoverage(c, result);
        }
    } else if (fuzz_coordinator_warmupRun(c)) {
        coordinator_warmupRan(c);
    }
    // With -fuzztime=Nx, the run ends once N values have been tested,
    // counted after this result.
    if (checkLimit && c->opts.Limit > 0 && c->count >= c->opts.Limit) {
        fuzz_coordinator_stop(c, NULL);
    }
    fuzz_fuzzResult_clear(result);
}
