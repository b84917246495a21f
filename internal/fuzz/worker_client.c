// Ports go1.19.8 src/internal/fuzz/worker.go: workerClient's fuzz and
// minimize calls, and what worker.coordinate and worker.minimize make of
// their answers: the entry a fuzz call found, rebuilt from its input and
// the PRNG state, and the minimized value.
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "internal/fuzz/corpus.h"
#include "internal/fuzz/coverage.h"
#include "internal/fuzz/engine_error.h"
#include "internal/fuzz/minimize.h"
#include "internal/fuzz/pcg.h"
#include "internal/fuzz/sys_posix.h"
#include "internal/fuzz/worker_state.h"

// send writes c to the process; a failed write shows up as the EOF that
// follows it.
void fuzz_worker_send(worker *w, const fuzzCall *c) {
    size_t n;
    char *msg = fuzz_encodeCall(c, &n);
    go_error *err = fuzz_writeAll(w->fuzzIn, msg, n);
    free(msg);
    go_error_free(err); // the process is gone: its EOF reports it
}

// rebuildEntry is the end of workerClient.fuzz: the entry the worker was
// testing, rebuilt from the input and the PRNG state and count it left in
// memory.
static go_error *worker_rebuildEntry(worker *w, const fuzzResponse *resp, fuzz_CorpusEntry *out) {
    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    go_value *valuesOut;
    size_t n;
    go_error *err = fuzz_unmarshalCorpusFile(w->inp, w->inpLen, &valuesOut, &n);
    if (err != NULL) {
        go_error *e = fmt_Errorf(NULL, "unmarshaling fuzz input value after call: %s",
                                 go_error_Error(err));
        go_error_free(err);
        return e;
    }
    fuzz_pcgRand_restore(&w->m->r, hdr->randState, hdr->randInc);
    uint8_t *dataOut;
    size_t dataLen;
    if (!w->input.warmup) {
        // A warm-up runs the input as it is: nothing to replay.
        go_value *vals = runtime_malloc((n > 0 ? n : 1) * sizeof *vals);
        memcpy(vals, valuesOut, n * sizeof *vals);
        // The chain's mutations so far: ((Count-1) % chainedMutations) + 1,
        // as in Go, unless (ctest) a crash the worker went on after
        // started a chain between.
        int64_t numMutations = resp->Count - hdr->chainStart;
        go_int maxBytes = fuzz_mutationMaxBytes(
                valuesOut, n, (go_int)fuzz_sharedMem_valueCap(w->mem), w->input.maxLen);
        for (int64_t i = 0; i < numMutations; i++) {
            fuzz_mutator_mutate(w->m, vals, n, maxBytes);
        }
        fuzz_marshalCorpusFile(vals, n, &dataOut, &dataLen);
        free(vals);
    } else {
        fuzz_marshalCorpusFile(valuesOut, n, &dataOut, &dataLen);
    }
    fuzz_freeValues(valuesOut, n);
    *out = (fuzz_CorpusEntry){ 0 };
    out->Parent = fuzz_strdupOrNull(w->input.entry.Path);
    out->Path = fuzz_shortHash(dataOut, dataLen);
    out->Data = dataOut;
    out->DataLen = dataLen;
    out->Generation = w->input.entry.Generation + 1;
    if (w->input.warmup) {
        // A warm-up runs the input unchanged: a seed stays a seed.
        out->IsSeed = w->input.entry.IsSeed;
    }
    return NULL;
}

void fuzz_worker_clearBatch(worker *w) {
    for (size_t i = 0; i < w->nbatch; i++) {
        fuzz_fuzzInput_clear(&w->batch[i]);
    }
    free(w->batch);
    w->batch = NULL;
    w->nbatch = 0;
}

size_t fuzz_worker_valueCap(const worker *w) {
    return fuzz_sharedMem_valueCap(w->mem);
}

