// Ports go1.19.8 src/internal/fuzz/fuzz.go: coordinator, newCoordinator,
// the corpus and its cache (addCorpusEntries, readCache), the input and
// minimization queues (peekInput, peekMinimizeInput and what follows
// their sends), logStats, updateCoverage and crashError.
#include "internal/fuzz/coordinator.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal/fuzz/corpus.h"
#include "internal/fuzz/coverage.h"
#include "internal/fuzz/mem.h"
#include "internal/fuzz/minimize.h"
#include "internal/fuzz/pcg.h"

// elapsed is time.Since(c.startTime).Round(1 * time.Second), as Go prints
// it; the caller frees.
char *fuzz_coordinator_elapsed(const coordinator *c) {
    int64_t d = time_now() - c->startTime;
    const int64_t second = 1000 * 1000 * 1000;
    int64_t r = d % second;
    d -= r;
    if (r + r >= second) {
        d += second;
    }
    return time_Duration_String(d);
}

// shouldPrintDebugInfo is whether GODEBUG has fuzzdebug=1, read once.
bool fuzz_shouldPrintDebugInfo(void) {
    static int debugInfo = -1;
    if (debugInfo < 0) {
        size_t n;
        const char *v = godebug_Get("fuzzdebug", &n);
        debugInfo = n == 1 && v[0] == '1';
    }
    return debugInfo;
}

// coordinator_debugf prints one of CoordinateFuzzing's "DEBUG ..." lines
// (GODEBUG=fuzzdebug=1) and its newline; dur, when not negative, is
// appended as ", exec time: %s".
void fuzz_coordinator_debugf(const coordinator *c, int64_t dur, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vfprintf(c->log, format, ap);
    va_end(ap);
    if (dur >= 0) {
        char *d = time_Duration_String(dur);
        fprintf(c->log, ", exec time: %s", d);
        free(d);
    }
    fputc('\n', c->log);
    fflush(c->log);
}

bool fuzz_coordinator_warmupRun(const coordinator *c) {
    return c->warmupInputLeft > 0;
}

bool fuzz_coordinator_canMinimize(const coordinator *c) {
    return c->minimizationAllowed &&
           (c->opts.Limit == 0 || c->count + c->countWaiting < c->opts.Limit);
}

// addCorpusEntries adds entries not already present (by data hash); with
// addToCache, each is written to the cache directory first and keeps only
// its path. It reports whether none was a duplicate. The entries are
// copied.
go_error *fuzz_coordinator_addCorpusEntries(coordinator *c, bool addToCache,
                                            const fuzz_CorpusEntry *entries, size_t n,
                                            bool *noDupesOut) {
    bool noDupes = true;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *data;
        size_t dataLen;
        bool owned;
        go_error *err = fuzz_corpusEntryData(&entries[i], &data, &dataLen, &owned);
        if (err != NULL) {
            return err;
        }
        char *h = fuzz_corpusFileName(data, dataLen);
        if (fuzz_strIndex_find(&c->corpus.byHash, c->corpus.hashes, h) != (size_t)-1) {
            noDupes = false;
            free(h);
            if (owned) {
                free((void *)data);
            }
            continue;
        }
        fuzz_CorpusEntry e = fuzz_CorpusEntry_copy(&entries[i]);
        if (addToCache) {
            if (e.Data == NULL) {
                e.Data = runtime_malloc(dataLen > 0 ? dataLen : 1);
                memcpy(e.Data, data, dataLen);
                e.DataLen = dataLen;
            }
            err = fuzz_writeToCorpus(&e, c->opts.CacheDir);
            if (err != NULL) {
                fuzz_CorpusEntry_clear(&e);
                free(h);
                if (owned) {
                    free((void *)data);
                }
                return err;
            }
            free(e.Data);
            e.Data = NULL;
            e.DataLen = 0;
        }
        if (owned) {
            free((void *)data);
        }
        if (c->corpus.len == c->corpus.cap) {
            c->corpus.cap = c->corpus.cap * 2 + 8;
            c->corpus.entries =
                    runtime_realloc(c->corpus.entries, c->corpus.cap * sizeof *c->corpus.entries);
            c->corpus.hashes =
                    runtime_realloc(c->corpus.hashes, c->corpus.cap * sizeof *c->corpus.hashes);
        }
        c->corpus.entries[c->corpus.len] = e;
        c->corpus.hashes[c->corpus.len] = h;
        fuzz_strIndex_put(&c->corpus.byHash, c->corpus.hashes, c->corpus.len);
        c->corpus.len++;
    }
    if (noDupesOut != NULL) {
        *noDupesOut = noDupes;
    }
    return NULL;
}

