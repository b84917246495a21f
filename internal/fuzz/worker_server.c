// Ports go1.19.8 src/internal/fuzz/worker.go: workerServer (its serve loop
// and its fuzz, minimize and ping methods) and RunFuzzWorker: the worker
// process, plain blocking code as in Go.
//
// The fuzz loop below runs for every execution: it allocates nothing,
// makes no system call and says nothing to the coordinator until its call
// ends.
#include "internal/fuzz/worker_server.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "internal/fuzz/coverage.h"
#include "internal/fuzz/crash_recover.h"
#include "internal/fuzz/crashes.h"
#include "internal/fuzz/engine_error.h"
#include "internal/fuzz/loopclock.h"
#include "internal/fuzz/memlimit.h"
#include "internal/fuzz/minimize.h"
#include "internal/fuzz/pcg.h"
#include "internal/fuzz/sys_posix.h"
#include "internal/fuzz/trace.h"
#include "internal/fuzz/watchdog.h"

// bytesOf is a view of b.
static go_bytes bytesOf(const byteSlice *b) {
    return (go_bytes){ b->ptr, b->len };
}

// interrupted is set by SIGINT in a worker: testdeps' signal.NotifyContext,
// which cancels the context the fuzz and minimize loops check.
static volatile sig_atomic_t interrupted;

// watchdogHdr is the shared memory's header, where the watchdog marks a
// hang for the coordinator, and SIGINT an interrupt.
static sharedMemHeader *watchdogHdr;

static void onInterrupt(int sig) {
    (void)sig;
    interrupted = 1;
    if (watchdogHdr != NULL) {
        __atomic_store_n(&watchdogHdr->interrupted, true, __ATOMIC_SEQ_CST);
    }
}

// onTerm is the worker's SIGTERM: an interrupt when another process sent
// it; sent by this one (the fuzz function's kill(getpid(), SIGTERM)), it
// ends the process by the signal once the handler returns.
static void onTerm(int sig, siginfo_t *info, void *ctx) {
    (void)ctx;
    if (info != NULL && info->si_pid == getpid()) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    onInterrupt(sig);
}

// watch is RunFuzzWorker's time.AfterFunc, armed around each call of the
// fuzz function (watchdog.c); its limit is how long a call may run before
// the worker assumes it hangs: -test.fuzztimeout (ctest: Go's is a fixed
// 10s). Past it the worker marks the hang in watchdogHdr for the
// coordinator and panics, which ends it with exit status 2.
// ctest: at each look it also checks the worker's resident memory against
// -test.fuzzrsslimit (memlimit.c says why here).
static void markHung(void) {
    if (watchdogHdr != NULL) {
        __atomic_store_n(&watchdogHdr->hung, true, __ATOMIC_SEQ_CST);
    }
}

static fuzz_watchdog watch = {
    .limit = 10LL * 1000 * 1000 * 1000,
    .hung = markHung,
    .tick = fuzz_checkRSS,
};

int64_t fuzz_CallStart(void) {
    return fuzz_watchdog_callStart(&watch);
}

// invoke calls the fuzz function so that a known crash may cut the call
// short (ctest: -test.fuzzkeepgoing, ws->recover). Its frame and return
// address bound the crash sites (crash_recover.c): not inlined, and not a
// tail call.
__attribute__((noinline)) static const char *workerServer_invoke(workerServer *ws,
                                                                 const go_value *vals, size_t n) {
    fuzz_crashRecover_arm(true, __builtin_frame_address(0), __builtin_return_address(0));
    const char *err = ws->fn(ws->fnCtx, vals, n);
    fuzz_crashRecover_arm(false, NULL, NULL);
    return err;
}

// call runs the fuzz function on vals, as a call that started at start,
// and returns the failure (or NULL).
static const char *workerServer_call(workerServer *ws, const go_value *vals, size_t n,
                                     int64_t start) {
    fuzz_watchdog_enter(&watch, start);
    // ctest: only a call that a crash may cut short goes through invoke,
    // so fuzzing without -test.fuzzkeepgoing pays nothing for it.
    const char *err = ws->recover ? workerServer_invoke(ws, vals, n) : ws->fn(ws->fnCtx, vals, n);
    fuzz_watchdog_leave(&watch);
    // ctest: the T runner left its panic handler; what runs now is the
    // engine's.
    fuzz_guardWorkerEngine(watchdogHdr, NULL);
    return err;
}