void fuzz_worker_fuzzBatch(worker *w, fuzzInput *ins, size_t k) {
    fuzz_fuzzInput_clear(&w->input);
    fuzz_worker_clearBatch(w);
    w->batch = ins;
    w->nbatch = k;
    // What the rest of the call's handling reads of the input: each of
    // the batch's is a warm-up run once.
    w->input = (fuzzInput){ .warmup = true, .limit = 1 };
    fuzz_sharedMem_header(w->mem)->count = 0;
    size_t total = 0;
    for (size_t i = 0; i < k; i++) {
        total += 4 + ins[i].entry.DataLen;
    }
    free(w->inp);
    w->inp = runtime_malloc(total > 0 ? total : 1);
    w->inpLen = total;
    uint8_t *p = w->inp;
    for (size_t i = 0; i < k; i++) {
        size_t n = ins[i].entry.DataLen;
        fuzz_putLE32(p, (uint32_t)n);
        memcpy(p + 4, ins[i].entry.Data, n);
        p += 4 + n;
    }
    fuzz_sharedMem_setValue(w->mem, w->inp, w->inpLen);
    fuzzCall c = { .kind = callFuzz };
    c.Fuzz.Timeout = ins[0].timeout;
    c.Fuzz.Limit = (int64_t)k;
    c.Fuzz.Warmup = true;
    c.Fuzz.Batch = (int64_t)k;
    if (ins[0].maskVersion != w->maskSent) {
        c.Fuzz.CoverageData = ins[0].coverageData; // borrowed
        w->maskSent = ins[0].maskVersion;
    }
    fuzz_worker_send(w, &c);
    w->state = workerFuzzing;
}

void fuzz_worker_fuzz(worker *w, fuzzInput *in) {
    fuzz_worker_clearBatch(w);
    fuzz_fuzzInput_clear(&w->input);
    w->input = *in;
    *in = (fuzzInput){ 0 };
    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    hdr->count = 0;
    const uint8_t *data;
    size_t n;
    bool owned;
    go_error *err = fuzz_corpusEntryData(&w->input.entry, &data, &n, &owned);
    if (err != NULL) {
        // An internal error: coordinate stops the worker and returns it.
        fuzz_worker_stop(w);
        fuzz_worker_done(w, err);
        return;
    }
    free(w->inp);
    w->inp = runtime_malloc(n > 0 ? n : 1);
    memcpy(w->inp, data, n);
    w->inpLen = n;
    if (owned) {
        free((void *)data);
    }
    fuzz_sharedMem_setValue(w->mem, w->inp, w->inpLen);
    if (!w->input.warmup && w->m->pool != NULL) {
        // ctest: the partners the worker's mutator will have (crossover.c).
        go_value *vals;
        size_t nv;
        go_error *uerr = fuzz_unmarshalCorpusFile(w->inp, w->inpLen, &vals, &nv);
        if (uerr == NULL) {
            fuzz_crossPool_remember(w->m->pool, vals, nv);
            fuzz_freeValues(vals, nv);
        }
        go_error_free(uerr); // the worker reports it as its own error
    }
    fuzzCall c = { .kind = callFuzz };
    c.Fuzz.Timeout = w->input.timeout;
    c.Fuzz.Limit = w->input.limit;
    c.Fuzz.Warmup = w->input.warmup;
    // ctest: an unchanged mask is not sent again to the same process (on
    // a large library it was most of a call's bytes and of the
    // coordinator's time).
    if (w->input.maskVersion != w->maskSent) {
        c.Fuzz.CoverageData = w->input.coverageData; // borrowed
        w->maskSent = w->input.maskVersion;
    }
    c.Fuzz.ReduceFeatures = w->input.reduce; // borrowed
    c.Fuzz.MaxLen = w->input.maxLen;
    // ctest: the crashes recorded since the last call (-test.fuzzkeepgoing).
    if (w->cfg.known != NULL) {
        fuzz_knownTable_send(w->cfg.known, &hdr->known);
        hdr->known.site = 0;
        hdr->known.nkeep = 0;
    }
    fuzz_worker_send(w, &c);
    w->state = workerFuzzing;
}

