// Ports go1.19.8 src/internal/fuzz/fuzz.go: CoordinateFuzzing's loop, the
// coordinator (its corpus, input and minimization queues, warm-up and
// statistics), crashError and addCorpusEntries/readCache.
//
// Go's CoordinateFuzzing is one `for { select {...} }` over channels fed by
// one goroutine per worker; here it is one loop whose select is poll(2) over
// the workers' pipes, with a timeout until the next 3 s stats tick or the
// fuzzing deadline. Each Go case is one branch below, in Go's order.
//
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal/fuzz/internal.h"
#include "internal/fuzz/schedule.h"
#include "internal/fuzz/strindex.h"

// statsInterval is CoordinateFuzzing's statTicker period (3s).
static const int64_t statsInterval = 3LL * 1000 * 1000 * 1000;

// ---- coordinator ----

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
    // ctest: counts the changes of coverageMask, from 1 (fuzzInput's
    // maskVersion).
    uint64_t maskVersion;
    // ctest: with -test.fuzzcmp, what values may grow to (fuzzInput's
    // maxLen); maxLen 0 until the warm-up is over.
    lenControl lenCtl;

    // CoordinateFuzzing's closure state.
    go_error *fuzzErr; // the first error that stopped fuzzing
    bool stopping;     // stop has been called
    bool crashWritten; // a crasher has been written
    int activeWorkers; // workers whose coordinate has not returned

    // ctest: minimizing a crash that ended a worker (coordinator_minimizeCrash).
    const char *binPath;  // the test binary (borrowed)
    char **args;          // its worker arguments (borrowed)
    char **env;           // the workers' environment (borrowed)
    int intrFd;           // the ^C pipe's read end, or -1
    int64_t nextStats;    // when the stats line is due
    char *crashOrigPath;  // the unminimized crasher written before minimizing
    bool crashOrigExists; // whether that file was there before
};

int64_t fuzz_coordinator_minimizeTimeout(const coordinator *c) {
    return c->opts.MinimizeTimeout;
}

FILE *fuzz_coordinator_log(const coordinator *c) {
    return c->log;
}