// fuzzFn is workerServer's fuzzFn: it runs the fuzz function and returns
// the failure (or NULL) and the time it took.
static const char *workerServer_fuzzFn(workerServer *ws, const go_value *vals, size_t n,
                                       int64_t *dur) {
    int64_t start = time_now();
    const char *err = workerServer_call(ws, vals, n, start);
    *dur = time_now() - start;
    return err;
}

// fuzzOnce is fuzz's closure without its timing: one call of the fuzz
// function on vals, which started at start. It returns the failure
// message (NULL for none) and whether the coverage snapshot has bits
// outside the mask.
static const char *workerServer_fuzzOnce(workerServer *ws, const go_value *vals, size_t n,
                                         int64_t start, bool *newCov) {
    fuzz_sharedMem_header(ws->mem)->count++;
    const char *errMsg = workerServer_call(ws, vals, n, start);
    *newCov = false;
    if (errMsg != NULL) {
        if (errMsg[0] == '\0') {
            errMsg = "fuzz function failed with no input";
        }
        return errMsg;
    }
    if (ws->coverageMask.ptr != NULL && fuzz_snapshotHasNewBits(bytesOf(&ws->coverageMask))) {
        *newCov = true;
    }
    return NULL;
}

// fuzzTimed is fuzzOnce timed: dur is how long the call took.
static const char *workerServer_fuzzTimed(workerServer *ws, const go_value *vals, size_t n,
                                          int64_t *dur, bool *newCov) {
    int64_t start = time_now();
    const char *errMsg = workerServer_fuzzOnce(ws, vals, n, start, newCov);
    *dur = time_now() - start;
    return errMsg;
}

// fuzzSampled is fuzzOnce for the fuzz loop, with sampled tracing (ctest's):
// the comparison snapshot (every chainedMutations runs) holds the tables'
// latest entries. A table that one run fills by itself, as a large
// target's runs fill them, keeps nothing of the runs before the last of a
// chain, so they leave it alone (on mujs, tracing took a quarter of the
// time).
static const char *workerServer_fuzzSampled(workerServer *ws, const go_value *vals, size_t n,
                                            int64_t start, bool *newCov) {
    int64_t count = fuzz_sharedMem_header(ws->mem)->count;
    unsigned skip = (count + 1) % chainedMutations == 0 ? 0 : ws->cmpFilled;
    fuzz_cmpSkipTables = skip;
    const char *errMsg = workerServer_fuzzOnce(ws, vals, n, start, newCov);
    fuzz_cmpSkipTables = 0;
    ws->cmpFilled = skip | fuzz_cmpRunFilled();
    return errMsg;
}

// reduceSearch is a fuzz call's search for a smaller input with the same
// unique features (fuzzArgs.ReduceFeatures), ctest's.
typedef struct reduceSearch {
    uint32_t *features; // counter index * 8 + bit
    size_t n;           // 0: no search
    size_t size;        // fuzz_valueBytes of the call's input
} reduceSearch;

// reduceSearch_init reads args' features; it returns an error message
// (static) for a malformed list.
static const char *reduceSearch_init(reduceSearch *rs, const byteSlice *b, size_t counters) {
    *rs = (reduceSearch){ 0 };
    if (b->ptr == NULL) {
        return NULL;
    }
    if (b->len % 4 != 0) {
        return "malformed ReduceFeatures: not a list of uint32s";
    }
    rs->n = b->len / 4;
    rs->features = runtime_malloc((rs->n > 0 ? rs->n : 1) * sizeof *rs->features);
    for (size_t k = 0; k < rs->n; k++) {
        rs->features[k] = fuzz_getLE32(b->ptr + 4 * k);
        if (rs->features[k] / 8 >= counters) {
            free(rs->features);
            *rs = (reduceSearch){ 0 };
            return "malformed ReduceFeatures: a feature beyond the coverage counters";
        }
    }
    return NULL;
}