// knownCounts takes the counts of the known crashes the worker went on
// after during its call out of shared memory: NULL for none.
static uint64_t *worker_knownCounts(worker *w) {
    knownCrashes *k = &fuzz_sharedMem_header(w->mem)->known;
    uint64_t *counts = NULL;
    for (size_t i = 0; i < knownCrashMax; i++) {
        if (k->count[i] != 0) {
            if (counts == NULL) {
                counts = runtime_calloc(knownCrashMax, sizeof *counts);
            }
            counts[i] = k->count[i];
            k->count[i] = 0;
        }
    }
    return counts;
}

// batchNotRun hands the coordinator batch input i back, to be queued again.
static void worker_batchNotRun(worker *w, size_t i) {
    fuzzResult r = { 0 };
    r.notRun = true;
    r.limit = w->batch[i].limit;
    r.entry = w->batch[i].entry;
    w->batch[i].entry = (fuzz_CorpusEntry){ 0 };
    fuzz_worker_sendResult(w, &r);
}

// batchDone turns the answer to a warm-up batch into a result for each
// input that ran, and gives back those that did not, or whose coverage
// went with the process (died: the call ended in no response). It returns
// true when that is all; false when an input failed, which it has made
// the call's single input (w->input, w->inp), for fuzzDone to handle as
// Go's warm-up handles a failure.
static bool worker_batchDone(worker *w, fuzzResponse *resp, bool died, go_error **internal) {
    size_t k = w->nbatch, ran = died ? 0 : resp->NBatch;
    size_t failed = k; // the input that failed, if any
    if (died) {
        int64_t started = fuzz_sharedMem_header(w->mem)->count;
        failed = started > 0 && (size_t)started <= k ? (size_t)started - 1 : 0;
    } else if (ran > k || (resp->Err != NULL && ran >= k)) {
        *internal = fuzz_newInternalError("warm-up batch of %zu values: %zu results%s", k, ran,
                                          resp->Err != NULL ? " and a failure" : "");
        return true;
    } else if (resp->Err != NULL) {
        failed = ran;
    }
    // Each snapshot comes sparse; the coordinator's are whole. The test
    // binary is the same, so are its counters.
    size_t len = fuzz_coverageLen();
    for (size_t i = 0; i < ran; i++) {
        byteSlice *cov = &resp->Batch[i].Coverage, whole;
        if (cov->ptr == NULL) {
            continue;
        }
        if (!fuzz_expandSnapshot((go_bytes){ cov->ptr, cov->len }, len, &whole)) {
            *internal = fuzz_newInternalError("warm-up batch: value %zu: malformed coverage", i);
            return true;
        }
        fuzz_byteSlice_free(cov);
        *cov = whole;
    }
    for (size_t i = 0; i < ran; i++) {
        fuzzResult r = { 0 };
        r.limit = w->batch[i].limit;
        r.count = 1;
        r.totalDuration = resp->Batch[i].Duration;
        r.entryDuration = resp->Batch[i].Duration;
        r.coverageData = resp->Batch[i].Coverage;
        resp->Batch[i].Coverage = (byteSlice){ 0 };
        r.canMinimize = true;
        r.input = &w->batch[i].entry;
        fuzz_worker_sendResult(w, &r);
    }
    // Last first: each goes to the front of the queue, so the queue
    // gets them back in their order.
    for (size_t i = k; i-- > ran;) {
        if (i != failed) {
            worker_batchNotRun(w, i);
        }
    }
    if (failed == k) {
        return true;
    }
    fuzz_fuzzInput_clear(&w->input);
    w->input = w->batch[failed];
    w->batch[failed] = (fuzzInput){ 0 };
    free(w->inp);
    w->inpLen = w->input.entry.DataLen;
    w->inp = runtime_malloc(w->inpLen > 0 ? w->inpLen : 1);
    memcpy(w->inp, w->input.entry.Data, w->inpLen);
    resp->Count = 1;
    return false;
}