// dataSize is the length of e's marshaled data: Data's, or that of the
// file at Path that holds it (0 if it cannot be told).
static size_t dataSize(const fuzz_CorpusEntry *e) {
    struct stat st;
    if (e->Data != NULL) {
        return e->DataLen;
    }
    return e->Path != NULL && stat(e->Path, &st) == 0 ? (size_t)st.st_size : 0;
}

// dropOversized removes from entries those too large for a worker's
// shared memory, naming each on stderr. ctest: Go panics on the first
// one, and every later run with that corpus panics too.
static void coordinator_dropOversized(fuzz_CorpusEntry *entries, size_t *n) {
    size_t cap = fuzz_workerValueCap(), kept = 0;
    for (size_t i = 0; i < *n; i++) {
        size_t size = dataSize(&entries[i]);
        if (size > cap) {
            fprintf(stderr,
                    "ctest: skipping %s in the corpus: %zu bytes, more than a fuzzing input can "
                    "hold (%zu)\n",
                    entries[i].Path != NULL ? entries[i].Path : "an input", size, cap);
            fuzz_CorpusEntry_clear(&entries[i]);
            continue;
        }
        entries[kept++] = entries[i];
    }
    *n = kept;
}

// readCache is readCache: the seed corpus, then the cache directory's
// entries (malformed files are skipped, as in Go).
static go_error *coordinator_readCache(coordinator *c, fuzz_CorpusEntry *seed, size_t *nseed) {
    coordinator_dropOversized(seed, nseed);
    go_error *err = fuzz_coordinator_addCorpusEntries(c, false, seed, *nseed, NULL);
    if (err != NULL) {
        return err;
    }
    fuzz_CorpusEntry *entries = NULL;
    size_t n = 0;
    err = fuzz_readCorpusDir(c->opts.CacheDir, c->opts.Types, c->opts.NTypes, true, &entries, &n);
    if (err != NULL && errors_As(err, &fuzz_MalformedCorpusErrorType) == NULL) {
        for (size_t i = 0; i < n; i++) {
            fuzz_CorpusEntry_clear(&entries[i]);
        }
        free(entries);
        return err;
    }
    go_error_free(err);
    coordinator_dropOversized(entries, &n);
    err = fuzz_coordinator_addCorpusEntries(c, false, entries, n, NULL);
    for (size_t i = 0; i < n; i++) {
        fuzz_CorpusEntry_clear(&entries[i]);
    }
    free(entries);
    return err;
}

// zeroValue is zeroValue(t): the zero value of kind k.
static go_value zeroValue(go_kind k) {
    go_value v = { 0 };
    v.kind = k;
    return v;
}