// reduceSearch_found reports whether vals, which gave the current coverage
// snapshot, are smaller than the input and keep all its unique features.
static bool reduceSearch_found(const reduceSearch *rs, const go_value *vals, size_t n) {
    if (rs->n == 0 || fuzz_valueBytes(vals, n) >= rs->size) {
        return false;
    }
    const uint8_t *snap = fuzz_coverageSnapshot.ptr;
    for (size_t k = 0; k < rs->n; k++) {
        if ((snap[rs->features[k] / 8] & (1u << (rs->features[k] % 8))) == 0) {
            return false;
        }
    }
    return true;
}

// snapshotBytes is a copy of the coverage snapshot (Go's responses alias
// coverageSnapshot until they are encoded).
static byteSlice snapshotBytes(void) {
    return fuzz_byteSlice_copy(fuzz_coverageSnapshot.ptr != NULL ? fuzz_coverageSnapshot.ptr
                                                                 : (const uint8_t *)"",
                               fuzz_coverageSnapshot.len);
}

// warmupBatch runs each value of a warm-up batch (fuzzArgs.Batch, ctest's)
// once, in order, until one fails or SIGINT comes: resp gets a batchResult
// for each value that ran without failing, and the failure's message.
static void workerServer_warmupBatch(workerServer *ws, int64_t batch, fuzzResponse *resp) {
    go_bytes mem = fuzz_sharedMem_valueRef(ws->mem);
    // The layout is checked whole before anything runs.
    size_t off = 0;
    int64_t k = 0;
    while (k < batch && mem.len - off >= 4) {
        size_t n = fuzz_getLE32(mem.ptr + off);
        if (n > mem.len - off - 4) {
            break;
        }
        off += 4 + n;
        k++;
    }
    if (batch < 0 || k != batch || off != mem.len) {
        resp->InternalErr = runtime_sprintf("malformed warm-up batch: %" PRId64
                                            " values announced in %zu bytes",
                                            batch, mem.len);
        return;
    }
    resp->Batch = runtime_calloc(batch > 0 ? (size_t)batch : 1, sizeof *resp->Batch);
    off = 0;
    for (int64_t i = 0; i < batch && !interrupted; i++) {
        const uint8_t *p = mem.ptr + off;
        size_t n = fuzz_getLE32(p);
        go_value *vals;
        size_t nv;
        go_error *err = fuzz_unmarshalCorpusFile(p + 4, n, &vals, &nv);
        off += 4 + n;
        if (err != NULL) {
            resp->InternalErr = runtime_strdup(go_error_Error(err));
            go_error_free(err);
            return;
        }
        int64_t dur;
        bool newCov;
        const char *errMsg = workerServer_fuzzTimed(ws, vals, nv, &dur, &newCov);
        if (errMsg != NULL) {
            resp->Err = runtime_strdup(errMsg);
            fuzz_freeValues(vals, nv);
            return;
        }
        fuzz_freeValues(vals, nv);
        batchResult *b = &resp->Batch[resp->NBatch++];
        b->Duration = dur;
        if (fuzz_coverageEnabled) {
            b->Coverage = fuzz_sparseSnapshot();
            if (b->Coverage.len > 0 && fuzz_testHook("worker-batch-coverage")) {
                b->Coverage.len--; // a snapshot cut short, for warmup_e2e
            }
        }
    }
}

// fuzz is workerServer.fuzz: it runs the fuzz function on mutations of the
// value in shared memory for args.Timeout or args.Limit values, and returns
// early with a crasher or with a value that expands coverage. It leaves the
// value in memory alone: it saves the PRNG state there and counts calls, so
// the coordinator can rebuild any mutation.
// setMask takes the coverage mask a call brings, if any; it returns an
// error message (owned) for one of the wrong size.
static char *workerServer_setMask(workerServer *ws, const byteSlice *mask) {
    if (mask->ptr != NULL) {
        if (ws->coverageMask.ptr != NULL && mask->len != ws->coverageMask.len) {
            return runtime_sprintf("unexpected size for CoverageData: got %zu, expected %zu",
                                   mask->len, ws->coverageMask.len);
        }
        fuzz_byteSlice_free(&ws->coverageMask);
        ws->coverageMask = fuzz_byteSlice_copy(mask->ptr, mask->len);
    }
    return NULL;
}