// processDied handles a fuzz call whose pipe broke (callErr, which it
// frees): the process died. It reports false when it has finished the
// worker's call itself (entry cleared); otherwise resp->Err says how the
// process ended and *canMinimize whether the crasher may be minimized.
static bool worker_processDied(worker *w, go_error *callErr, fuzzResponse *resp,
                               fuzz_CorpusEntry *entry, bool *canMinimize) {
    int status = fuzz_worker_stop(w);
    if (w->interrupted) {
        // The pipe broke while the coordinator was stopping the
        // process, which it had to signal: that says nothing of the
        // input, so the error is reported and no crasher is kept.
        go_error *err =
                fmt_Errorf(NULL, "communicating with fuzzing process: %s", go_error_Error(callErr));
        go_error_free(callErr);
        fuzz_CorpusEntry_clear(entry);
        fuzz_worker_done(w, err);
        return false;
    }
    go_error_free(callErr);
    if (WIFSIGNALED(status) && !fuzz_isCrashSignal(WTERMSIG(status))) {
        // A signal that no input is likely to cause (the OOM killer's
        // SIGKILL, SIGHUP from a closed terminal) ended the process: the
        // error is reported, and no crasher kept.
        char *s = fuzz_worker_exitMsg(
                w, "fuzzing process terminated by unexpected signal; no crash will be recorded",
                status);
        go_error *err = errors_New(s);
        free(s);
        fuzz_CorpusEntry_clear(entry);
        fuzz_worker_done(w, err);
        return false;
    }
    // The process ended by itself. Go doesn't minimize such a crasher, as
    // it took the worker down; the worker restarts on the next input.
    // ctest: the coordinator minimizes it in new processes, unless the
    // worker's watchdog found it hung.
    free(resp->Err);
    resp->Err = fuzz_worker_exitMsg(w, "fuzzing process hung or terminated unexpectedly", status);
    *canMinimize = !fuzz_endedHung(fuzz_sharedMem_header(w->mem), status);
    return true;
}