// newCoordinator is newCoordinator. seed is marshaled into copies (Go
// fills in Data of the caller's slice; the caller's entries stay as they
// are here).
go_error *fuzz_newCoordinator(const fuzz_CoordinateFuzzingOpts *opts, coordinator **out) {
    coordinator *c = runtime_calloc(1, sizeof *c);
    c->workersRSSMB = -1;
    c->opts = *opts;
    c->log = opts->Log;
    c->startTime = time_now();
    c->timeLastLog = c->startTime;
    c->inputQueue.elemSize = sizeof(queuedInput);
    c->minimizeQueue.elemSize = sizeof(fuzzMinimizeInput);
    // ctest: with several workers, the order of their answers is the
    // kernel's, and a run cannot be repeated whatever its seed.
    c->reproducible = opts->Parallel == 1 && fuzz_fuzzseedGiven();

    fuzz_CorpusEntry *seed = runtime_calloc(opts->NSeed + 1, sizeof *seed);
    for (size_t i = 0; i < opts->NSeed; i++) {
        seed[i] = fuzz_CorpusEntry_copy(&opts->Seed[i]);
        if (seed[i].Data == NULL && seed[i].Values != NULL) {
            fuzz_marshalCorpusFile(seed[i].Values, seed[i].NValues, &seed[i].Data,
                                   &seed[i].DataLen);
        }
    }
    size_t nseed = opts->NSeed;
    go_error *err = coordinator_readCache(c, seed, &nseed);
    if (err != NULL) {
        for (size_t i = 0; i < nseed; i++) {
            fuzz_CorpusEntry_clear(&seed[i]);
        }
        free(seed);
        free(c);
        return err;
    }
    if (opts->MinimizeLimit > 0 || opts->MinimizeTimeout > 0) {
        for (size_t i = 0; i < opts->NTypes; i++) {
            if (fuzz_isMinimizable(opts->Types[i])) {
                c->minimizationAllowed = true;
                break;
            }
        }
    }

    size_t covSize = fuzz_coverageLen();
    if (fuzz_shouldPrintDebugInfo() && covSize > 0) {
        // ctest: the counters of each instrumented module, the test
        // binary's and its shared libraries' (counters.c).
        char *d = fuzz_describeCoverage();
        fuzz_coordinator_debugf(c, -1, "DEBUG coverage counters: %s", d);
        free(d);
    }
    if (covSize == 0) {
        fprintf(c->log,
                "warning: the test binary was not built with coverage instrumentation, so fuzzing will run without coverage guidance and may be inefficient\n");
        // Without coverage, only the seed corpus is tested before fuzzing.
        c->warmupInputCount = (go_int)nseed;
        for (size_t i = 0; i < nseed; i++) {
            queuedInput q = { fuzz_CorpusEntry_copy(&seed[i]), 0 };
            fuzz_queue_enqueue(&c->inputQueue, &q);
        }
    } else {
        c->warmupInputCount = (go_int)c->corpus.len;
        for (size_t i = 0; i < c->corpus.len; i++) {
            queuedInput q = { fuzz_CorpusEntry_copy(&c->corpus.entries[i]), 0 };
            fuzz_queue_enqueue(&c->inputQueue, &q);
        }
        c->coverageMask = (byteSlice){ runtime_calloc(covSize, 1), covSize, covSize };
        c->maskVersion = 1;
        if (fuzz_UseCmp) {
            c->sched = fuzz_schedule_new(c->reproducible);
        }
    }
    c->warmupInputLeft = c->warmupInputCount;
    for (size_t i = 0; i < nseed; i++) {
        fuzz_CorpusEntry_clear(&seed[i]);
    }
    free(seed);

    if (c->corpus.len == 0) {
        fprintf(c->log, "warning: starting with empty corpus\n");
        go_value *vals = runtime_calloc(opts->NTypes + 1, sizeof *vals);
        for (size_t i = 0; i < opts->NTypes; i++) {
            vals[i] = zeroValue(opts->Types[i]);
        }
        fuzz_CorpusEntry e = { 0 };
        fuzz_marshalCorpusFile(vals, opts->NTypes, &e.Data, &e.DataLen);
        free(vals);
        e.Path = fuzz_shortHash(e.Data, e.DataLen);
        go_error_free(fuzz_coordinator_addCorpusEntries(c, false, &e, 1, NULL));
        fuzz_CorpusEntry_clear(&e);
    }
    *out = c;
    return NULL;
}

void fuzz_coordinator_free(coordinator *c) {
    for (size_t i = 0; i < c->corpus.len; i++) {
        fuzz_CorpusEntry_clear(&c->corpus.entries[i]);
        free(c->corpus.hashes[i]);
    }
    free(c->corpus.entries);
    free(c->corpus.hashes);
    fuzz_strIndex_free(&c->corpus.byHash);
    queuedInput q;
    while (fuzz_queue_dequeue(&c->inputQueue, &q)) {
        fuzz_CorpusEntry_clear(&q.entry);
    }
    fuzz_queue_clear(&c->inputQueue);
    fuzzMinimizeInput m;
    while (fuzz_queue_dequeue(&c->minimizeQueue, &m)) {
        fuzz_fuzzMinimizeInput_clear(&m);
    }
    fuzz_queue_clear(&c->minimizeQueue);
    if (c->crashMinimizing != NULL) {
        fuzz_fuzzResult_clear(c->crashMinimizing);
        free(c->crashMinimizing);
    }
    fuzz_byteSlice_free(&c->coverageMask);
    fuzz_schedule_free(c->sched);
    fuzz_coordinator_freeReductions(c);
    go_error_free(c->fuzzErr);
    free(c->crashOrigPath);
    fuzz_crashList_free(&c->crashes);
    fuzz_crashSig_clear(&c->minimizingSig);
    free(c);
}