// warmupOne runs the one value of a warm-up call: its failure, or its
// coverage and duration, go to resp.
static void workerServer_warmupOne(workerServer *ws, const go_value *vals, size_t n,
                                   fuzzResponse *resp) {
    int64_t dur;
    bool newCov;
    const char *errMsg = workerServer_fuzzTimed(ws, vals, n, &dur, &newCov);
    if (errMsg != NULL) {
        resp->Err = runtime_strdup(errMsg);
        return;
    }
    resp->InterestingDuration = dur;
    if (fuzz_coverageEnabled) {
        resp->CoverageSparse = fuzz_sparseSnapshot(); // ctest: see rpc.h
    }
}

// startChain starts a chain of mutations: the values are the input's again,
// and the PRNG state at the chain's start is saved in shared memory for
// the coordinator's replay, with (ctest) the comparison dictionary
// (-test.fuzzcmp) and the count the chain starts at (a chain starts every
// chainedMutations values, as in Go, and after a crash a
// -test.fuzzkeepgoing worker goes on after).
static void workerServer_startChain(workerServer *ws, go_value *vals, const go_value *originalVals,
                                    size_t n) {
    sharedMemHeader *hdr = fuzz_sharedMem_header(ws->mem);
    hdr->chainStart = hdr->count;
    memcpy(vals, originalVals, n * sizeof *vals);
    fuzz_pcgRand_save(&ws->m->r, &hdr->randState, &hdr->randInc);
    if (ws->m->dict != NULL) {
        fuzz_cmpSnapshot(&hdr->cmpDict);
    }
}