// fuzzDone is the rest of coordinate's inputC case, once the fuzz call has
// returned resp (callErr is the pipe's end: the process died).
void fuzz_worker_fuzzDone(worker *w, fuzzResponse *resp, go_error *callErr) {
    w->state = workerIdle;
    if (resp->InternalErr != NULL) {
        // ctest: the worker's engine found its state or the call wrong;
        // Go reports this as a plain failure of the fuzz test (exit 1).
        go_error *err = fuzz_newInternalError("%s", resp->InternalErr);
        go_error_free(callErr);
        fuzz_worker_stop(w);
        fuzz_worker_done(w, err);
        return;
    }
    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    resp->Count = hdr->count;
    // ctest: a library the worker loaded with dlopen (counters.c).
    fuzz_warnLateModule(hdr->lateModule, sizeof hdr->lateModule);
    go_bytes now = fuzz_sharedMem_valueRef(w->mem);
    if (now.len != w->inpLen || memcmp(now.ptr, w->inp, now.len) != 0) {
        go_error_free(callErr);
        fuzz_worker_stop(w);
        fuzz_worker_done(w, errors_New("workerServer.fuzz modified input"));
        return;
    }
    int status = callErr != NULL ? fuzz_worker_stop(w) : 0;
    if (callErr != NULL && fuzz_endedInterrupted(hdr, status)) {
        // ctest: the worker got SIGINT and stopped; the coordinator's own
        // SIGINT may not have been read yet. Nothing crashed.
        go_error_free(callErr);
        fuzz_worker_done(w, NULL);
        return;
    }
    if (callErr != NULL && fuzz_endedEngineFailed(hdr, status)) {
        // ctest: the worker's engine failed, not the fuzz function; its
        // mutations are not replayed, as they may fail here too.
        go_error_free(callErr);
        fuzz_worker_engineFailed(w, status);
        return;
    }
    if (w->nbatch > 0) {
        go_error *internal = NULL;
        bool over = worker_batchDone(w, resp, callErr != NULL, &internal);
        if (internal != NULL) {
            go_error_free(callErr);
            fuzz_worker_stop(w);
            fuzz_worker_done(w, internal);
            return;
        }
        if (over) {
            return; // every input ran, or was given back
        }
    }
    // ctest: the snapshot comes sparse (rpc.h); the coordinator's are whole.
    if (resp->CoverageSparse.ptr != NULL) {
        byteSlice whole;
        go_bytes sparse = { resp->CoverageSparse.ptr, resp->CoverageSparse.len };
        if (!fuzz_expandSnapshot(sparse, fuzz_coverageLen(), &whole)) {
            go_error_free(callErr);
            fuzz_worker_stop(w);
            fuzz_worker_done(w, fuzz_newInternalError("fuzz response: malformed coverage"));
            return;
        }
        fuzz_byteSlice_free(&resp->CoverageData);
        resp->CoverageData = whole;
    }
    bool needEntryOut = callErr != NULL || resp->Err != NULL ||
                        (!w->input.warmup && resp->CoverageData.ptr != NULL);
    fuzz_CorpusEntry entry = { 0 };
    if (needEntryOut) {
        go_error *err = worker_rebuildEntry(w, resp, &entry);
        if (err != NULL) {
            go_error_free(callErr);
            fuzz_worker_stop(w);
            fuzz_worker_done(w, err);
            return;
        }
    }
    bool canMinimize = true, crashed = callErr != NULL;
    if (crashed && !worker_processDied(w, callErr, resp, &entry, &canMinimize)) {
        return;
    }
    fuzzResult result = { 0 };
    result.limit = w->input.limit;
    result.count = resp->Count;
    result.totalDuration = resp->TotalDuration;
    result.entryDuration = resp->InterestingDuration;
    result.entry = entry;
    result.crasherMsg = resp->Err;
    resp->Err = NULL;
    result.coverageData = resp->CoverageData;
    resp->CoverageData = (byteSlice){ 0 };
    result.canMinimize = canMinimize;
    result.crashed = crashed;
    result.input = &w->input.entry;
    result.inputSched = w->input.sched;
    result.knownCounts = worker_knownCounts(w);
    if (crashed) {
        result.site = hdr->known.site;
    }
    fuzz_worker_sendResult(w, &result);
}

// minimizeNext sends the minimize call for the next minimizable value after
// index from, or finishes.
static void worker_minimizeNext(worker *w, go_int from);

void fuzz_worker_minimize(worker *w, fuzzMinimizeInput *in) {
    fuzz_fuzzMinimizeInput_clear(&w->minput);
    w->minput = *in;
    *in = (fuzzMinimizeInput){ 0 };
    int64_t timeout = w->cfg.minimizeTimeout;
    w->deadline = timeout != 0 ? time_now() + timeout : 0;
    fuzz_byteSlice_free(&w->margs.KeepCoverage);
    free(w->margs.KeepCause);
    w->margs = (minimizeArgs){ 0 };
    w->margs.Limit = w->minput.limit;
    w->margs.Timeout = w->minput.timeout;
    w->margs.KeepCoverage =
            fuzz_byteSlice_copy(w->minput.keepCoverage.ptr, w->minput.keepCoverage.len);
    w->margs.KeepCause = fuzz_strdupOrNull(w->minput.keepCause);
    fuzz_minimizeResponse_clear(&w->mresp);
    fuzz_CorpusEntry_clear(&w->entryOut);
    w->state = workerMinimizing;

    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    hdr->count = 0;
    // ctest: the recorded crashes, and the sites of the one being
    // minimized, which a candidate may crash at without ending the process
    // (-test.fuzzkeepgoing).
    if (w->cfg.known != NULL) {
        fuzz_knownTable_send(w->cfg.known, &hdr->known);
        hdr->known.site = 0;
        memcpy(hdr->known.keepSite, w->minput.keepSite, sizeof hdr->known.keepSite);
        hdr->known.nkeep = w->minput.nkeep;
    }
    const uint8_t *data;
    size_t n;
    bool owned;
    go_error *err = fuzz_corpusEntryData(&w->minput.entry, &data, &n, &owned);
    if (err != NULL) {
        fuzz_worker_minimizeFinish(w, err);
        return;
    }
    fuzz_sharedMem_setValue(w->mem, data, n);
    w->entryOut = fuzz_CorpusEntry_copy(&w->minput.entry);
    fuzz_freeValues(w->entryOut.Values, w->entryOut.NValues);
    w->entryOut.Values = NULL;
    err = fuzz_unmarshalCorpusFile(data, n, &w->entryOut.Values, &w->entryOut.NValues);
    if (owned) {
        free((void *)data);
    }
    if (err != NULL) {
        go_error *e = fmt_Errorf(NULL, "workerClient.minimize unmarshaling provided value: %s",
                                 go_error_Error(err));
        go_error_free(err);
        fuzz_worker_minimizeFinish(w, e);
        return;
    }
    worker_minimizeNext(w, 0);
}