// logMoreStats ends a progress line of the default search with what
// -test.fuzzstats adds (ctest's own): the coverage bits found, the corpus
// entries, the distinct crashes so far (more than one only with
// -test.fuzzkeepgoing) and the workers' memory. Go's search keeps Go's
// line.
static void logMoreStats(coordinator *c) {
    if (!c->opts.Stats || !fuzz_UseCmp) {
        return;
    }
    fprintf(c->log, ", coverage: %" PRId64 " bits, corpus: %zu, crashes: %zu",
            fuzz_countBits((go_bytes){ c->coverageMask.ptr, c->coverageMask.len }), c->corpus.len,
            c->crashes.len);
    if (c->workersRSSMB >= 0) {
        fprintf(c->log, ", rss: %" PRId64 " MB", c->workersRSSMB);
    }
}

// logStats prints the progress line for the current phase.
void fuzz_coordinator_logStats(coordinator *c) {
    int64_t now = time_now();
    char *elapsed = fuzz_coordinator_elapsed(c);
    if (fuzz_coordinator_warmupRun(c)) {
        go_int runSoFar = c->warmupInputCount - c->warmupInputLeft;
        if (fuzz_coverageEnabled) {
            fprintf(c->log,
                    "fuzz: elapsed: %s, gathering baseline coverage: %" PRId64 "/%" PRId64
                    " completed\n",
                    elapsed, runSoFar, c->warmupInputCount);
        } else {
            fprintf(c->log,
                    "fuzz: elapsed: %s, testing seed corpus: %" PRId64 "/%" PRId64 " completed\n",
                    elapsed, runSoFar, c->warmupInputCount);
        }
    } else if (c->crashMinimizing != NULL) {
        fprintf(c->log, "fuzz: elapsed: %s, minimizing\n", elapsed);
    } else {
        double secs = (double)(now - c->timeLastLog) / 1e9;
        double rate = (double)(c->count - c->countLastLog) / secs;
        char *r = strconv_FormatFloat(rate, 'f', 0, 64);
        if (fuzz_coverageEnabled) {
            go_int total = c->warmupInputCount + c->interestingCount;
            fprintf(c->log,
                    "fuzz: elapsed: %s, execs: %" PRId64 " (%s/sec), new interesting: %" PRId64
                    " (total: %" PRId64 ")",
                    elapsed, c->count, r, c->interestingCount, total);
            logMoreStats(c);
            fputc('\n', c->log);
        } else {
            fprintf(c->log, "fuzz: elapsed: %s, execs: %" PRId64 " (%s/sec)\n", elapsed, c->count,
                    r);
        }
        free(r);
    }
    fflush(c->log);
    free(elapsed);
    c->countLastLog = c->count;
    c->timeLastLog = now;
}

// refillInputQueue queues the whole corpus again. ctest: with a schedule,
// one entry drawn from it.
static void coordinator_refillInputQueue(coordinator *c) {
    size_t i;
    // ctest: a reproducible run's schedule goes by the executions counted.
    int64_t now = c->reproducible ? c->count : time_now();
    if (c->sched != NULL && fuzz_schedule_pick(c->sched, now, &i)) {
        queuedInput q = { fuzz_CorpusEntry_copy(fuzz_schedule_entry(c->sched, i)), i + 1 };
        fuzz_queue_enqueue(&c->inputQueue, &q);
        return;
    }
    for (i = 0; i < c->corpus.len; i++) {
        queuedInput q = { fuzz_CorpusEntry_copy(&c->corpus.entries[i]), 0 };
        fuzz_queue_enqueue(&c->inputQueue, &q);
    }
}

// peekRefill is the part of peekInput before it looks at the queue: false
// when there is no input to send now; otherwise the queue is not empty,
// refilled with the whole corpus if it was. Go's coordinator calls
// peekInput at the top of every turn of its loop, busy workers or not, so
// the queue is refilled as soon as its last input is sent: coordinate
// calls this on every turn too, or the search would differ from Go's (an
// input found while the queue is empty would be fuzzed before the rest of
// the corpus comes round again).
bool fuzz_coordinator_peekRefill(coordinator *c) {
    if (c->opts.Limit > 0 && c->count + c->countWaiting >= c->opts.Limit) {
        // The calls in flight already take the whole -fuzztime=Nx budget.
        return false;
    }
    if (c->inputQueue.len == 0) {
        if (fuzz_coordinator_warmupRun(c)) {
            // Wait for coverage from every warm-up input before fuzzing.
            return false;
        }
        coordinator_refillInputQueue(c);
    }
    return true;
}