void fuzz_workerServer_fuzz(workerServer *ws, const fuzzArgs *args, fuzzResponse *resp) {
    *resp = (fuzzResponse){ 0 };
    resp->InternalErr = workerServer_setMask(ws, &args->CoverageData);
    if (resp->InternalErr != NULL) {
        return;
    }
    int64_t start = time_now();
    int64_t deadline = args->Timeout != 0 ? start + args->Timeout : 0;
    sharedMem *mem = ws->mem;
    sharedMemHeader *hdr = fuzz_sharedMem_header(mem);
    fuzz_pcgRand_save(&ws->m->r, &hdr->randState, &hdr->randInc);
    if (ws->m->dict != NULL) {
        fuzz_cmpSnapshot(&hdr->cmpDict);
    }

    go_value *originalVals = NULL, *vals = NULL;
    size_t n = 0;
    reduceSearch rs = { 0 };
    if (!args->Warmup && fuzz_testHook("worker-panic")) {
        go_panic("CTEST_FUZZ_TESTHOOK=worker-panic");
    }
    if (args->Limit > 0 && hdr->count >= args->Limit) {
        resp->InternalErr = runtime_sprintf("mem.header().count %" PRId64
                                            " already exceeds args.Limit %" PRId64,
                                            hdr->count, args->Limit);
        goto out;
    }
    if (args->Warmup && args->Batch != 0) {
        workerServer_warmupBatch(ws, args->Batch, resp);
        goto out;
    }
    go_bytes value = fuzz_sharedMem_valueRef(mem);
    go_error *err = fuzz_unmarshalCorpusFile(value.ptr, value.len, &originalVals, &n);
    if (err != NULL) {
        resp->InternalErr = runtime_strdup(go_error_Error(err));
        go_error_free(err);
        goto out;
    }
    vals = runtime_malloc((n > 0 ? n : 1) * sizeof *vals);
    memcpy(vals, originalVals, n * sizeof *vals);
    const char *rerr = reduceSearch_init(&rs, &args->ReduceFeatures, fuzz_coverageSnapshot.len);
    if (rerr != NULL) {
        resp->InternalErr = runtime_strdup(rerr);
        goto out;
    }
    rs.size = fuzz_valueBytes(originalVals, n);
    // ctest: the input joins the crossover partners, as the coordinator's
    // copy of this worker's mutator did when it sent the call.
    if (!args->Warmup && ws->m->pool != NULL) {
        fuzz_crossPool_remember(ws->m->pool, originalVals, n);
    }

    if (args->Warmup) {
        workerServer_warmupOne(ws, vals, n, resp);
        goto out;
    }

    go_int maxBytes = fuzz_mutationMaxBytes(originalVals, n, (go_int)fuzz_sharedMem_valueCap(mem),
                                            args->MaxLen);
    fuzz_loopClock clock;
    fuzz_loopClock_start(&clock, start);
    ws->recover = hdr->known.enabled;
    bool restartChain = false;
    for (;;) {
        // The context: the call's timeout, or SIGINT. ctest: the time is
        // the loop clock's last read (loopclock.h).
        if (interrupted || (deadline != 0 && clock.last >= deadline)) {
            goto out;
        }
        if (hdr->count % chainedMutations == 0 || restartChain) {
            restartChain = false;
            workerServer_startChain(ws, vals, originalVals, n);
        }
        fuzz_mutator_mutate(ws->m, vals, n, maxBytes);

        bool newCov;
        const char *errMsg = workerServer_fuzzSampled(ws, vals, n, clock.last, &newCov);
        bool keep = false;
        if (fuzz_crashRecover_goOn(errMsg)) {
            // ctest: a crash of a cause the coordinator has recorded, counted
            // (-test.fuzzkeepgoing): fuzzing goes on, from the input as it
            // was given, since mutations of a crashing input mostly crash
            // too.
            restartChain = true;
        } else if (errMsg != NULL) {
            resp->Err = runtime_strdup(errMsg);
            goto out;
        } else {
            // ctest: a smaller input with the same unique features is
            // reported as new coverage is; the coordinator tells them apart.
            keep = newCov || reduceSearch_found(&rs, vals, n);
        }
        if (fuzz_loopClock_due(&clock) || keep) {
            int64_t dur = fuzz_loopClock_read(&clock, time_now());
            if (keep) {
                resp->CoverageSparse = fuzz_sparseSnapshot(); // ctest: see rpc.h
                resp->InterestingDuration = dur;
                goto out;
            }
        }
        if (args->Limit > 0 && hdr->count >= args->Limit) {
            goto out;
        }
    }
out:
    ws->recover = false;
    resp->Count = hdr->count;
    resp->TotalDuration = time_now() - start;
    free(rs.features);
    free(vals);
    fuzz_freeValues(originalVals, n);
}

// minimizeState is minimizeInput's closures: tryMinimized and shouldStop.
typedef struct minimizeState {
    workerServer *ws;
    go_value *vals;
    size_t n;
    go_int index;
    byteSlice keepCoverage; // borrowed from the args; cleared (nil) once a crash is found
    int64_t deadline;       // 0: none
    int64_t limit;
    char *retErr;          // the last failure seen (owned)
    const char *keepCause; // ctest: the cause a failure must have, or NULL for any
} minimizeState;

static bool minimizeState_shouldStop(void *p) {
    minimizeState *st = p;
    int64_t count = fuzz_sharedMem_header(st->ws->mem)->count;
    return interrupted || (st->deadline != 0 && time_now() >= st->deadline) ||
           (st->limit > 0 && count >= st->limit);
}