// elapsed is time.Since(c.startTime).Round(1 * time.Second), as Go prints
// it; the caller frees.
static char *coordinator_elapsed(const coordinator *c) {
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
static bool shouldPrintDebugInfo(void) {
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
static void coordinator_debugf(const coordinator *c, int64_t dur, const char *format, ...)
        __attribute__((format(printf, 3, 4)));
static void coordinator_debugf(const coordinator *c, int64_t dur, const char *format, ...) {
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

static const char *orEmpty(const char *s) {
    return s != NULL ? s : "";
}

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

static bool coordinator_warmupRun(const coordinator *c) {
    return c->warmupInputLeft > 0;
}

static bool coordinator_canMinimize(const coordinator *c) {
    return c->minimizationAllowed &&
           (c->opts.Limit == 0 || c->count + c->countWaiting < c->opts.Limit);
}

// addCorpusEntries adds entries not already present (by data hash); with
// addToCache, each is written to the cache directory first and keeps only
// its path. It reports whether none was a duplicate. The entries are
// copied.
static go_error *coordinator_addCorpusEntries(coordinator *c, bool addToCache,
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

// readCache is readCache: the seed corpus, then the cache directory's
// entries (malformed files are skipped, as in Go).
static go_error *coordinator_readCache(coordinator *c, const fuzz_CorpusEntry *seed, size_t nseed) {
    go_error *err = coordinator_addCorpusEntries(c, false, seed, nseed, NULL);
    if (err != NULL) {
        return err;
    }
    fuzz_CorpusEntry *entries = NULL;
    size_t n = 0;
    err = fuzz_ReadCorpus(c->opts.CacheDir, c->opts.Types, c->opts.NTypes, &entries, &n);
    if (err != NULL && errors_As(err, &fuzz_MalformedCorpusErrorType) == NULL) {
        for (size_t i = 0; i < n; i++) {
            fuzz_CorpusEntry_clear(&entries[i]);
        }
        free(entries);
        return err;
    }
    go_error_free(err);
    err = coordinator_addCorpusEntries(c, false, entries, n, NULL);
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
static go_error *newCoordinator(const fuzz_CoordinateFuzzingOpts *opts, coordinator **out) {
    coordinator *c = runtime_calloc(1, sizeof *c);
    c->opts = *opts;
    c->log = opts->Log;
    c->startTime = time_now();
    c->timeLastLog = c->startTime;
    c->inputQueue.elemSize = sizeof(queuedInput);
    c->minimizeQueue.elemSize = sizeof(fuzzMinimizeInput);

    fuzz_CorpusEntry *seed = runtime_calloc(opts->NSeed + 1, sizeof *seed);
    for (size_t i = 0; i < opts->NSeed; i++) {
        seed[i] = fuzz_CorpusEntry_copy(&opts->Seed[i]);
        if (seed[i].Data == NULL && seed[i].Values != NULL) {
            fuzz_marshalCorpusFile(seed[i].Values, seed[i].NValues, &seed[i].Data,
                                   &seed[i].DataLen);
        }
    }
    go_error *err = coordinator_readCache(c, seed, opts->NSeed);
    if (err != NULL) {
        for (size_t i = 0; i < opts->NSeed; i++) {
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

    size_t covSize = fuzz_coverage().len;
    if (covSize == 0) {
        fprintf(c->log,
                "warning: the test binary was not built with coverage instrumentation, so fuzzing will run without coverage guidance and may be inefficient\n");
        // Without coverage, only the seed corpus is tested before fuzzing.
        c->warmupInputCount = (go_int)opts->NSeed;
        for (size_t i = 0; i < opts->NSeed; i++) {
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
            c->sched = fuzz_schedule_new();
        }
    }
    c->warmupInputLeft = c->warmupInputCount;
    for (size_t i = 0; i < opts->NSeed; i++) {
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
        go_error_free(coordinator_addCorpusEntries(c, false, &e, 1, NULL));
        fuzz_CorpusEntry_clear(&e);
    }
    *out = c;
    return NULL;
}

static void coordinator_free(coordinator *c) {
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
    go_error_free(c->fuzzErr);
    free(c->crashOrigPath);
    free(c);
}

static void coordinator_updateStats(coordinator *c, const fuzzResult *result) {
    c->count += result->count;
    c->countWaiting -= result->limit;
    c->duration += result->totalDuration;
    if (c->lenCtl.maxLen > 0) {
        fuzz_lenControl_ran(&c->lenCtl, result->count, false);
    }
}

// logStats prints the progress line for the current phase.
static void coordinator_logStats(coordinator *c) {
    int64_t now = time_now();
    char *elapsed = coordinator_elapsed(c);
    if (coordinator_warmupRun(c)) {
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
                    " (total: %" PRId64 ")\n",
                    elapsed, c->count, r, c->interestingCount, total);
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
    if (c->sched != NULL && fuzz_schedule_pick(c->sched, time_now(), &i)) {
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
static bool coordinator_peekRefill(coordinator *c) {
    if (c->opts.Limit > 0 && c->count + c->countWaiting >= c->opts.Limit) {
        // Already making the maximum number of calls to the fuzz function.
        return false;
    }
    if (c->inputQueue.len == 0) {
        if (coordinator_warmupRun(c)) {
            // Wait for coverage from every warm-up input before fuzzing.
            return false;
        }
        coordinator_refillInputQueue(c);
    }
    return true;
}

// largestInput is the most bytes of []byte and string values any corpus
// entry holds (its file's size when its values were dropped).
static int64_t coordinator_largestInput(const coordinator *c) {
    int64_t largest = 0;
    for (size_t i = 0; i < c->corpus.len; i++) {
        const fuzz_CorpusEntry *e = &c->corpus.entries[i];
        int64_t n = e->Values == NULL ? (int64_t)e->DataLen
                                      : (int64_t)fuzz_valueBytes(e->Values, e->NValues);
        largest = n > largest ? n : largest;
    }
    return largest;
}

// peekInput is peekInput: the next input to send to a worker, if there is
// one (a copy the caller owns); the queue keeps it until sentInput.
static bool coordinator_peekInput(coordinator *c, fuzzInput *input) {
    if (!coordinator_peekRefill(c)) {
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
    input->warmup = coordinator_warmupRun(c);
    if (c->coverageMask.ptr != NULL) {
        input->coverageData = fuzz_byteSlice_copy(c->coverageMask.ptr, c->coverageMask.len);
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
    // each input gets the executions it gets in Go (see internal.h).
    if (input->limit == 0 || input->limit > workerFuzzLimit) {
        input->limit = workerFuzzLimit;
    }
    return true;
}

static void coordinator_sentInput(coordinator *c, const fuzzInput *input) {
    queuedInput q;
    fuzz_queue_dequeue(&c->inputQueue, &q);
    fuzz_CorpusEntry_clear(&q.entry);
    c->countWaiting += input->limit;
}

// queueForMinimization queues result's entry; a crasher replaces whatever
// interesting values were waiting, which matter less.
static void coordinator_queueForMinimization(coordinator *c, const fuzzResult *result,
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

// peekMinimizeInput is peekMinimizeInput: the next value to minimize, with
// its limits, as a copy the caller owns.
static bool coordinator_peekMinimizeInput(coordinator *c, fuzzMinimizeInput *input) {
    if (!coordinator_canMinimize(c)) {
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

static void coordinator_sentMinimizeInput(coordinator *c, const fuzzMinimizeInput *input) {
    fuzzMinimizeInput m;
    fuzz_queue_dequeue(&c->minimizeQueue, &m);
    fuzz_fuzzMinimizeInput_clear(&m);
    c->countWaiting += input->limit;
}

// updateCoverage merges newCoverage into the mask and returns how many
// bits were new.
static int coordinator_updateCoverage(coordinator *c, const byteSlice *newCoverage) {
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
static go_error *newCrashError(const char *path, const char *msg) {
    return errors_NewTyped(&fuzz_crashErrorType, runtime_strdup(path), errors_New(msg), msg);
}

// ---- CoordinateFuzzing ----

// stop is CoordinateFuzzing's stop closure: it records the first real
// error (not the context's) and tells the workers to stop. It takes err.
static void coordinator_stop(coordinator *c, go_error *err) {
    if (err != NULL && c->fuzzErr == NULL) {
        c->fuzzErr = err;
    } else {
        go_error_free(err);
    }
    c->stopping = true;
}

void fuzz_coordinator_workerDone(coordinator *c, go_error *err) {
    // errC: a worker's coordinate returned.
    coordinator_stop(c, err);
    c->activeWorkers--;
}

// removeCorpusEntry removes entry j from the corpus; the last entry takes
// its place (ctest: only the default search removes entries, and it does
// not go through the corpus in order).
static void coordinator_removeCorpusEntry(coordinator *c, size_t j) {
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

// reduce puts result's entry in place of the input it was mutated from,
// when the schedule finds it smaller and with all the coverage that input
// alone brought (schedule.h); it reports whether it did. ctest: libFuzzer's
// -reduce_inputs, for the default search. The new file is in the cache
// before the old one goes, so that a failure between them loses nothing;
// a seed is never replaced, nor a file outside the cache.
static bool coordinator_reduce(coordinator *c, fuzzResult *result) {
    size_t i = result->inputSched - 1;
    if (c->sched == NULL || result->inputSched == 0 ||
        !fuzz_schedule_reduces(c->sched, i,
                               (go_bytes){ result->coverageData.ptr, result->coverageData.len },
                               result->entry.DataLen)) {
        return false;
    }
    const fuzz_CorpusEntry *old = fuzz_schedule_entry(c->sched, i);
    char *name = fuzz_corpusFileName(old->Data, old->DataLen);
    size_t j = fuzz_strIndex_find(&c->corpus.byHash, c->corpus.hashes, name);
    free(name);
    bool entryNew;
    go_error *err = coordinator_addCorpusEntries(c, true, &result->entry, 1, &entryNew);
    if (err != NULL) {
        coordinator_stop(c, err);
        return true;
    }
    if (!entryNew) {
        return false; // those bytes are in the corpus already
    }
    if (j != (size_t)-1) {
        const char *path = c->corpus.entries[j].Path, *dir = c->opts.CacheDir;
        size_t n = strlen(dir);
        if (!c->corpus.entries[j].IsSeed && path != NULL && strncmp(path, dir, n) == 0 &&
            path[n] == '/') {
            unlink(path);
        }
        coordinator_removeCorpusEntry(c, j);
    }
    if (shouldPrintDebugInfo()) {
        char *elapsed = coordinator_elapsed(c);
        coordinator_debugf(c, result->entryDuration,
                           "DEBUG reduced input, elapsed: %s, id: %s, from: %s, size: %zu, was: "
                           "%zu",
                           elapsed, orEmpty(result->entry.Path), orEmpty(old->Path),
                           result->entry.DataLen, old->DataLen);
        free(elapsed);
    }
    fuzz_schedule_replace(c->sched, i, &result->entry, result->entryDuration);
    return true;
}

// handleResult is CoordinateFuzzing's resultC case.
void fuzz_coordinator_result(coordinator *c, fuzzResult *result) {
    if (c->stopping) {
        fuzz_fuzzResult_clear(result);
        return;
    }
    coordinator_updateStats(c, result);
    if (result->count > 0 && fuzz_testHook("coordinator-panic")) {
        go_panic("CTEST_FUZZ_TESTHOOK=coordinator-panic");
    }

    if (result->crasherMsg != NULL) {
        if (coordinator_warmupRun(c) && result->entry.IsSeed) {
            const char *dir = c->opts.CorpusDir, *slash = strrchr(dir, '/');
            const char *target = slash != NULL ? slash + 1 : dir;
            const char *parent = result->entry.Parent != NULL ? result->entry.Parent : "";
            const char *pslash = strrchr(parent, '/');
            fprintf(c->log, "failure while testing seed corpus entry: %s/%s\n", target,
                    pslash != NULL ? pslash + 1 : parent);
            coordinator_stop(c, errors_New(result->crasherMsg));
            fuzz_fuzzResult_clear(result);
            return;
        }
        if (coordinator_canMinimize(c) && result->canMinimize) {
            if (c->crashMinimizing != NULL) {
                // This crash is not minimized, and another crash is being
                // minimized. Ignore this one and wait for the other one to
                // finish.
                fuzz_fuzzResult_clear(result);
                return;
            }
            // Found a crasher but haven't yet attempted to minimize it.
            // Send it back to a worker for minimization. Disable inputC so
            // other workers don't continue fuzzing.
            c->crashMinimizing = runtime_malloc(sizeof *c->crashMinimizing);
            *c->crashMinimizing = *result;
            c->crashMinimizing->input = NULL; // borrowed from the worker
            *result = (fuzzResult){ 0 };
            fprintf(c->log, "fuzz: minimizing %zu-byte failing input file\n",
                    c->crashMinimizing->entry.DataLen);
            fflush(c->log);
            coordinator_queueForMinimization(c, c->crashMinimizing, NULL);
        } else if (!c->crashWritten) {
            // Found a crasher that's either minimized or not minimizable.
            // Write to corpus and stop.
            go_error *err = fuzz_writeToCorpus(&result->entry, c->opts.CorpusDir);
            if (err == NULL) {
                c->crashWritten = true;
                // ctest: the unminimized crasher written before minimizing
                // is replaced by the minimized one.
                if (c->crashOrigPath != NULL && !c->crashOrigExists &&
                    strcmp(c->crashOrigPath, result->entry.Path) != 0) {
                    unlink(c->crashOrigPath);
                }
                err = newCrashError(result->entry.Path, result->crasherMsg);
            }
            if (shouldPrintDebugInfo()) {
                char *elapsed = coordinator_elapsed(c);
                coordinator_debugf(c, result->entryDuration,
                                   "DEBUG new crasher, elapsed: %s, id: %s, parent: %s, gen: %d, "
                                   "size: %zu",
                                   elapsed, orEmpty(result->entry.Path),
                                   orEmpty(result->entry.Parent), result->entry.Generation,
                                   result->entry.DataLen);
                free(elapsed);
            }
            coordinator_stop(c, err);
        }
    } else if (result->coverageData.ptr != NULL) {
        if (coordinator_warmupRun(c)) {
            if (shouldPrintDebugInfo()) {
                char *elapsed = coordinator_elapsed(c);
                coordinator_debugf(
                        c, result->entryDuration,
                        "DEBUG processed an initial input, elapsed: %s, id: %s, new bits: %" PRId64
                        ", size: %zu",
                        elapsed, orEmpty(result->entry.Parent),
                        countNewBits(&c->coverageMask, &result->coverageData),
                        result->entry.DataLen);
                free(elapsed);
            }
            go_bytes cov = { result->coverageData.ptr, result->coverageData.len };
            uint8_t *unique =
                    fuzz_diffCoverage((go_bytes){ c->coverageMask.ptr, c->coverageMask.len }, cov);
            coordinator_updateCoverage(c, &result->coverageData);
            if (c->sched != NULL && result->input != NULL) {
                fuzz_schedule_add(c->sched, result->input, cov,
                                  (go_bytes){ unique, unique != NULL ? cov.len : 0 },
                                  result->entryDuration);
            }
            free(unique);
            c->warmupInputLeft--;
            if (c->warmupInputLeft == 0) {
                char *elapsed = coordinator_elapsed(c);
                fprintf(c->log,
                        "fuzz: elapsed: %s, gathering baseline coverage: %" PRId64 "/%" PRId64
                        " completed, now fuzzing with %" PRId64 " workers\n",
                        elapsed, c->warmupInputCount, c->warmupInputCount, c->opts.Parallel);
                fflush(c->log);
                if (shouldPrintDebugInfo()) {
                    coordinator_debugf(c, -1,
                                       "DEBUG finished processing input corpus, elapsed: %s, "
                                       "entries: %zu, initial coverage bits: %" PRId64,
                                       elapsed, c->corpus.len, coverageBits(&c->coverageMask));
                }
                free(elapsed);
            }
        } else {
            byteSlice keepCoverage = { 0 };
            keepCoverage.ptr = fuzz_diffCoverage(
                    (go_bytes){ c->coverageMask.ptr, c->coverageMask.len },
                    (go_bytes){ result->coverageData.ptr, result->coverageData.len });
            if (keepCoverage.ptr != NULL) {
                keepCoverage.len = keepCoverage.cap = result->coverageData.len;
            }
            if (keepCoverage.ptr != NULL) {
                if (coordinator_canMinimize(c) && result->canMinimize && !fuzz_UseCmp &&
                    c->crashMinimizing == NULL) {
                    // Send back to workers to find a smaller value that
                    // preserves at least one new coverage bit. ctest: not
                    // with -test.fuzzcmp, which keeps the input whole, as
                    // libFuzzer does: Go's minimization stopped a lone
                    // worker for up to -fuzzminimizetime on a slow target,
                    // and even a reduction within one call's budget lost
                    // coverage on bench/realworld (60 s races: expat 3473
                    // to 3611 branches without it, pcre2 10184 to 11580,
                    // lua 1995 to 2110).
                    coordinator_queueForMinimization(c, result, &keepCoverage);
                } else {
                    // Update the coordinator's coverage mask and save the
                    // value.
                    size_t inputSize = result->entry.DataLen;
                    bool entryNew;
                    go_error *err =
                            coordinator_addCorpusEntries(c, true, &result->entry, 1, &entryNew);
                    if (err != NULL) {
                        coordinator_stop(c, err);
                    } else if (entryNew) {
                        coordinator_updateCoverage(c, &keepCoverage);
                        queuedInput q = { fuzz_CorpusEntry_copy(&result->entry), 0 };
                        if (c->sched != NULL) {
                            if (result->inputSched > 0) {
                                fuzz_schedule_found(c->sched, result->inputSched - 1);
                            }
                            q.sched = 1 + fuzz_schedule_add(
                                                  c->sched, &result->entry,
                                                  (go_bytes){ result->coverageData.ptr,
                                                              result->coverageData.len },
                                                  (go_bytes){ keepCoverage.ptr, keepCoverage.len },
                                                  result->entryDuration);
                        }
                        if (fuzz_UseCmp) {
                            // ctest: fuzz it next, not after the rest of
                            // the corpus has gone round once more.
                            fuzz_queue_pushFront(&c->inputQueue, &q);
                        } else {
                            fuzz_queue_enqueue(&c->inputQueue, &q);
                        }
                        c->interestingCount++;
                        fuzz_lenControl_ran(&c->lenCtl, 0, true);
                        if (shouldPrintDebugInfo()) {
                            char *elapsed = coordinator_elapsed(c);
                            coordinator_debugf(
                                    c, result->entryDuration,
                                    "DEBUG new interesting input, elapsed: %s, id: %s, parent: "
                                    "%s, gen: %d, new bits: %" PRId64 ", total bits: %" PRId64
                                    ", size: %zu",
                                    elapsed, orEmpty(result->entry.Path),
                                    orEmpty(result->entry.Parent), result->entry.Generation,
                                    coverageBits(&keepCoverage), coverageBits(&c->coverageMask),
                                    inputSize);
                            free(elapsed);
                        }
                    } else {
                        // Go's `continue`: the limit check below is skipped.
                        fuzz_byteSlice_free(&keepCoverage);
                        fuzz_fuzzResult_clear(result);
                        return;
                    }
                }
            } else if (coordinator_reduce(c, result)) {
                // ctest: the input was replaced by a smaller one.
            } else if (shouldPrintDebugInfo()) {
                char *elapsed = coordinator_elapsed(c);
                coordinator_debugf(c, -1,
                                   "DEBUG worker reported interesting input that doesn't expand "
                                   "coverage, elapsed: %s, id: %s, parent: %s, canMinimize: %s",
                                   elapsed, orEmpty(result->entry.Path),
                                   orEmpty(result->entry.Parent),
                                   result->canMinimize ? "true" : "false");
                free(elapsed);
            }
            fuzz_byteSlice_free(&keepCoverage);
        }
    } else if (coordinator_warmupRun(c)) {
        // No error or coverage data was reported for this input during
        // warmup, so continue processing results.
        c->warmupInputLeft--;
        if (c->warmupInputLeft == 0) {
            char *elapsed = coordinator_elapsed(c);
            fprintf(c->log,
                    "fuzz: elapsed: %s, testing seed corpus: %" PRId64 "/%" PRId64
                    " completed, now fuzzing with %" PRId64 " workers\n",
                    elapsed, c->warmupInputCount, c->warmupInputCount, c->opts.Parallel);
            fflush(c->log);
            free(elapsed);
            if (shouldPrintDebugInfo()) {
                // Go prints time.Since(c.startTime) here, unrounded.
                char *since = time_Duration_String(time_now() - c->startTime);
                coordinator_debugf(c, -1,
                                   "DEBUG finished testing-only phase, elapsed: %s, entries: %zu",
                                   since, c->corpus.len);
                free(since);
            }
        }
    }

    // Once the result has been processed, stop the worker if we have
    // reached the fuzzing limit.
    if (c->opts.Limit > 0 && c->count >= c->opts.Limit) {
        coordinator_stop(c, NULL);
    }
    fuzz_fuzzResult_clear(result);
}

// crashMin is the state of coordinator_minimizeCrash: minimizeInput's
// closures, with a new process per candidate.
typedef struct crashMin {
    coordinator *c;
    sharedMem *mem;   // the candidates' shared memory
    go_value *vals;   // the values being minimized; vals[index] is the candidate
    size_t n;         //
    go_int index;     //
    int64_t deadline; // 0: none
    int64_t limit;    // 0: none
    int64_t count;    // candidates run
    bool interrupted; // ^C
    go_error *err;    // a candidate could not run
    char *lastMsg;    // the last crash's message (owned)
} crashMin;

// fuzzTimeoutDefault is -test.fuzztimeout's default (10s), for a zero opt.
static const int64_t fuzzTimeoutDefault = 10LL * 1000 * 1000 * 1000;

static bool crashMin_shouldStop(void *p) {
    crashMin *st = p;
    return st->interrupted || st->err != NULL ||
           (st->deadline != 0 && time_now() >= st->deadline) ||
           (st->limit > 0 && st->count >= st->limit);
}

// run runs the marshaled values in a new worker and reports whether they
// still crash it.
static bool crashMin_run(crashMin *st, const uint8_t *data, size_t n) {
    coordinator *c = st->c;
    st->count++;
    int64_t timeout = c->opts.FuzzTimeout > 0 ? c->opts.FuzzTimeout : fuzzTimeoutDefault;
    // The worker's watchdog ends a hang at timeout; the backstop is for a
    // worker that hangs elsewhere.
    int64_t backstop = timeout + 10LL * 1000 * 1000 * 1000;
    bool crashed, intr;
    char *msg;
    go_error *err = fuzz_runCandidate(c->binPath, c->args, c->env, st->mem, data, n, backstop,
                                      c->intrFd, &crashed, &msg, &intr);
    int64_t now = time_now();
    if (now >= c->nextStats) {
        // statTicker
        coordinator_logStats(c);
        c->nextStats = now + statsInterval;
    }
    if (err != NULL) {
        st->err = err;
        return false;
    }
    st->interrupted = intr;
    if (crashed) {
        free(st->lastMsg);
        st->lastMsg = msg;
    }
    return crashed;
}

// try is tryMinimized: the values with candidate at index still crash.
static bool crashMin_try(void *p, go_bytes candidate) {
    crashMin *st = p;
    go_value prev = st->vals[st->index];
    if (prev.kind == GO_BYTES) {
        st->vals[st->index].v.bytes = candidate;
    } else {
        st->vals[st->index].v.str = (go_string){ (const char *)candidate.ptr, candidate.len };
    }
    uint8_t *data;
    size_t n;
    fuzz_marshalCorpusFile(st->vals, st->n, &data, &n);
    bool crashed = crashMin_run(st, data, n);
    free(data);
    if (!crashed) {
        st->vals[st->index] = prev;
    }
    return crashed;
}

// minimizeCrash minimizes a crasher that ended its worker, running each
// candidate in a new worker process, and hands the result to the
// coordinator as a worker's minimize call would.
// ctest: Go does not minimize such a crasher (worker.go: "Don't attempt to
// minimize this since it crashed the worker"). Here it is minimized as
// minimizeInput does (minimizeBytes on each []byte and string value, in
// order), within the same budget (-test.fuzzminimizetime: a time, or a
// count of candidates, the first check of the crasher included). The
// unminimized crasher is written first, so that it is kept whatever
// happens to the coordinator; the minimized one replaces it.
static void coordinator_minimizeCrash(coordinator *c, fuzzMinimizeInput *input) {
    int64_t start = time_now();
    fuzz_CorpusEntry orig = fuzz_CorpusEntry_copy(&input->entry);
    if (orig.Data == NULL) {
        const uint8_t *data;
        size_t n;
        bool owned;
        go_error *err = fuzz_corpusEntryData(&orig, &data, &n, &owned);
        if (err != NULL) {
            fuzz_CorpusEntry_clear(&orig);
            coordinator_stop(c, err);
            return;
        }
        orig.Data = owned ? (uint8_t *)data : fuzz_byteSlice_copy(data, n).ptr;
        orig.DataLen = n;
    }
    // Write the crasher as it is first.
    {
        char *sum = fuzz_corpusFileName(orig.Data, orig.DataLen);
        char *path = runtime_sprintf("%s/%s", c->opts.CorpusDir, sum);
        free(sum);
        struct stat stt;
        c->crashOrigExists = stat(path, &stt) == 0;
        free(path);
        go_error *err = fuzz_writeToCorpus(&orig, c->opts.CorpusDir);
        if (err != NULL) {
            fuzz_CorpusEntry_clear(&orig);
            coordinator_stop(c, err);
            return;
        }
        free(c->crashOrigPath);
        c->crashOrigPath = runtime_strdup(orig.Path);
    }

    crashMin st = { 0 };
    st.c = c;
    st.limit = input->limit;
    if (input->timeout != 0) {
        st.deadline = start + input->timeout;
    }
    go_error *err = fuzz_sharedMemTempFile(workerSharedMemSize, &st.mem);
    if (err == NULL) {
        err = fuzz_unmarshalCorpusFile(orig.Data, orig.DataLen, &st.vals, &st.n);
    }
    if (err != NULL) {
        fuzz_CorpusEntry_clear(&orig);
        go_error_free(fuzz_sharedMem_Close(st.mem));
        coordinator_stop(c, err);
        return;
    }

    // Check that the crasher crashes a new process; if not, it may have
    // been a flake (or need the worker's earlier inputs), and cannot be
    // minimized.
    bool success = false;
    if (!crashMin_shouldStop(&st) && crashMin_run(&st, orig.Data, orig.DataLen)) {
        success = true;
        for (size_t i = 0; i < st.n && !crashMin_shouldStop(&st); i++) {
            go_value *v = &st.vals[i];
            if (!fuzz_isMinimizable(v->kind)) {
                continue;
            }
            st.index = (go_int)i;
            const uint8_t *p = v->kind == GO_BYTES ? v->v.bytes.ptr : (const uint8_t *)v->v.str.ptr;
            size_t len = v->kind == GO_BYTES ? v->v.bytes.len : v->v.str.len;
            byteSlice b = fuzz_byteSlice_copy(p != NULL ? p : (const uint8_t *)"", len);
            go_value before = *v;
            fuzz_minimizeBytes(&b, crashMin_try, crashMin_shouldStop, &st);
            // v views a candidate now (or still the original): own b, which
            // holds the result.
            free((void *)p);
            *v = before;
            if (v->kind == GO_BYTES) {
                v->v.bytes = (go_bytes){ b.ptr, b.len };
            } else {
                v->v.str = (go_string){ (const char *)b.ptr, b.len };
            }
        }
    }

    fuzzResult result = { 0 };
    result.limit = input->limit;
    result.count = st.count;
    result.totalDuration = time_now() - start;
    result.canMinimize = false;
    result.crashed = true;
    if (success) {
        // The values as minimized so far: each step kept a crashing value.
        result.entry = fuzz_CorpusEntry_copy(&orig);
        free(result.entry.Data);
        fuzz_freeValues(result.entry.Values, result.entry.NValues);
        result.entry.Values = NULL;
        result.entry.NValues = 0;
        fuzz_marshalCorpusFile(st.vals, st.n, &result.entry.Data, &result.entry.DataLen);
        free(result.entry.Path);
        result.entry.Path = fuzz_shortHash(result.entry.Data, result.entry.DataLen);
        result.crasherMsg = st.lastMsg;
        st.lastMsg = NULL;
    } else {
        // Error minimizing, or no crash: send back the original input.
        result.entry = fuzz_CorpusEntry_copy(&orig);
        result.crasherMsg = input->crasherMsg != NULL ? runtime_strdup(input->crasherMsg) : NULL;
    }
    if (st.err != NULL) {
        // ctest: say why, after the crash's own message.
        char *m = runtime_sprintf("%s\n(minimizing stopped: %s)",
                                  result.crasherMsg != NULL ? result.crasherMsg : "",
                                  go_error_Error(st.err));
        free(result.crasherMsg);
        result.crasherMsg = m;
        go_error_free(st.err);
    }
    free(st.lastMsg);
    fuzz_freeValues(st.vals, st.n);
    go_error_free(fuzz_sharedMem_Close(st.mem));
    fuzz_CorpusEntry_clear(&orig);
    fuzz_coordinator_result(c, &result);
}

// sigintPipe wakes the loop on SIGINT (testdeps' signal.NotifyContext):
// the handler writes a byte, the loop polls the read end.
static int sigintPipe[2] = { -1, -1 };

static void onSigint(int sig) {
    (void)sig;
    int saved = errno;
    if (write(sigintPipe[1], "", 1) < 0) {
        // Nothing to do: the pipe is full, so the loop wakes anyway.
    }
    errno = saved;
}

// workerArgs is append([]string{"-test.fuzzworker"}, os.Args[1:]...) with
// os.Args[0] in front, NULL-terminated.
static char **workerArgs(const fuzz_CoordinateFuzzingOpts *opts) {
    char **args = runtime_calloc((size_t)opts->Argc + 2, sizeof *args);
    args[0] = opts->Argc > 0 ? opts->Argv[0] : "";
    args[1] = "-test.fuzzworker";
    for (int i = 1; i < opts->Argc; i++) {
        args[i + 1] = opts->Argv[i];
    }
    return args;
}

go_error *fuzz_CoordinateFuzzing(const fuzz_CoordinateFuzzingOpts *optsIn) {
    fuzz_linkCounters();
    fuzz_CoordinateFuzzingOpts opts = *optsIn;
    FILE *discard = NULL;
    if (opts.Log == NULL) {
        discard = fopen("/dev/null", "w");
        opts.Log = discard;
    }
    if (opts.Parallel == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        opts.Parallel = n > 0 ? n : 1;
    }
    if (opts.Limit > 0 && opts.Parallel > opts.Limit) {
        // Don't start more workers than we need.
        opts.Parallel = opts.Limit;
    }

    coordinator *c;
    go_error *err = newCoordinator(&opts, &c);
    if (err != NULL) {
        if (discard != NULL) {
            fclose(discard);
        }
        return err;
    }
    int64_t deadline = opts.Timeout > 0 ? c->startTime + opts.Timeout : 0;
    // ctest: a panic in the coordinator's own code is the engine's, not the
    // fuzz test's, whose handler the thread has.
    engineGuard guard;
    fuzz_guardCoordinatorEngine(&guard);

    // The interrupt context: ^C stops fuzzing cleanly, as a timeout does.
    struct sigaction sa, oldSa;
    bool haveSigint = pipe(sigintPipe) == 0;
    if (haveSigint) {
        fcntl(sigintPipe[0], F_SETFD, FD_CLOEXEC);
        fcntl(sigintPipe[1], F_SETFD, FD_CLOEXEC);
        fcntl(sigintPipe[1], F_SETFL, O_NONBLOCK);
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = onSigint;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, &oldSa);
    }
    // A worker that dies must not kill us when we write to its pipe.
    struct sigaction ign, oldPipe;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &oldPipe);

    char *binPath = NULL;
    if (opts.Argc > 0 && strchr(opts.Argv[0], '/') != NULL) {
        binPath = runtime_strdup(opts.Argv[0]);
    } else {
        // ctest: Go's exec.Command looks a bare name up in $PATH; the
        // running binary is the one to start.
        binPath = runtime_strdup("/proc/self/exe");
    }
    char **args = workerArgs(&opts);
    char **env = fuzz_workerEnv();
    c->binPath = binPath;
    c->args = args;
    c->env = env;
    c->intrFd = haveSigint ? sigintPipe[0] : -1;

    size_t nworkers = (size_t)opts.Parallel;
    worker **workers = runtime_calloc(nworkers, sizeof *workers);
    for (size_t i = 0; i < nworkers; i++) {
        err = fuzz_newWorker(c, binPath, args, env, &workers[i]);
        if (err != NULL) {
            coordinator_stop(c, err);
            nworkers = i;
            goto out;
        }
    }
    c->activeWorkers = (int)nworkers;

    c->nextStats = time_now() + statsInterval;
    // Each worker's responses, stderr and end, and ^C.
    enum pollKind { pollAnswer, pollStderr, pollExit };
    struct pollfd *pfds = runtime_calloc(3 * nworkers + 1, sizeof *pfds);
    worker **pws = runtime_calloc(3 * nworkers + 1, sizeof *pws);
    enum pollKind *kinds = runtime_calloc(3 * nworkers + 1, sizeof *kinds);
    size_t rr = 0; // round robin, so that no worker starves the others

    coordinator_logStats(c);
    for (;;) {
        if (c->stopping) {
            // Every worker's ctx.Done case: tell them all to stop at once,
            // then wait for each.
            for (size_t i = 0; i < nworkers; i++) {
                fuzz_worker_closeInput(workers[i]);
            }
            for (size_t i = 0; i < nworkers; i++) {
                if (!fuzz_worker_isDone(workers[i])) {
                    fuzz_worker_cancel(workers[i]);
                }
            }
            break;
        }
        // Start or restart each worker that is not running.
        for (size_t i = 0; i < nworkers && !c->stopping; i++) {
            if (fuzz_worker_needsStart(workers[i])) {
                fuzz_worker_start(workers[i]);
            }
        }
        if (c->stopping) {
            continue;
        }

        // ctest: a crasher that ended its worker is minimized here, each
        // candidate in a new process (coordinator_minimizeCrash), while
        // the other workers wait.
        if (c->crashMinimizing != NULL && c->crashMinimizing->crashed) {
            fuzzMinimizeInput minimizeInput;
            if (coordinator_peekMinimizeInput(c, &minimizeInput)) {
                coordinator_sentMinimizeInput(c, &minimizeInput);
                coordinator_minimizeCrash(c, &minimizeInput);
                fuzz_fuzzMinimizeInput_clear(&minimizeInput);
                continue;
            }
        }

        // Go's loop starts each turn with peekInput; its only effect
        // (besides the input it returns) is the refill.
        (void)coordinator_peekRefill(c);
        worker *idle = NULL;
        for (size_t i = 0; i < nworkers; i++) {
            if (fuzz_worker_isIdle(workers[i])) {
                idle = workers[i];
                break;
            }
        }
        if (idle != NULL) {
            // minimizeC: a value to minimize goes to a free worker first.
            fuzzMinimizeInput minimizeInput;
            if (coordinator_peekMinimizeInput(c, &minimizeInput)) {
                coordinator_sentMinimizeInput(c, &minimizeInput);
                fuzz_worker_minimize(idle, &minimizeInput);
                continue;
            }
            // inputC: fuzz the next input, unless a crasher is being
            // minimized (other workers then stay idle).
            fuzzInput input;
            if (c->crashMinimizing == NULL && coordinator_peekInput(c, &input)) {
                coordinator_sentInput(c, &input);
                fuzz_worker_fuzz(idle, &input);
                continue;
            }
        }

        // Wait for a worker, the stats tick, the deadline or ^C.
        int64_t now = time_now();
        int64_t wake = c->nextStats;
        if (deadline != 0 && deadline < wake) {
            wake = deadline;
        }
        size_t npfd = 0;
        for (size_t i = 0; i < nworkers; i++) {
            size_t k = (rr + i) % nworkers;
            int fd = fuzz_worker_fd(workers[k]);
            int64_t d = fuzz_worker_deadline(workers[k]);
            if (d != 0 && d < wake) {
                wake = d;
            }
            if (fd >= 0) {
                pfds[npfd] = (struct pollfd){ fd, POLLIN, 0 };
                pws[npfd] = workers[k];
                kinds[npfd] = pollAnswer;
                npfd++;
            }
            int efd = fuzz_worker_errFd(workers[k]);
            if (efd >= 0) {
                pfds[npfd] = (struct pollfd){ efd, POLLIN, 0 };
                pws[npfd] = workers[k];
                kinds[npfd] = pollStderr;
                npfd++;
            }
            int xfd = fuzz_worker_exitFd(workers[k]);
            if (xfd >= 0) {
                pfds[npfd] = (struct pollfd){ xfd, POLLIN, 0 };
                pws[npfd] = workers[k];
                kinds[npfd] = pollExit;
                npfd++;
            }
        }
        if (haveSigint) {
            pfds[npfd] = (struct pollfd){ sigintPipe[0], POLLIN, 0 };
            pws[npfd] = NULL;
            npfd++;
        }
        int64_t wait = wake - now;
        int timeoutMs = wait <= 0 ? 0 : (int)((wait + 999999) / 1000000);
        int r = poll(pfds, (nfds_t)npfd, timeoutMs);
        if (r < 0 && errno != EINTR) {
            coordinator_stop(c, fmt_Errorf(NULL, "poll: %s", strerror(errno)));
            continue;
        }
        if (r > 0) {
            rr++;
            for (size_t i = 0; i < npfd; i++) {
                if (pfds[i].revents == 0) {
                    continue;
                }
                if (pws[i] == NULL) {
                    // doneC: interrupted (^C). A clean stop, as Go's
                    // testdeps returns nil for the context's error.
                    coordinator_stop(c, NULL);
                } else if (kinds[i] == pollStderr) {
                    // The worker wrote to stderr: keep the end of it.
                    fuzz_worker_readStderr(pws[i]);
                } else if (kinds[i] == pollExit) {
                    // ctest: the worker's process ended, whether or not
                    // its pipe is closed.
                    fuzz_worker_exited(pws[i]);
                } else {
                    // A worker answered or ended.
                    fuzz_worker_readable(pws[i]);
                }
                break;
            }
            continue;
        }
        now = time_now();
        if (deadline != 0 && now >= deadline) {
            // doneC: fuzzing time is up; a clean stop.
            coordinator_stop(c, NULL);
            continue;
        }
        for (size_t i = 0; i < nworkers; i++) {
            int64_t d = fuzz_worker_deadline(workers[i]);
            if (d != 0 && now >= d) {
                fuzz_worker_timeout(workers[i]);
            }
        }
        if (now >= c->nextStats) {
            // statTicker
            coordinator_logStats(c);
            c->nextStats = now + statsInterval;
        }
    }
    free(pfds);
    free(pws);
    free(kinds);

out:
    for (size_t i = 0; i < nworkers; i++) {
        go_error *cleanErr = fuzz_worker_cleanup(workers[i]);
        if (cleanErr != NULL) {
            coordinator_stop(c, cleanErr);
        }
    }
    free(workers);
    free(args);
    fuzz_freeEnv(env);
    free(binPath);
    coordinator_logStats(c); // defer c.logStats()

    sigaction(SIGPIPE, &oldPipe, NULL);
    if (haveSigint) {
        sigaction(SIGINT, &oldSa, NULL);
        close(sigintPipe[0]);
        close(sigintPipe[1]);
        sigintPipe[0] = sigintPipe[1] = -1;
    }

    // The first defer: a crasher being minimized reaches the corpus even
    // when fuzzing stopped for another reason.
    err = c->fuzzErr;
    c->fuzzErr = NULL;
    if (c->crashMinimizing != NULL && !c->crashWritten) {
        go_error *werr = fuzz_writeToCorpus(&c->crashMinimizing->entry, opts.CorpusDir);
        if (werr != NULL) {
            go_error *e = fmt_Errorf(err, "%s\n%s", err != NULL ? go_error_Error(err) : "<nil>",
                                     go_error_Error(werr));
            go_error_free(werr);
            err = e;
        } else if (err == NULL) {
            err = newCrashError(c->crashMinimizing->entry.Path, c->crashMinimizing->crasherMsg);
        }
    }
    coordinator_free(c);
    if (discard != NULL) {
        fclose(discard);
    }
    fuzz_unguardEngine(&guard);
    return err;
}