// entryBytes is how many bytes of []byte and string values e holds (its
// file's size when its values were dropped).
static int64_t entryBytes(const fuzz_CorpusEntry *e) {
    return e->Values == NULL ? (int64_t)e->DataLen
                             : (int64_t)fuzz_valueBytes(e->Values, e->NValues);
}

// largestInput is the most bytes of []byte and string values any corpus
// entry holds (its file's size when its values were dropped).
static int64_t coordinator_largestInput(const coordinator *c) {
    int64_t largest = 0;
    for (size_t i = 0; i < c->corpus.len; i++) {
        int64_t n = entryBytes(&c->corpus.entries[i]);
        largest = n > largest ? n : largest;
    }
    return largest;
}

// peekInput is peekInput: the next input to send to a worker, if there is
// one (a copy the caller owns); the queue keeps it until sentInput.
bool fuzz_coordinator_peekInput(coordinator *c, fuzzInput *input) {
    if (!fuzz_coordinator_peekRefill(c)) {
        return false;
    }
    queuedInput q;
    if (!fuzz_queue_peek(&c->inputQueue, &q)) {
        go_panic("input queue empty after refill");
    }
    *input = (fuzzInput){ 0 };
    input->entry = fuzz_CorpusEntry_copy(&q.entry);
    input->sched = q.sched;
    input->timeout = fuzz_UseCmp ? cmpFuzzDuration : workerFuzzDuration;
    if (c->reproducible) {
        // ctest: the call ends after its limit of executions, however long
        // they take (workerFuzzLimit, below).
        input->timeout = 0;
    }
    input->warmup = fuzz_coordinator_warmupRun(c);
    if (c->coverageMask.ptr != NULL) {
        input->coverageData = c->coverageMask; // borrowed
        input->maskVersion = c->maskVersion;
    }
    if (input->warmup) {
        // No fuzzing: the worker runs the value once.
        input->limit = 1;
        return true;
    }
    if (q.sched > 0) {
        input->reduce = fuzz_schedule_reduceFeatures(c->sched, q.sched - 1);
    }
    if (fuzz_UseCmp) {
        if (c->lenCtl.maxLen == 0) {
            fuzz_lenControl_start(&c->lenCtl, coordinator_largestInput(c));
        }
        input->maxLen = c->lenCtl.maxLen;
    }
    if (c->opts.Limit > 0) {
        input->limit = c->opts.Limit / c->opts.Parallel;
        if (c->opts.Limit % c->opts.Parallel > 0) {
            input->limit++;
        }
        int64_t remaining = c->opts.Limit - c->count - c->countWaiting;
        if (input->limit > remaining) {
            input->limit = remaining;
        }
    }
    // ctest: a call also ends after workerFuzzLimit executions, so that
    // each input gets the executions it gets in Go (see coordinator.h).
    if (input->limit == 0 || input->limit > workerFuzzLimit) {
        input->limit = workerFuzzLimit;
    }
    if (c->reproducible) {
        // ctest: and, in a reproducible run, after reproducibleCallBytes
        // bytes of input in all, so that a large input's call stays short.
        int64_t n = entryBytes(&q.entry);
        int64_t most = reproducibleCallBytes / (n > 0 ? n : 1);
        most = most > 0 ? most : 1;
        input->limit = input->limit < most ? input->limit : most;
    }
    return true;
}

void fuzz_coordinator_sentInput(coordinator *c, const fuzzInput *input) {
    queuedInput q;
    fuzz_queue_dequeue(&c->inputQueue, &q);
    fuzz_CorpusEntry_clear(&q.entry);
    c->countWaiting += input->limit;
}

size_t fuzz_coordinator_warmupBatch(const coordinator *c) {
    if (!fuzz_coordinator_warmupRun(c)) {
        return 1;
    }
    size_t parallel = c->opts.Parallel > 0 ? (size_t)c->opts.Parallel : 1;
    size_t k = (c->inputQueue.len + 1) / (warmupBatchSpread * parallel);
    size_t byBytes = warmupBatchBytes / (c->coverageMask.len > 0 ? c->coverageMask.len : 1);
    k = k < byBytes ? k : byBytes;
    k = k < warmupBatchMax ? k : warmupBatchMax;
    return k > 0 ? k : 1;
}