// tryMinimized runs the fuzz function with candidate in place of the value
// being minimized, and reports whether it is still interesting for the same
// reason: it fails, or it keeps the coverage.
static bool minimizeState_try(void *p, go_bytes candidate) {
    minimizeState *st = p;
    sharedMem *mem = st->ws->mem;
    go_value prev = st->vals[st->index];
    if (prev.kind == GO_BYTES) {
        st->vals[st->index].v.bytes = candidate;
    } else {
        st->vals[st->index].v.str = (go_string){ (const char *)candidate.ptr, candidate.len };
    }
    // The raw candidate goes to memory first, so a crash leaves it there.
    memmove(fuzz_sharedMem_valuePtr(mem), candidate.ptr, candidate.len);
    fuzz_sharedMem_setValueLen(mem, candidate.len);
    fuzz_sharedMem_header(mem)->count++;
    int64_t dur;
    const char *err = workerServer_fuzzFn(st->ws, st->vals, st->n, &dur);
    int cut = fuzz_crashRecover_take();
    if (cut >= 0 && cut != knownKeep) {
        // ctest: cut short by a crash of another recorded cause: another
        // bug, and no coverage to keep (-test.fuzzkeepgoing).
        st->vals[st->index] = prev;
        return false;
    }
    if (cut == knownKeep) {
        // ctest: cut short at a site of the crash being minimized, which
        // ended a worker: the same cause.
        err = knownKeepMsg;
    } else if (err != NULL && st->keepCause != NULL && !fuzz_crashHasCause(err, st->keepCause)) {
        // ctest: another bug; the run goes on after crashes and looks
        // for a smaller value of this one.
        err = NULL;
    }
    if (err != NULL) {
        free(st->retErr);
        st->retErr = runtime_strdup(err);
        if (st->keepCoverage.ptr != NULL) {
            // A failure outranks coverage: from now on the value is
            // minimized as a crasher, whatever bits it keeps.
            st->keepCoverage = (byteSlice){ 0 };
        }
        return true;
    }
    // Minimization should preserve coverage bits.
    if (st->keepCoverage.ptr != NULL &&
        fuzz_isCoverageSubset(bytesOf(&st->keepCoverage), bytesOf(&fuzz_coverageSnapshot))) {
        return true;
    }
    st->vals[st->index] = prev;
    return false;
}