static void worker_minimizeNext(worker *w, go_int from) {
    for (go_int i = from; (size_t)i < w->entryOut.NValues; i++) {
        if (!fuzz_isMinimizable(w->entryOut.Values[i].kind)) {
            continue;
        }
        w->margs.Index = i;
        fuzzCall c = { .kind = callMinimize, .Minimize = w->margs };
        fuzz_worker_send(w, &c);
        return;
    }
    fuzz_worker_minimizeFinish(w, NULL);
}

// minimizeResponse handles the answer to one minimize call.
void fuzz_worker_minimizeResponse(worker *w, minimizeResponse *resp) {
    fuzz_minimizeResponse_clear(&w->mresp);
    w->mresp = *resp;
    *resp = (minimizeResponse){ 0 };
    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    if (w->mresp.WroteToMem) {
        // A smaller value was found: memory holds it, marshaled.
        free(w->entryOut.Data);
        w->entryOut.Data = fuzz_sharedMem_valueCopy(w->mem, &w->entryOut.DataLen);
        fuzz_freeValues(w->entryOut.Values, w->entryOut.NValues);
        w->entryOut.Values = NULL;
        w->entryOut.NValues = 0;
        go_error *err = fuzz_unmarshalCorpusFile(w->entryOut.Data, w->entryOut.DataLen,
                                                 &w->entryOut.Values, &w->entryOut.NValues);
        if (err != NULL) {
            go_error *e = fmt_Errorf(NULL, "workerClient.minimize unmarshaling minimized value: %s",
                                     go_error_Error(err));
            go_error_free(err);
            fuzz_worker_minimizeFinish(w, e);
            return;
        }
    }
    // Prepare for next iteration of the loop.
    if (w->margs.Timeout != 0) {
        w->margs.Timeout -= w->mresp.Duration;
        if (w->margs.Timeout <= 0) {
            fuzz_worker_minimizeFinish(w, NULL);
            return;
        }
    }
    if (w->margs.Limit != 0) {
        w->margs.Limit -= hdr->count;
        if (w->margs.Limit <= 0) {
            fuzz_worker_minimizeFinish(w, NULL);
            return;
        }
    }
    worker_minimizeNext(w, w->margs.Index + 1);
}

// originalResult is the input handed back unminimized.
static fuzzResult worker_originalResult(worker *w) {
    fuzzResult r = { 0 };
    r.entry = fuzz_CorpusEntry_copy(&w->minput.entry);
    r.crasherMsg = fuzz_strdupOrNull(w->minput.crasherMsg);
    r.canMinimize = false;
    r.limit = w->minput.limit;
    return r;
}