// peekMinimizeInput is peekMinimizeInput: the next value to minimize, with
// its limits, as a copy the caller owns.
bool fuzz_coordinator_peekMinimizeInput(coordinator *c, fuzzMinimizeInput *input) {
    if (!fuzz_coordinator_canMinimize(c)) {
        return false;
    }
    fuzzMinimizeInput headv;
    if (!fuzz_queue_peek(&c->minimizeQueue, &headv)) {
        return false;
    }
    const fuzzMinimizeInput *head = &headv;
    *input = (fuzzMinimizeInput){ 0 };
    input->entry = fuzz_CorpusEntry_copy(&head->entry);
    input->crasherMsg = head->crasherMsg != NULL ? runtime_strdup(head->crasherMsg) : NULL;
    input->keepCoverage = fuzz_byteSlice_copy(head->keepCoverage.ptr, head->keepCoverage.len);
    if (input->crasherMsg != NULL && c->minimizingSig.key != NULL) {
        input->keepCause = runtime_strdup(c->minimizingSig.key);
    }
    if (input->crasherMsg != NULL && c->minimizing.byWorker) {
        // ctest: the crash sites of the crasher, which ended a worker.
        memcpy(input->keepSite, c->minimizing.site, sizeof input->keepSite);
        input->nkeep = c->minimizing.nsite;
    }
    if (c->opts.MinimizeTimeout > 0) {
        input->timeout = c->opts.MinimizeTimeout;
    }
    if (c->opts.MinimizeLimit > 0) {
        input->limit = c->opts.MinimizeLimit;
    } else if (c->opts.Limit > 0) {
        if (input->crasherMsg != NULL) {
            input->limit = c->opts.Limit;
        } else {
            input->limit = c->opts.Limit / c->opts.Parallel;
            if (c->opts.Limit % c->opts.Parallel > 0) {
                input->limit++;
            }
        }
    }
    if (c->opts.Limit > 0) {
        int64_t remaining = c->opts.Limit - c->count - c->countWaiting;
        if (input->limit > remaining) {
            input->limit = remaining;
        }
    }
    return true;
}

void fuzz_coordinator_sentMinimizeInput(coordinator *c, const fuzzMinimizeInput *input) {
    fuzzMinimizeInput m;
    fuzz_queue_dequeue(&c->minimizeQueue, &m);
    fuzz_fuzzMinimizeInput_clear(&m);
    c->countWaiting += input->limit;
}

// updateCoverage merges newCoverage into the mask and returns how many
// bits were new.
int fuzz_coordinator_updateCoverage(coordinator *c, const byteSlice *newCoverage) {
    if (newCoverage->len != c->coverageMask.len) {
        go_panic("number of coverage counters changed at runtime: %zu, expected %zu",
                 newCoverage->len, c->coverageMask.len);
    }
    int newBitCount = 0;
    for (size_t i = 0; i < newCoverage->len; i++) {
        uint8_t diff = (uint8_t)(newCoverage->ptr[i] & ~c->coverageMask.ptr[i]);
        newBitCount += __builtin_popcount(diff);
        c->coverageMask.ptr[i] |= newCoverage->ptr[i];
    }
    if (newBitCount > 0) {
        c->maskVersion++;
    }
    return newBitCount;
}

// ---- crashError ----

const go_errorType fuzz_crashErrorType = { "*fuzz.crashError", free };

// newCrashError is &crashError{path, errors.New(msg)}.
go_error *fuzz_newCrashError(const char *path, const char *msg) {
    return errors_NewTyped(&fuzz_crashErrorType, runtime_strdup(path), errors_New(msg), msg);
}

// stop is CoordinateFuzzing's stop closure: it records the first real
// error (not the context's) and tells the workers to stop. It takes err.
void fuzz_coordinator_stop(coordinator *c, go_error *err) {
    if (err != NULL && c->fuzzErr == NULL) {
        c->fuzzErr = err;
    } else {
        go_error_free(err);
    }
    c->stopping = true;
}

// removeCorpusEntry removes entry j from the corpus; the last entry takes
// its place (ctest: only the default search removes entries, and it does
// not go through the corpus in order).
void fuzz_coordinator_removeCorpusEntry(coordinator *c, size_t j) {
    corpus *k = &c->corpus;
    fuzz_strIndex_remove(&k->byHash, k->hashes, j);
    fuzz_CorpusEntry_clear(&k->entries[j]);
    free(k->hashes[j]);
    k->len--;
    if (j < k->len) {
        fuzz_strIndex_remove(&k->byHash, k->hashes, k->len);
        k->entries[j] = k->entries[k->len];
        k->hashes[j] = k->hashes[k->len];
        fuzz_strIndex_put(&k->byHash, k->hashes, j);
    }
}