void fuzz_workerServer_minimize(workerServer *ws, const minimizeArgs *args,
                                minimizeResponse *resp) {
    *resp = (minimizeResponse){ 0 };
    int64_t start = time_now();
    sharedMem *mem = ws->mem;
    sharedMemHeader *hdr = fuzz_sharedMem_header(mem);
    go_bytes value = fuzz_sharedMem_valueRef(mem);
    go_value *vals;
    size_t n;
    go_error *err = fuzz_unmarshalCorpusFile(value.ptr, value.len, &vals, &n);
    if (err != NULL) {
        go_panic("%s", go_error_Error(err));
    }
    if (args->Index < 0 || (size_t)args->Index >= n ||
        !fuzz_isMinimizable(vals[args->Index].kind)) {
        go_panic("impossible");
    }
    char *inpHash = fuzz_corpusFileName(value.ptr, value.len);

    minimizeState st = { ws, vals,        n,    args->Index,    args->KeepCoverage,
                         0,  args->Limit, NULL, args->KeepCause };
    // ctest: with -test.fuzzkeepgoing, a candidate that crashes at a known
    // site is cut short rather than ending this process: one of a recorded
    // cause is another bug, one of the crash being minimized (a crasher
    // that ended a worker, whose sites the coordinator gives) the same.
    ws->recover = hdr->known.enabled;
    if (args->Timeout != 0) {
        st.deadline = start + args->Timeout;
    }
    bool success = false;
    if (!minimizeState_shouldStop(&st)) {
        // The value as given must still fail, or still set a bit to keep;
        // if it does not, what made it interesting was a flake, and there
        // is nothing to minimize.
        hdr->count++;
        int64_t dur;
        const char *e = workerServer_fuzzFn(ws, vals, n, &dur);
        // ctest: cut short as in tryMinimized: a crash of another recorded
        // cause is neither this failure nor this coverage.
        int cut = fuzz_crashRecover_take();
        if (cut >= 0) {
            e = cut == knownKeep ? knownKeepMsg : NULL;
        }
        st.retErr = e != NULL ? runtime_strdup(e) : NULL;
        bool ok;
        if (st.keepCoverage.ptr != NULL) {
            ok = fuzz_hasCoverageBit(bytesOf(&st.keepCoverage), bytesOf(&fuzz_coverageSnapshot)) &&
                 st.retErr == NULL && cut < 0;
        } else {
            ok = st.retErr != NULL;
        }
        if (ok) {
            hdr->rawInMem = true;
            go_value *v = &vals[args->Index];
            byteSlice b;
            if (v->kind == GO_BYTES) {
                b = fuzz_byteSlice_copy(v->v.bytes.ptr ? v->v.bytes.ptr : (const uint8_t *)"",
                                        v->v.bytes.len);
            } else {
                b = fuzz_byteSlice_copy(v->v.str.ptr ? (const uint8_t *)v->v.str.ptr
                                                     : (const uint8_t *)"",
                                        v->v.str.len);
            }
            go_value orig = *v;
            fuzz_minimizeBytes(&b, minimizeState_try, minimizeState_shouldStop, &st);
            // vals[Index] views b's storage now (or the original value's);
            // point it at b, which holds the result, before writing.
            if (v->kind == GO_BYTES) {
                v->v.bytes = (go_bytes){ b.ptr, b.len };
            } else {
                v->v.str = (go_string){ (const char *)b.ptr, b.len };
            }
            uint8_t *data;
            size_t dataLen;
            fuzz_marshalCorpusFile(vals, n, &data, &dataLen);
            *v = orig; // vals owns the original storage, freed below
            free(b.ptr);
            // writeToMem
            fuzz_sharedMem_setValue(mem, data, dataLen);
            free(data);
            success = true;
        } else {
            free(st.retErr);
            st.retErr = NULL;
        }
    }
    if (success) {
        go_bytes out = fuzz_sharedMem_valueRef(mem);
        char *outHash = fuzz_corpusFileName(out.ptr, out.len);
        hdr->rawInMem = false;
        resp->WroteToMem = true;
        if (st.retErr != NULL) {
            resp->Err = st.retErr;
            st.retErr = NULL;
        } else if (strcmp(outHash, inpHash) != 0) {
            // A changed value's coverage is the last snapshot taken.
            resp->CoverageData = snapshotBytes();
        } else {
            // An unchanged value's snapshot is likely dirty, from the last
            // step of minimization: return the coverage we were given.
            resp->CoverageData =
                    fuzz_byteSlice_copy(args->KeepCoverage.ptr, args->KeepCoverage.len);
        }
        free(outHash);
    }
    free(st.retErr);
    free(inpHash);
    fuzz_freeValues(vals, n);
    ws->recover = false;
    resp->Duration = time_now() - start;
    resp->Count = hdr->count;
}

// serve is workerServer.serve: it reads calls from fuzz_in, one at a time,
// and writes each response to fuzz_out, until fuzz_in is closed (nil) or a
// pipe fails (the error).
static go_error *workerServer_serve(workerServer *ws) {
    for (;;) {
        size_t n;
        char *line;
        while ((line = fuzz_lineBuf_next(&ws->in, &n)) == NULL) {
            ssize_t r = fuzz_lineBuf_read(&ws->in, ws->fuzzIn);
            if (r == 0 || interrupted) {
                return NULL; // io.EOF or the context: the coordinator is done
            }
            if (r < 0) {
                return fmt_Errorf(NULL, "read fuzz_in: %s", strerror(errno));
            }
        }
        fuzzCall c;
        go_error *err = fuzz_decodeCall(line, n, &c);
        if (err != NULL) {
            return err;
        }
        char *out = NULL;
        size_t outLen = 0;
        switch (c.kind) {
        case callFuzz: {
            fuzzResponse resp;
            fuzz_workerServer_fuzz(ws, &c.Fuzz, &resp);
            out = fuzz_encodeFuzzResponse(&resp, &outLen);
            fuzz_fuzzResponse_clear(&resp);
            break;
        }
        case callMinimize: {
            minimizeResponse resp;
            fuzz_workerServer_minimize(ws, &c.Minimize, &resp);
            out = fuzz_encodeMinimizeResponse(&resp, &outLen);
            fuzz_minimizeResponse_clear(&resp);
            break;
        }
        case callPing:
            // An answer is all a ping asks for: it shows the coordinator
            // that the process reached F.Fuzz and that the pipes work.
            out = fuzz_encodePingResponse(&outLen);
            break;
        case callNone:
            fuzz_fuzzCall_clear(&c);
            return errors_New("no arguments provided for any call");
        }
        fuzz_fuzzCall_clear(&c);
        err = fuzz_writeAll(ws->fuzzOut, out, outLen);
        free(out);
        if (err != NULL) {
            return err;
        }
    }
}