void fuzz_worker_minimizeFinish(worker *w, go_error *callErr) {
    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    w->state = workerIdle;
    bool contextDone = callErr != NULL && w->deadline != 0 && time_now() >= w->deadline;
    bool entryIn = false; // workerClient.minimize returned entryIn
    if (callErr != NULL && w->entryOut.Values != NULL) {
        if (!hdr->rawInMem) {
            // An unrecoverable error occurred before minimization began.
            entryIn = true;
        } else {
            // mem holds the raw bytes of the value that caused the error.
            go_value *v = &w->entryOut.Values[w->margs.Index];
            size_t n;
            uint8_t *raw = fuzz_sharedMem_valueCopy(w->mem, &n);
            go_value nv = *v;
            if (fuzz_isStrKind(v->kind)) {
                nv.v.str = (go_string){ (const char *)raw, n };
            } else {
                nv.v.bytes = (go_bytes){ raw, n };
            }
            free((void *)(fuzz_isStrKind(v->kind) ? (const void *)v->v.str.ptr
                                                  : (const void *)v->v.bytes.ptr));
            *v = nv;
            free(w->entryOut.Data);
            fuzz_marshalCorpusFile(w->entryOut.Values, w->entryOut.NValues, &w->entryOut.Data,
                                   &w->entryOut.DataLen);
        }
    }
    w->mresp.Count = hdr->count;
    if (!entryIn && w->entryOut.Data != NULL) {
        free(w->entryOut.Path);
        w->entryOut.Path = fuzz_shortHash(w->entryOut.Data, w->entryOut.DataLen);
    }

    fuzzResult result = { 0 };
    if (callErr != NULL) {
        // Error communicating with worker.
        int status = fuzz_worker_stop(w);
        if (contextDone || w->interrupted || fuzz_isInterruptStatus(status)) {
            // Interrupted: the error means nothing to the user. Return the
            // original crasher without logging anything.
            result = worker_originalResult(w);
            result.coverageData =
                    fuzz_byteSlice_copy(w->minput.keepCoverage.ptr, w->minput.keepCoverage.len);
        } else {
            result.entry = entryIn ? fuzz_CorpusEntry_copy(&w->minput.entry) : w->entryOut;
            if (!entryIn) {
                w->entryOut = (fuzz_CorpusEntry){ 0 };
            }
            result.crasherMsg = fuzz_withStderr(
                    runtime_sprintf(
                            "fuzzing process hung or terminated unexpectedly while minimizing: %s",
                            go_error_Error(callErr)),
                    &w->errTail);
            result.canMinimize = false;
            // ctest: the process ended, and the site it hashed of the
            // crash that ended it, if any (-test.fuzzkeepgoing).
            result.crashed = true;
            result.site = hdr->known.site;
            // Go's text, with (ctest) what the process said. Not minimized:
            // minimizing it in new processes would hide Go's message.
            result.limit = w->minput.limit;
            result.count = w->mresp.Count;
            result.totalDuration = w->mresp.Duration;
        }
        go_error_free(callErr);
    } else if (w->minput.crasherMsg != NULL && w->mresp.Err == NULL) {
        // Error minimizing: send back the original input.
        result = worker_originalResult(w);
        if (result.crasherMsg == NULL) {
            result.crasherMsg =
                    runtime_strdup("attempted to minimize a crash but could not reproduce");
        }
    } else {
        result.entry = w->entryOut;
        w->entryOut = (fuzz_CorpusEntry){ 0 };
        result.crasherMsg = w->mresp.Err;
        w->mresp.Err = NULL;
        result.coverageData = w->mresp.CoverageData;
        w->mresp.CoverageData = (byteSlice){ 0 };
        result.canMinimize = false;
        result.limit = w->minput.limit;
        result.count = w->mresp.Count;
        result.totalDuration = w->mresp.Duration;
    }
    fuzz_CorpusEntry_clear(&w->entryOut);
    result.fromMinimize = true;
    fuzz_worker_sendResult(w, &result);
}

void fuzz_worker_timeout(worker *w) {
    if (w->state == workerMinimizing) {
        fuzz_worker_minimizeFinish(w, errors_New("context deadline exceeded"));
    }
}