go_error *fuzz_RunFuzzWorker(fuzz_fuzzFn fn, void *ctx, const fuzz_RunFuzzWorkerOpts *opts) {
    fuzz_linkCounters();
    if (opts->Timeout > 0) {
        watch.limit = opts->Timeout;
    }
    // ctest: -test.fuzzrsslimit and -test.fuzzmalloclimit.
    fuzz_startMemLimits(opts->RSSLimitMB, opts->MallocLimitMB, opts->PrintFrames);
    // ctest: a crashing worker dumps no core: the coordinator reports the
    // crash, and minimizing one crashes many processes.
    struct rlimit noCore = { 0, 0 };
    setrlimit(RLIMIT_CORE, &noCore);
    // ctest: the watchdog says why it ended the worker.
    char *d = time_Duration_String(watch.limit);
    watch.msg = runtime_sprintf("panic: deadlocked!\nctest: the fuzz function ran for "
                                "more than %s on one input (-test.fuzztimeout)\n",
                                d);
    free(d);
    // The worker stops its loops on SIGINT rather than dying (testdeps'
    // signal.NotifyContext), so the coordinator can read its last answer.
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = onInterrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    // ctest: and on a SIGTERM from outside (the process group's, as the
    // coordinator takes it as ^C); one the fuzz function sends its own
    // process still ends it, as in Go.
    sa.sa_handler = NULL;
    sa.sa_sigaction = onTerm;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGTERM, &sa, NULL);

    workerServer ws = { 0 };
    go_error *err = fuzz_getWorkerComm(&ws.fuzzIn, &ws.fuzzOut, &ws.mem);
    if (err != NULL) {
        return err;
    }
    watchdogHdr = fuzz_sharedMem_header(ws.mem);
    // ctest: a library loaded with dlopen is named to the coordinator.
    fuzz_reportLateModules(watchdogHdr->lateModule, sizeof watchdogHdr->lateModule);
    engineGuard saved;
    fuzz_guardWorkerEngine(watchdogHdr, &saved);
    // This thread runs the fuzz function.
    fuzz_reportStackOverflow();
    // ctest: and may go on after crashes whose cause the coordinator has
    // recorded (-test.fuzzkeepgoing); their signals go on to the handlers
    // set before.
    fuzz_crashRecover_init(&watchdogHdr->known, opts->AbortInput);
    fuzz_watchdog_start(&watch);
    ws.m = fuzz_newMutator();
    // ctest: under GODEBUG=fuzzseed=N, a restarted worker (and any worker
    // but the first) does not repeat the draws of the first process.
    fuzz_pcgRand_mixSeed(&ws.m->r, fuzz_sharedMem_header(ws.mem)->seedMix);
    // ctest: with -test.fuzzcmp, the mutator draws from the comparisons
    // recorded, as snapshot in shared memory (worker_rebuildEntry's too).
    if (fuzz_UseCmp) {
        ws.m->dict = &fuzz_sharedMem_header(ws.mem)->cmpDict;
        ws.m->pool = fuzz_crossPool_new();
        ws.m->tokens = fuzz_processTokens();
    }
    ws.fn = fn;
    ws.fnCtx = ctx;
    err = workerServer_serve(&ws);
    fuzz_unguardEngine(&saved);
    fuzz_mutator_free(ws.m);
    fuzz_byteSlice_free(&ws.coverageMask);
    fuzz_lineBuf_free(&ws.in);
    close(ws.fuzzIn);
    close(ws.fuzzOut);
    go_error *cerr = fuzz_sharedMem_Close(ws.mem);
    if (err == NULL) {
        err = cerr;
    } else {
        go_error_free(cerr);
    }
    return err;
}
