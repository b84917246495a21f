// Ports go1.19.8 src/internal/fuzz/worker.go: worker (the coordinator's
// side of one worker process), workerClient, workerServer with its fuzz,
// minimize and ping methods, and RunFuzzWorker.
//
// Go's worker.coordinate is a goroutine that blocks on each RPC; here each
// worker is a state machine (workerState) that the coordinator's one loop
// (fuzz.c) drives: a call is written, and its response is read when poll(2)
// says the pipe is readable. The worker process side is plain blocking code,
// as in Go.
//
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <nettle/sha2.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "internal/fuzz/internal.h"

// workerTimeoutDuration is worker.go's: how long a worker may go without
// responding once told to stop, before it is interrupted, then killed (1s).
static const int64_t workerTimeoutDuration = 1000 * 1000 * 1000;

// ---- values shared with fuzz.c ----

void fuzz_fuzzInput_clear(fuzzInput *in) {
    fuzz_CorpusEntry_clear(&in->entry);
    fuzz_byteSlice_free(&in->coverageData);
    fuzz_byteSlice_free(&in->reduce);
    *in = (fuzzInput){ 0 };
}

void fuzz_fuzzResult_clear(fuzzResult *r) {
    fuzz_CorpusEntry_clear(&r->entry);
    free(r->crasherMsg);
    fuzz_byteSlice_free(&r->coverageData);
    *r = (fuzzResult){ 0 };
}

void fuzz_fuzzMinimizeInput_clear(fuzzMinimizeInput *in) {
    fuzz_CorpusEntry_clear(&in->entry);
    free(in->crasherMsg);
    fuzz_byteSlice_free(&in->keepCoverage);
    *in = (fuzzMinimizeInput){ 0 };
}

static char *strdupOrNull(const char *s) {
    return s != NULL ? runtime_strdup(s) : NULL;
}

fuzz_CorpusEntry fuzz_CorpusEntry_copy(const fuzz_CorpusEntry *e) {
    fuzz_CorpusEntry c = *e;
    c.Parent = strdupOrNull(e->Parent);
    c.Path = strdupOrNull(e->Path);
    if (e->Data != NULL) {
        c.Data = runtime_malloc(e->DataLen > 0 ? e->DataLen : 1);
        memcpy(c.Data, e->Data, e->DataLen);
    }
    c.Values = e->Values != NULL ? fuzz_copyValues(e->Values, e->NValues) : NULL;
    return c;
}

go_error *fuzz_corpusEntryData(const fuzz_CorpusEntry *e, const uint8_t **data, size_t *n,
                               bool *owned) {
    if (e->Data != NULL) {
        *data = e->Data;
        *n = e->DataLen;
        *owned = false;
        return NULL;
    }
    // os.ReadFile(ce.Path)
    FILE *f = fopen(e->Path, "rb");
    if (f == NULL) {
        return fmt_Errorf(NULL, "open %s: %s", e->Path, strerror(errno));
    }
    size_t len = 0, cap = 512;
    uint8_t *buf = runtime_malloc(cap);
    size_t r;
    while ((r = fread(buf + len, 1, cap - len, f)) > 0) {
        len += r;
        if (len == cap) {
            cap *= 2;
            buf = runtime_realloc(buf, cap);
        }
    }
    bool failed = ferror(f) != 0;
    fclose(f);
    if (failed) {
        free(buf);
        return fmt_Errorf(NULL, "read %s: %s", e->Path, strerror(errno));
    }
    *data = buf;
    *n = len;
    *owned = true;
    return NULL;
}

char *fuzz_shortHash(const uint8_t *data, size_t n) {
    struct sha256_ctx ctx;
    uint8_t sum[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, n, data);
    sha256_digest(&ctx, sizeof sum, sum);
    return runtime_sprintf("%02x%02x%02x%02x", sum[0], sum[1], sum[2], sum[3]);
}

// bytesOf is a view of b.
static go_bytes bytesOf(const byteSlice *b) {
    return (go_bytes){ b->ptr, b->len };
}

// ---- pipes ----

// writeAll writes n bytes to fd, retrying short writes and EINTR.
static go_error *writeAll(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) {
                continue;
            }
            return fmt_Errorf(NULL, "write |1: %s", strerror(errno));
        }
        p += w;
        n -= (size_t)w;
    }
    return NULL;
}

// lineBuf_next returns the next complete line (without its newline) and
// its length, or NULL. The line is borrowed until the next read.
static char *lineBuf_next(lineBuf *b, size_t *n) {
    char *nl = b->len > b->start ? memchr(b->data + b->start, '\n', b->len - b->start) : NULL;
    if (nl == NULL) {
        return NULL;
    }
    char *line = b->data + b->start;
    *n = (size_t)(nl - line);
    b->start += *n + 1;
    return line;
}

// lineBuf_read reads what fd has (one read(2)); it returns the count, 0 at
// EOF, or -1 with errno set.
static ssize_t lineBuf_read(lineBuf *b, int fd) {
    if (b->start > 0) {
        memmove(b->data, b->data + b->start, b->len - b->start);
        b->len -= b->start;
        b->start = 0;
    }
    if (b->cap - b->len < 4096) {
        b->cap = b->cap * 2 + 4096;
        b->data = runtime_realloc(b->data, b->cap);
    }
    ssize_t r;
    do {
        r = read(fd, b->data + b->len, b->cap - b->len);
    } while (r < 0 && errno == EINTR);
    if (r > 0) {
        b->len += (size_t)r;
    }
    return r;
}

static void lineBuf_free(lineBuf *b) {
    free(b->data);
    *b = (lineBuf){ 0 };
}

// ---- a worker's stderr ----

// stderrTailSize is how much of a worker process's stderr the coordinator
// keeps: the last 64 KiB, enough for a sanitizer report.
enum { stderrTailSize = 64 << 10 };

// tailBuf is a ring buffer holding the last stderrTailSize bytes written.
typedef struct tailBuf {
    char *data;     // stderrTailSize bytes, allocated on the first write
    uint64_t total; // bytes written so far; the next goes at total % size
} tailBuf;

static void tailBuf_write(tailBuf *b, const char *p, size_t n) {
    if (b->data == NULL) {
        b->data = runtime_malloc(stderrTailSize);
    }
    if (n > stderrTailSize) {
        b->total += n - stderrTailSize;
        p += n - stderrTailSize;
        n = stderrTailSize;
    }
    size_t at = (size_t)(b->total % stderrTailSize);
    size_t first = n < stderrTailSize - at ? n : stderrTailSize - at;
    memcpy(b->data + at, p, first);
    memcpy(b->data, p + first, n - first);
    b->total += n;
}

// tailBuf_string is what b holds, without its trailing newlines; when
// older output was dropped, "...", a newline and the lines after the first
// cut one. The caller frees.
static char *tailBuf_string(const tailBuf *b) {
    size_t n = b->total < stderrTailSize ? (size_t)b->total : stderrTailSize;
    char *s = runtime_malloc(n + 5);
    size_t o = 0, skip = 0;
    size_t start = b->total < stderrTailSize ? 0 : (size_t)(b->total % stderrTailSize);
    if (b->total > stderrTailSize) {
        memcpy(s, "...\n", 4);
        o = 4;
        // Drop the partial first line.
        while (skip < n && b->data[(start + skip) % stderrTailSize] != '\n') {
            skip++;
        }
        skip++;
    }
    for (size_t i = skip; i < n; i++) {
        s[o++] = b->data[(start + i) % stderrTailSize];
    }
    while (o > 0 && s[o - 1] == '\n') {
        o--;
    }
    s[o] = '\0';
    return s;
}

// readTail reads what fd has into b without blocking (fd is non-blocking);
// it returns true at EOF or on an error other than EAGAIN.
static bool readTail(int fd, tailBuf *b) {
    char buf[4096];
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r > 0) {
            tailBuf_write(b, buf, (size_t)r);
            continue;
        }
        if (r < 0 && errno == EINTR) {
            continue;
        }
        return !(r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
    }
}

// withStderr is msg followed, if the process said anything on stderr, by a
// newline and its last output. It takes msg; the caller frees the result.
// ctest: Go's workers' output goes to /dev/null.
static char *withStderr(char *msg, const tailBuf *b) {
    if (b->total == 0) {
        return msg;
    }
    char *tail = tailBuf_string(b);
    if (tail[0] == '\0') {
        free(tail);
        return msg;
    }
    char *s = runtime_sprintf("%s\n%s", msg, tail);
    free(tail);
    free(msg);
    return s;
}

// ---- the worker process: workerServer ----

// interrupted is set by SIGINT in a worker: testdeps' signal.NotifyContext,
// which cancels the context the fuzz and minimize loops check.
static volatile sig_atomic_t interrupted;

static sharedMemHeader *watchdogHdr;

static void onInterrupt(int sig) {
    (void)sig;
    interrupted = 1;
    if (watchdogHdr != NULL) {
        __atomic_store_n(&watchdogHdr->interrupted, true, __ATOMIC_SEQ_CST);
    }
}

// fuzzFnDeadline is how long one call of the fuzz function may run before
// the worker assumes it is hanging or deadlocked (RunFuzzWorker's timer):
// -test.fuzztimeout. ctest: Go's is 10s, fixed.
static int64_t fuzzFnDeadline = 10LL * 1000 * 1000 * 1000;

// callStart is when the running call of the fuzz function started, or 0.
// It is written by the worker's thread and read by the watchdog.
static int64_t callStart;

// watchdogHdr (above) is the shared memory's header, where the watchdog
// marks a hang for the coordinator, and SIGINT an interrupt; watchdogMsg is
// what the watchdog prints, made up front (the hung thread may hold any
// lock).
static char *watchdogMsg;

// watchdog is RunFuzzWorker's time.AfterFunc, armed around each call: Go
// starts a timer per call; here one thread looks at callStart every 100ms,
// so a call costs no system call. A call past the deadline panics, as Go's
// timer does, which ends the worker with exit status 2.
static void *watchdog(void *arg) {
    (void)arg;
    for (;;) {
        struct timespec ts = { 0, 100 * 1000 * 1000 };
        nanosleep(&ts, NULL);
        int64_t start = __atomic_load_n(&callStart, __ATOMIC_RELAXED);
        if (start != 0 && time_now() - start > fuzzFnDeadline) {
            if (watchdogHdr != NULL) {
                __atomic_store_n(&watchdogHdr->hung, true, __ATOMIC_SEQ_CST);
            }
            if (write(2, watchdogMsg, strlen(watchdogMsg)) < 0) {
                // Exiting anyway.
            }
            _exit(2);
        }
    }
    return NULL;
}

int64_t fuzz_CallStart(void) {
    return __atomic_load_n(&callStart, __ATOMIC_RELAXED);
}

// callEnd is when the last call of the fuzz function returned: the fuzz
// loop checks its deadline against it rather than read the clock again.
static int64_t callEnd;

// fuzzFn is workerServer's fuzzFn: it runs the fuzz function and returns
// the failure (or NULL) and the time it took.
static const char *workerServer_fuzzFn(workerServer *ws, const go_value *vals, size_t n,
                                       int64_t *dur) {
    int64_t start = time_now();
    __atomic_store_n(&callStart, start, __ATOMIC_RELAXED);
    const char *err = ws->fn(ws->fnCtx, vals, n);
    __atomic_store_n(&callStart, 0, __ATOMIC_RELAXED);
    // ctest: the T runner left its panic handler; what runs now is the
    // engine's.
    fuzz_guardWorkerEngine(watchdogHdr, NULL);
    callEnd = time_now();
    *dur = callEnd - start;
    return err;
}

// fuzzOnce is fuzz's closure: one call of the fuzz function on vals. It
// returns the failure message (NULL for none) and whether the coverage
// snapshot has bits outside the mask.
static const char *workerServer_fuzzOnce(workerServer *ws, const go_value *vals, size_t n,
                                         int64_t *dur, bool *newCov) {
    fuzz_sharedMem_header(ws->mem)->count++;
    const char *errMsg = workerServer_fuzzFn(ws, vals, n, dur);
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
        const uint8_t *p = b->ptr + 4 * k;
        rs->features[k] =
                (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
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

// fuzz is workerServer.fuzz: it runs the fuzz function on mutations of the
// value in shared memory for args.Timeout or args.Limit values, and returns
// early with a crasher or with a value that expands coverage. It leaves the
// value in memory alone: it saves the PRNG state there and counts calls, so
// the coordinator can rebuild any mutation.
void fuzz_workerServer_fuzz(workerServer *ws, const fuzzArgs *args, fuzzResponse *resp) {
    *resp = (fuzzResponse){ 0 };
    if (args->CoverageData.ptr != NULL) {
        if (ws->coverageMask.ptr != NULL && args->CoverageData.len != ws->coverageMask.len) {
            resp->InternalErr =
                    runtime_sprintf("unexpected size for CoverageData: got %zu, expected %zu",
                                    args->CoverageData.len, ws->coverageMask.len);
            return;
        }
        fuzz_byteSlice_free(&ws->coverageMask);
        ws->coverageMask = fuzz_byteSlice_copy(args->CoverageData.ptr, args->CoverageData.len);
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

    int64_t dur;
    bool newCov;
    if (args->Warmup) {
        const char *errMsg = workerServer_fuzzOnce(ws, vals, n, &dur, &newCov);
        if (errMsg != NULL) {
            resp->Err = runtime_strdup(errMsg);
            goto out;
        }
        resp->InterestingDuration = dur;
        if (fuzz_coverageEnabled) {
            resp->CoverageData = snapshotBytes();
        }
        goto out;
    }

    go_int maxBytes = fuzz_mutationMaxBytes(originalVals, n, (go_int)fuzz_sharedMem_valueCap(mem),
                                            args->MaxLen);
    callEnd = time_now();
    for (;;) {
        // The context: the call's timeout, or SIGINT. ctest: the time is
        // when the last call returned (two clock reads per execution).
        if (interrupted || (deadline != 0 && callEnd >= deadline)) {
            goto out;
        }
        if (hdr->count % chainedMutations == 0) {
            memcpy(vals, originalVals, n * sizeof *vals);
            fuzz_pcgRand_save(&ws->m->r, &hdr->randState, &hdr->randInc);
            // ctest: so is the comparison dictionary (-test.fuzzcmp).
            if (ws->m->dict != NULL) {
                fuzz_cmpSnapshot(&hdr->cmpDict);
            }
        }
        fuzz_mutator_mutate(ws->m, vals, n, maxBytes);

        const char *errMsg = workerServer_fuzzOnce(ws, vals, n, &dur, &newCov);
        if (errMsg != NULL) {
            resp->Err = runtime_strdup(errMsg);
            goto out;
        }
        // ctest: a smaller input with the same unique features is
        // reported as new coverage is; the coordinator tells them apart.
        if (newCov || reduceSearch_found(&rs, vals, n)) {
            resp->CoverageData = snapshotBytes();
            resp->InterestingDuration = dur;
            goto out;
        }
        if (args->Limit > 0 && hdr->count >= args->Limit) {
            goto out;
        }
    }
out:
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
    char *retErr; // the last failure seen (owned)
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
    if (err != NULL) {
        free(st->retErr);
        st->retErr = runtime_strdup(err);
        if (st->keepCoverage.ptr != NULL) {
            // Now that we've found a crash, that's more important than any
            // minimization of interesting inputs that was being done.
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

    minimizeState st = { ws, vals, n, args->Index, args->KeepCoverage, 0, args->Limit, NULL };
    if (args->Timeout != 0) {
        st.deadline = start + args->Timeout;
    }
    bool success = false;
    if (!minimizeState_shouldStop(&st)) {
        // Check that the original value preserves coverage or causes an
        // error; if not, it may have been a flake, and cannot be minimized.
        hdr->count++;
        int64_t dur;
        const char *e = workerServer_fuzzFn(ws, vals, n, &dur);
        st.retErr = e != NULL ? runtime_strdup(e) : NULL;
        bool ok;
        if (st.keepCoverage.ptr != NULL) {
            ok = fuzz_hasCoverageBit(bytesOf(&st.keepCoverage), bytesOf(&fuzz_coverageSnapshot)) &&
                 st.retErr == NULL;
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
        while ((line = lineBuf_next(&ws->in, &n)) == NULL) {
            ssize_t r = lineBuf_read(&ws->in, ws->fuzzIn);
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
            // ping does nothing: the coordinator checks the worker has
            // called F.Fuzz and can communicate.
            out = fuzz_encodePingResponse(&outLen);
            break;
        case callNone:
            fuzz_fuzzCall_clear(&c);
            return errors_New("no arguments provided for any call");
        }
        fuzz_fuzzCall_clear(&c);
        err = writeAll(ws->fuzzOut, out, outLen);
        free(out);
        if (err != NULL) {
            return err;
        }
    }
}

go_error *fuzz_RunFuzzWorker(fuzz_fuzzFn fn, void *ctx, int64_t timeout) {
    fuzz_linkCounters();
    if (timeout > 0) {
        fuzzFnDeadline = timeout;
    }
    // ctest: a crashing worker dumps no core: the coordinator reports the
    // crash, and minimizing one crashes many processes.
    struct rlimit noCore = { 0, 0 };
    setrlimit(RLIMIT_CORE, &noCore);
    // ctest: the watchdog says why it ended the worker.
    char *d = time_Duration_String(fuzzFnDeadline);
    watchdogMsg = runtime_sprintf("panic: deadlocked!\nctest: the fuzz function ran for "
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

    workerServer ws = { 0 };
    go_error *err = fuzz_getWorkerComm(&ws.fuzzIn, &ws.fuzzOut, &ws.mem);
    if (err != NULL) {
        return err;
    }
    watchdogHdr = fuzz_sharedMem_header(ws.mem);
    engineGuard saved;
    fuzz_guardWorkerEngine(watchdogHdr, &saved);
    // This thread runs the fuzz function.
    fuzz_reportStackOverflow();
    pthread_t tid;
    if (pthread_create(&tid, NULL, watchdog, NULL) == 0) {
        pthread_detach(tid);
    }
    ws.m = fuzz_newMutator();
    // ctest: with -test.fuzzcmp, the mutator draws from the comparisons
    // recorded, as snapshot in shared memory (worker_rebuildEntry's too).
    if (fuzz_UseCmp) {
        ws.m->dict = &fuzz_sharedMem_header(ws.mem)->cmpDict;
        ws.m->pool = fuzz_crossPool_new();
    }
    ws.fn = fn;
    ws.fnCtx = ctx;
    err = workerServer_serve(&ws);
    fuzz_unguardEngine(&saved);
    fuzz_mutator_free(ws.m);
    fuzz_byteSlice_free(&ws.coverageMask);
    lineBuf_free(&ws.in);
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

// ---- the coordinator's side: worker and workerClient ----

// workerState is what worker.coordinate's goroutine would be doing.
typedef enum workerState {
    workerStopped,    // no process: coordinate will start one
    workerStarting,   // started; the ping is in flight
    workerIdle,       // waiting in coordinate's select for input
    workerFuzzing,    // a fuzz call is in flight
    workerMinimizing, // a minimize call is in flight (one per minimizable value)
    workerDone,       // coordinate has returned
} workerState;

// worker is worker.go's worker and its workerClient: one worker process
// seen from the coordinator.
struct worker {
    coordinator *coordinator;
    const char *binPath; // path to test executable (borrowed)
    char **args;         // arguments for it (borrowed)
    char **env;          // its environment (borrowed)
    sharedMem *mem;      // the memory shared with the process; persists across processes

    workerState state;
    pid_t pid;                 // the current process, or 0
    int fuzzIn;                // the call pipe's write end, or -1
    int fuzzOut;               // the response pipe's read end, or -1
    int errFd;                 // the process's stderr's read end, or -1
    int pidFd;                 // readable once the process has ended, or -1
    tailBuf errTail;           // the end of what the process wrote to stderr
    lineBuf out;               // what fuzzOut has said so far
    int waitStatus;            // how the last process ended (waitErr: nil if 0)
    bool interrupted;          // stop had to signal the process
    int64_t deadline;          // when the call in flight times out, or 0
    mutator *m;                // the client's mutator, to rebuild a worker's mutations
    uint8_t *inp;              // the value sent with the fuzz call
    size_t inpLen;             //
    fuzzInput input;           // the fuzz call's input
    uint64_t maskSent;         // ctest: the mask version this process has, or 0
    fuzzMinimizeInput minput;  // the minimize calls' input
    minimizeArgs margs;        // the minimize call's arguments
    fuzz_CorpusEntry entryOut; // the minimized entry so far
    minimizeResponse mresp;    // the last minimize response
};

go_error *fuzz_newWorker(coordinator *c, const char *binPath, char **args, char **env,
                         worker **out) {
    sharedMem *mem;
    go_error *err = fuzz_sharedMemTempFile(workerSharedMemSize, &mem);
    if (err != NULL) {
        return err;
    }
    worker *w = runtime_calloc(1, sizeof *w);
    w->coordinator = c;
    w->binPath = binPath;
    w->args = args;
    w->env = env;
    w->mem = mem;
    w->fuzzIn = w->fuzzOut = w->errFd = w->pidFd = -1;
    w->m = fuzz_newMutator();
    if (fuzz_UseCmp) {
        w->m->dict = &fuzz_sharedMem_header(mem)->cmpDict;
        w->m->pool = fuzz_crossPool_new();
    }
    *out = w;
    return NULL;
}

go_error *fuzz_worker_cleanup(worker *w) {
    if (w == NULL) {
        return NULL;
    }
    go_error *err = fuzz_sharedMem_Close(w->mem);
    lineBuf_free(&w->out);
    free(w->errTail.data);
    fuzz_mutator_free(w->m);
    free(w->inp);
    fuzz_fuzzInput_clear(&w->input);
    fuzz_fuzzMinimizeInput_clear(&w->minput);
    fuzz_byteSlice_free(&w->margs.KeepCoverage);
    fuzz_CorpusEntry_clear(&w->entryOut);
    fuzz_minimizeResponse_clear(&w->mresp);
    free(w);
    return err;
}

bool fuzz_worker_needsStart(const worker *w) {
    return w->state == workerStopped;
}

bool fuzz_worker_isIdle(const worker *w) {
    return w->state == workerIdle;
}

bool fuzz_worker_isDone(const worker *w) {
    return w->state == workerDone;
}

int fuzz_worker_fd(const worker *w) {
    switch (w->state) {
    case workerStarting:
    case workerIdle: // its end of the process shows as EOF (termC)
    case workerFuzzing:
    case workerMinimizing:
        return w->fuzzOut;
    default:
        return -1;
    }
}

static void worker_processEnded(worker *w);

int fuzz_worker_exitFd(const worker *w) {
    return w->pid != 0 ? w->pidFd : -1;
}

void fuzz_worker_exited(worker *w) {
    // Read what the process wrote before it ended, then take its end as
    // the pipe's EOF, which never comes while a child of it holds the pipe.
    while (w->pid != 0 && w->fuzzOut >= 0) {
        struct pollfd p = { w->fuzzOut, POLLIN, 0 };
        if (poll(&p, 1, 0) <= 0) {
            worker_processEnded(w);
            return;
        }
        fuzz_worker_readable(w);
    }
}

int fuzz_worker_errFd(const worker *w) {
    return w->errFd;
}

void fuzz_worker_readStderr(worker *w) {
    if (w->errFd >= 0 && readTail(w->errFd, &w->errTail)) {
        close(w->errFd);
        w->errFd = -1;
    }
}

int64_t fuzz_worker_deadline(const worker *w) {
    return w->state == workerMinimizing ? w->deadline : 0;
}

// done is coordinate returning err: the worker leaves the run.
static void worker_done(worker *w, go_error *err) {
    w->state = workerDone;
    fuzz_coordinator_workerDone(w->coordinator, err);
}

// closeInput closes fuzz_in, which tells the process to exit once it has
// answered the calls before.
static void worker_closeInput(worker *w) {
    if (w->fuzzIn >= 0) {
        close(w->fuzzIn);
        w->fuzzIn = -1;
    }
}

void fuzz_worker_closeInput(worker *w) {
    worker_closeInput(w);
}

// stop is worker.stop: it closes fuzz_in, drains fuzz_out until the process
// ends, and returns its wait status. A process that does not end within
// workerTimeoutDuration gets SIGINT, then SIGKILL.
static int worker_stop(worker *w) {
    if (w->pid == 0) {
        // stop already called: the process is gone.
        w->state = workerStopped;
        return w->waitStatus;
    }
    worker_closeInput(w);
    int sig = SIGINT;
    int64_t timer = time_now() + workerTimeoutDuration;
    char buf[4096];
    while (w->fuzzOut >= 0) {
        int64_t left = timer - time_now();
        // The process's stderr is read too, so that it never blocks on it;
        // ctest: and its end is seen even if a child of it holds the pipe.
        struct pollfd pfd[3] = { { w->fuzzOut, POLLIN, 0 },
                                 { w->pidFd, POLLIN, 0 },
                                 { w->errFd, POLLIN, 0 } };
        int r = poll(pfd, w->errFd >= 0 ? 3 : 2, left > 0 ? (int)(left / 1000000) + 1 : 0);
        if (r > 0) {
            if (w->errFd >= 0 && pfd[2].revents != 0) {
                fuzz_worker_readStderr(w);
            }
            if (pfd[1].revents != 0) {
                close(w->fuzzOut); // the process has ended
                w->fuzzOut = -1;
                break;
            }
            if (pfd[0].revents == 0) {
                continue;
            }
            ssize_t n = read(w->fuzzOut, buf, sizeof buf);
            if (n > 0 || (n < 0 && errno == EINTR)) {
                continue;
            }
            close(w->fuzzOut); // EOF: the process has closed its end
            w->fuzzOut = -1;
            break;
        }
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (time_now() < timer) {
            continue;
        }
        // Timer fired before worker terminated.
        w->interrupted = true;
        if (sig == SIGINT) {
            kill(w->pid, SIGINT); // try SIGINT and wait a little longer
            sig = SIGKILL;
        } else if (sig == SIGKILL) {
            kill(w->pid, SIGKILL); // try SIGKILL and keep waiting
            sig = 0;
        } else {
            fprintf(fuzz_coordinator_log(w->coordinator),
                    "waiting for fuzzing process to terminate...\n");
        }
        timer = time_now() + workerTimeoutDuration;
    }
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
    }
    w->pid = 0;
    w->waitStatus = status;
    if (w->pidFd >= 0) {
        close(w->pidFd);
        w->pidFd = -1;
    }
    // The process is gone: all it wrote to stderr is in the pipe, unless it
    // left a child holding the pipe (then what is there now).
    if (w->errFd >= 0) {
        readTail(w->errFd, &w->errTail);
        close(w->errFd);
        w->errFd = -1;
    }
    lineBuf_free(&w->out);
    w->state = workerStopped;
    return status;
}

// exitMsg is "prefix: <how the process ended>" and its stderr's end.
static char *exitMsg(const char *prefix, int status, const tailBuf *tail) {
    char *s = fuzz_exitStatusString(status);
    char *msg = runtime_sprintf("%s: %s", prefix, s);
    free(s);
    return withStderr(msg, tail);
}

static char *worker_exitMsg(const worker *w, const char *prefix, int status) {
    return exitMsg(prefix, status, &w->errTail);
}

// newPipe is pipe(2) with both ends close-on-exec and, if nonblockRead,
// a non-blocking read end.
static int newPipe(int p[2], bool nonblockRead) {
    if (pipe(p) != 0) {
        return -1;
    }
    // No end may leak into a worker process but as its fds 2, 3 and 4: a
    // worker holding the write end of its own fuzz_in would never see EOF.
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    if (nonblockRead) {
        fcntl(p[0], F_SETFL, O_NONBLOCK);
    }
    return 0;
}

// spawn starts binPath with new fuzz_in and fuzz_out pipes, as its fds 3
// and 4, and a pipe for its stderr when one can be made (else *errFd is -1:
// the process keeps ours). It returns the coordinator's ends: *inFd to
// write calls to, *outFd (non-blocking if asked) and *errFd to read.
static go_error *spawn(const char *binPath, char **args, char **env, int memFd, bool nonblockOut,
                       pid_t *pid, int *inFd, int *outFd, int *errFd) {
    int inPipe[2], outPipe[2], errPipe[2];
    if (newPipe(inPipe, false) != 0) {
        return fmt_Errorf(NULL, "pipe: %s", strerror(errno));
    }
    if (newPipe(outPipe, nonblockOut) != 0) {
        close(inPipe[0]);
        close(inPipe[1]);
        return fmt_Errorf(NULL, "pipe: %s", strerror(errno));
    }
    if (newPipe(errPipe, true) != 0) {
        errPipe[0] = errPipe[1] = -1;
    }
    go_error *err =
            fuzz_startProcess(binPath, args, env, inPipe[0], outPipe[1], memFd, errPipe[1], pid);
    close(inPipe[0]);
    close(outPipe[1]);
    if (errPipe[1] >= 0) {
        close(errPipe[1]);
    }
    if (err != NULL) {
        close(inPipe[1]);
        close(outPipe[0]);
        if (errPipe[0] >= 0) {
            close(errPipe[0]);
        }
        return err;
    }
    *inFd = inPipe[1];
    *outFd = outPipe[0];
    *errFd = errPipe[0];
    return NULL;
}

void fuzz_worker_start(worker *w) {
    w->interrupted = false;
    w->waitStatus = 0;
    if (w->m->pool != NULL) {
        fuzz_crossPool_reset(w->m->pool); // a new process starts with none
    }
    // The "fuzz_in" and "fuzz_out" pipes: the coordinator writes calls to
    // fuzzIn and reads responses from fuzzOut. stdin and stdout stay the
    // test's own.
    free(w->errTail.data);
    w->errTail = (tailBuf){ 0 };
    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    hdr->hung = false;
    hdr->engineFailed = false;
    hdr->interrupted = false;
    go_error *err = spawn(w->binPath, w->args, w->env, w->mem->fd, false, &w->pid, &w->fuzzIn,
                          &w->fuzzOut, &w->errFd);
    if (err == NULL) {
        w->pidFd = fuzz_processFd(w->pid);
    }
    w->maskSent = 0;
    if (err != NULL) {
        worker_done(w, err);
        return;
    }

    // ping: make sure the worker called F.Fuzz and can communicate.
    fuzzCall c = { .kind = callPing };
    size_t n;
    char *msg = fuzz_encodeCall(&c, &n);
    err = writeAll(w->fuzzIn, msg, n);
    free(msg);
    w->state = workerStarting;
    // A process that exits before reading the ping (one that returns or
    // fails before F.Fuzz) closes the pipe, and the write may fail with
    // EPIPE before its EOF is read. Go's ping loses that race in practice,
    // since a Go worker takes longer to start, and reports the EOF: so do
    // we, as worker_send does, by leaving the report to the read.
    go_error_free(err);
}

// engineFailed ends w with the internal error of a process whose engine
// failed (sharedMemHeader.engineFailed) and that ended with status.
static void worker_engineFailed(worker *w, int status) {
    char *s = worker_exitMsg(w, "fuzzing process failed", status);
    worker_done(w, fuzz_newInternalError(s));
    free(s);
}

// send writes c to the process; a failed write shows up as the EOF that
// follows it.
static void worker_send(worker *w, const fuzzCall *c) {
    size_t n;
    char *msg = fuzz_encodeCall(c, &n);
    go_error *err = writeAll(w->fuzzIn, msg, n);
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
        // Only mutate the valuesOut if fuzzing actually occurred.
        go_value *vals = runtime_malloc((n > 0 ? n : 1) * sizeof *vals);
        memcpy(vals, valuesOut, n * sizeof *vals);
        int64_t numMutations = ((resp->Count - 1) % chainedMutations) + 1;
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
    out->Parent = strdupOrNull(w->input.entry.Path);
    out->Path = fuzz_shortHash(dataOut, dataLen);
    out->Data = dataOut;
    out->DataLen = dataLen;
    out->Generation = w->input.entry.Generation + 1;
    if (w->input.warmup) {
        // The bytes weren't mutated, so if entryIn was a seed corpus value,
        // then entryOut is too.
        out->IsSeed = w->input.entry.IsSeed;
    }
    return NULL;
}

void fuzz_worker_fuzz(worker *w, fuzzInput *in) {
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
        worker_stop(w);
        worker_done(w, err);
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
    worker_send(w, &c);
    w->state = workerFuzzing;
}

// fuzzDone is the rest of coordinate's inputC case, once the fuzz call has
// returned resp (callErr is the pipe's end: the process died).
static void worker_fuzzDone(worker *w, fuzzResponse *resp, go_error *callErr) {
    w->state = workerIdle;
    if (resp->InternalErr != NULL) {
        go_error *err = errors_New(resp->InternalErr);
        go_error_free(callErr);
        worker_stop(w);
        worker_done(w, err);
        return;
    }
    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    resp->Count = hdr->count;
    go_bytes now = fuzz_sharedMem_valueRef(w->mem);
    if (now.len != w->inpLen || memcmp(now.ptr, w->inp, now.len) != 0) {
        go_error_free(callErr);
        worker_stop(w);
        worker_done(w, errors_New("workerServer.fuzz modified input"));
        return;
    }
    if (callErr != NULL && fuzz_sharedMem_header(w->mem)->interrupted) {
        // ctest: the worker got SIGINT and stopped; the coordinator's own
        // SIGINT may not have been read yet. Nothing crashed.
        go_error_free(callErr);
        worker_stop(w);
        worker_done(w, NULL);
        return;
    }
    if (callErr != NULL && fuzz_sharedMem_header(w->mem)->engineFailed) {
        // ctest: the worker's engine failed, not the fuzz function; its
        // mutations are not replayed, as they may fail here too.
        go_error_free(callErr);
        worker_engineFailed(w, worker_stop(w));
        return;
    }
    bool needEntryOut = callErr != NULL || resp->Err != NULL ||
                        (!w->input.warmup && resp->CoverageData.ptr != NULL);
    fuzz_CorpusEntry entry = { 0 };
    if (needEntryOut) {
        go_error *err = worker_rebuildEntry(w, resp, &entry);
        if (err != NULL) {
            go_error_free(callErr);
            worker_stop(w);
            worker_done(w, err);
            return;
        }
    }
    bool canMinimize = true, crashed = false;
    if (callErr != NULL) {
        // Error communicating with worker.
        int status = worker_stop(w);
        if (w->interrupted) {
            // Communication error before we stopped the worker.
            // Report an error, but don't record a crasher.
            go_error *err = fmt_Errorf(NULL, "communicating with fuzzing process: %s",
                                       go_error_Error(callErr));
            go_error_free(callErr);
            fuzz_CorpusEntry_clear(&entry);
            worker_done(w, err);
            return;
        }
        go_error_free(callErr);
        if (WIFSIGNALED(status) && !fuzz_isCrashSignal(WTERMSIG(status))) {
            // Terminated by a signal that probably wasn't caused by a
            // specific input (the OOM killer's SIGKILL, SIGHUP from a closed
            // terminal): don't record a crasher.
            char *s = worker_exitMsg(
                    w, "fuzzing process terminated by unexpected signal; no crash will be recorded",
                    status);
            go_error *err = errors_New(s);
            free(s);
            fuzz_CorpusEntry_clear(&entry);
            worker_done(w, err);
            return;
        }
        // Unexpected termination. Go doesn't minimize: it crashed the
        // worker. The worker restarts on the next iteration.
        // ctest: the coordinator minimizes it in new processes, unless the
        // worker's watchdog found it hung.
        free(resp->Err);
        resp->Err = worker_exitMsg(w, "fuzzing process hung or terminated unexpectedly", status);
        crashed = true;
        canMinimize = !fuzz_sharedMem_header(w->mem)->hung;
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
    fuzz_coordinator_result(w->coordinator, &result);
}

// minimizeNext sends the minimize call for the next minimizable value after
// index from, or finishes.
static void worker_minimizeNext(worker *w, go_int from);

// minimizeFinish is the end of workerClient.minimize and worker.minimize.
static void worker_minimizeFinish(worker *w, go_error *callErr);

void fuzz_worker_minimize(worker *w, fuzzMinimizeInput *in) {
    fuzz_fuzzMinimizeInput_clear(&w->minput);
    w->minput = *in;
    *in = (fuzzMinimizeInput){ 0 };
    int64_t timeout = fuzz_coordinator_minimizeTimeout(w->coordinator);
    w->deadline = timeout != 0 ? time_now() + timeout : 0;
    fuzz_byteSlice_free(&w->margs.KeepCoverage);
    w->margs = (minimizeArgs){ 0 };
    w->margs.Limit = w->minput.limit;
    w->margs.Timeout = w->minput.timeout;
    w->margs.KeepCoverage =
            fuzz_byteSlice_copy(w->minput.keepCoverage.ptr, w->minput.keepCoverage.len);
    fuzz_minimizeResponse_clear(&w->mresp);
    fuzz_CorpusEntry_clear(&w->entryOut);
    w->state = workerMinimizing;

    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    hdr->count = 0;
    const uint8_t *data;
    size_t n;
    bool owned;
    go_error *err = fuzz_corpusEntryData(&w->minput.entry, &data, &n, &owned);
    if (err != NULL) {
        worker_minimizeFinish(w, err);
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
        worker_minimizeFinish(w, e);
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
        worker_send(w, &c);
        return;
    }
    worker_minimizeFinish(w, NULL);
}

// minimizeResponse handles the answer to one minimize call.
static void worker_minimizeResponse(worker *w, minimizeResponse *resp) {
    fuzz_minimizeResponse_clear(&w->mresp);
    w->mresp = *resp;
    *resp = (minimizeResponse){ 0 };
    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    if (w->mresp.WroteToMem) {
        // Minimization succeeded, and mem holds the marshaled data.
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
            worker_minimizeFinish(w, e);
            return;
        }
    }
    // Prepare for next iteration of the loop.
    if (w->margs.Timeout != 0) {
        w->margs.Timeout -= w->mresp.Duration;
        if (w->margs.Timeout <= 0) {
            worker_minimizeFinish(w, NULL);
            return;
        }
    }
    if (w->margs.Limit != 0) {
        w->margs.Limit -= hdr->count;
        if (w->margs.Limit <= 0) {
            worker_minimizeFinish(w, NULL);
            return;
        }
    }
    worker_minimizeNext(w, w->margs.Index + 1);
}

// originalResult is the input handed back unminimized.
static fuzzResult worker_originalResult(worker *w) {
    fuzzResult r = { 0 };
    r.entry = fuzz_CorpusEntry_copy(&w->minput.entry);
    r.crasherMsg = strdupOrNull(w->minput.crasherMsg);
    r.canMinimize = false;
    r.limit = w->minput.limit;
    return r;
}

static void worker_minimizeFinish(worker *w, go_error *callErr) {
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
            if (v->kind == GO_STRING) {
                nv.v.str = (go_string){ (const char *)raw, n };
            } else {
                nv.v.bytes = (go_bytes){ raw, n };
            }
            free((void *)(v->kind == GO_STRING ? (const void *)v->v.str.ptr
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
        int status = worker_stop(w);
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
            result.crasherMsg = withStderr(
                    runtime_sprintf(
                            "fuzzing process hung or terminated unexpectedly while minimizing: %s",
                            go_error_Error(callErr)),
                    &w->errTail);
            result.canMinimize = false;
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
    fuzz_coordinator_result(w->coordinator, &result);
}

void fuzz_worker_timeout(worker *w) {
    if (w->state == workerMinimizing) {
        worker_minimizeFinish(w, errors_New("context deadline exceeded"));
    }
}

// processEnded is the pipe's EOF in each state.
static void worker_processEnded(worker *w) {
    switch (w->state) {
    case workerStarting: {
        worker_stop(w);
        if (fuzz_sharedMem_header(w->mem)->interrupted) {
            // ctest: it got SIGINT before it answered: a stop.
            worker_done(w, NULL);
            return;
        }
        if (fuzz_isInterruptStatus(w->waitStatus)) {
            // User may have pressed ^C before worker responded.
            char *s = fuzz_exitStatusString(w->waitStatus);
            worker_done(w, errors_New(s));
            free(s);
            return;
        }
        // What the process said is dropped, as Go's /dev/null does: this
        // is no crash, but F.Fuzz not reached (a failure, panic or skip).
        worker_done(w, fmt_Errorf(NULL, "fuzzing process terminated without fuzzing: EOF"));
        return;
    }
    case workerIdle: {
        // Worker process terminated unexpectedly while waiting for input.
        int status = worker_stop(w);
        if (status == 0 || fuzz_isInterruptStatus(status)) {
            // Stopped, by exiting 0 or by a SIGINT the coordinator did not
            // send (^C reaches the whole process group): suppress the error.
            worker_done(w, NULL);
            return;
        }
        char *s;
        if (fuzz_sharedMem_header(w->mem)->engineFailed) {
            // ctest: the engine failed between calls.
            worker_engineFailed(w, status);
            return;
        }
        if (WIFEXITED(status) && WEXITSTATUS(status) == workerExitCode) {
            // F.Fuzz was not called correctly, for example F.Fail was called first.
            s = worker_exitMsg(w, "fuzzing process exited unexpectedly due to an internal failure",
                               status);
        } else {
            s = worker_exitMsg(w, "fuzzing process hung or terminated unexpectedly", status);
        }
        worker_done(w, errors_New(s));
        free(s);
        return;
    }
    case workerFuzzing: {
        fuzzResponse resp = { 0 };
        worker_fuzzDone(w, &resp, errors_New("EOF"));
        fuzz_fuzzResponse_clear(&resp);
        return;
    }
    case workerMinimizing:
        worker_minimizeFinish(w, errors_New("EOF"));
        return;
    default:
        return;
    }
}

// badStart returns encoding/json's syntax error for what b holds (a
// message not yet complete) if no JSON value can start with it, as
// json.Decoder finds at once, or NULL. The caller frees it.
static char *lineBuf_badStart(const lineBuf *b) {
    for (size_t i = b->start; i < b->len; i++) {
        unsigned char c = (unsigned char)b->data[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            continue;
        }
        if (strchr("{[\"-0123456789tfn", c) != NULL && c != '\0') {
            return NULL;
        }
        // json's quoteChar
        char q[8];
        if (c == '\'') {
            snprintf(q, sizeof q, "'\\''");
        } else if (c == '"') {
            snprintf(q, sizeof q, "'\"'");
        } else if (c >= 0x20 && c < 0x7f) {
            snprintf(q, sizeof q, "'%c'", c);
        } else {
            snprintf(q, sizeof q, "'\\x%02x'", c);
        }
        return runtime_sprintf("invalid character %s looking for beginning of value", q);
    }
    return NULL;
}

// protocolError handles an answer that cannot be decoded, as Go's callers
// of callLocked do with its error.
static void worker_protocolError(worker *w, char *msg) {
    switch (w->state) {
    case workerStarting: {
        worker_stop(w);
        go_error *err = fmt_Errorf(NULL, "fuzzing process terminated without fuzzing: %s", msg);
        free(msg);
        worker_done(w, err);
        return;
    }
    case workerFuzzing: {
        // ctest: the process is alive and said something that is not an
        // answer. Go takes it for a crash when the worker then exits
        // before its stop timer fires; here it is always the broken pipe
        // it is, and no input is recorded.
        worker_stop(w);
        go_error *err = fmt_Errorf(NULL, "communicating with fuzzing process: %s", msg);
        free(msg);
        worker_done(w, err);
        return;
    }
    case workerMinimizing:
        worker_minimizeFinish(w, errors_New(msg));
        free(msg);
        return;
    default:
        free(msg);
        worker_stop(w);
        worker_done(w, errors_New("communicating with fuzzing process: unexpected message"));
        return;
    }
}

void fuzz_worker_readable(worker *w) {
    size_t n;
    char *line = lineBuf_next(&w->out, &n);
    if (line == NULL) {
        ssize_t r = lineBuf_read(&w->out, w->fuzzOut);
        if (r <= 0) {
            if (r < 0 && errno == EAGAIN) {
                return;
            }
            worker_processEnded(w);
            return;
        }
        // ctest: Go's json.Decoder fails as soon as the stream cannot be
        // JSON; our messages are lines, so look before waiting for one.
        char *bad = lineBuf_badStart(&w->out);
        if (bad != NULL) {
            worker_protocolError(w, bad);
            return;
        }
        line = lineBuf_next(&w->out, &n);
        if (line == NULL) {
            return; // not a whole message yet
        }
    }
    switch (w->state) {
    case workerStarting: {
        w->state = workerIdle;
        return;
    }
    case workerFuzzing: {
        fuzzResponse resp;
        go_error *err = fuzz_decodeFuzzResponse(line, n, &resp);
        if (err != NULL) {
            char *msg = runtime_strdup(go_error_Error(err));
            go_error_free(err);
            worker_protocolError(w, msg);
            return;
        }
        worker_fuzzDone(w, &resp, NULL);
        fuzz_fuzzResponse_clear(&resp);
        return;
    }
    case workerMinimizing: {
        minimizeResponse resp;
        go_error *err = fuzz_decodeMinimizeResponse(line, n, &resp);
        if (err != NULL) {
            worker_minimizeFinish(w, err);
            return;
        }
        worker_minimizeResponse(w, &resp);
        fuzz_minimizeResponse_clear(&resp);
        return;
    }
    default:
        // A message nobody asked for: the protocol is broken.
        worker_stop(w);
        worker_done(w, errors_New("communicating with fuzzing process: unexpected message"));
        return;
    }
}

void fuzz_worker_cancel(worker *w) {
    switch (w->state) {
    case workerDone:
        return;
    case workerStopped:
        worker_done(w, NULL);
        return;
    default:
        // Worker was told to stop: whatever it was doing is dropped.
        worker_stop(w);
        worker_done(w, NULL);
        return;
    }
}

// ---- minimizing a crash: one process per candidate ----

go_error *fuzz_runCandidate(const char *binPath, char **args, char **env, sharedMem *mem,
                            const uint8_t *data, size_t n, int64_t backstop, int intrFd,
                            bool *crashed, char **msg, bool *intr) {
    *crashed = false;
    *msg = NULL;
    *intr = false;
    fuzz_sharedMem_setValue(mem, data, n);
    sharedMemHeader *hdr = fuzz_sharedMem_header(mem);
    hdr->count = 0;
    hdr->rawInMem = false;
    hdr->hung = false;
    hdr->engineFailed = false;

    pid_t pid;
    int inFd, outFd, errFd;
    go_error *err = spawn(binPath, args, env, mem->fd, true, &pid, &inFd, &outFd, &errFd);
    if (err != NULL) {
        return err;
    }
    int pidFd = fuzz_processFd(pid);
    // The ping, then the value run once; closing fuzz_in then ends the
    // process once it has answered both.
    fuzzCall ping = { .kind = callPing };
    fuzzCall run = { .kind = callFuzz };
    run.Fuzz.Warmup = true;
    size_t n1, n2;
    char *m1 = fuzz_encodeCall(&ping, &n1);
    char *m2 = fuzz_encodeCall(&run, &n2);
    go_error_free(writeAll(inFd, m1, n1));
    go_error_free(writeAll(inFd, m2, n2)); // a failed write shows as EOF
    free(m1);
    free(m2);
    close(inFd);

    // Count the answers (lines) until the process closes fuzz_out.
    int answers = 0;
    bool killed = false;
    tailBuf tail = { 0 };
    int64_t deadline = time_now() + backstop;
    bool ended = false;
    while (outFd >= 0) {
        struct pollfd pfd[4];
        nfds_t np = 0;
        pfd[np++] = (struct pollfd){ outFd, POLLIN, 0 };
        if (intrFd >= 0) {
            pfd[np++] = (struct pollfd){ intrFd, POLLIN, 0 };
        }
        // ctest: the process's end, for a child of it may hold the pipe.
        size_t pidAt = np;
        pfd[np++] = (struct pollfd){ pidFd, POLLIN, 0 };
        if (errFd >= 0) {
            pfd[np++] = (struct pollfd){ errFd, POLLIN, 0 };
        }
        int64_t left = deadline - time_now();
        int r = poll(pfd, np, left > 0 ? (int)(left / 1000000) + 1 : 0);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r == 0 && time_now() >= deadline) {
            // Neither a crash nor the worker's watchdog: give up on it.
            kill(pid, SIGKILL);
            killed = true;
            break;
        }
        if (intrFd >= 0 && pfd[1].revents != 0) {
            kill(pid, SIGKILL);
            killed = true;
            *intr = true;
            break;
        }
        if (errFd >= 0 && pfd[np - 1].revents != 0 && readTail(errFd, &tail)) {
            close(errFd);
            errFd = -1;
        }
        if (pfd[pidAt].revents != 0) {
            ended = true; // read what is left, then stop at EAGAIN
        }
        if (pfd[0].revents != 0 || ended) {
            char buf[4096];
            ssize_t got = read(outFd, buf, sizeof buf);
            if (got > 0) {
                for (ssize_t i = 0; i < got; i++) {
                    answers += buf[i] == '\n';
                }
            } else if (got == 0 || (errno != EINTR && errno != EAGAIN) || ended) {
                close(outFd);
                outFd = -1;
            }
        }
    }
    if (pidFd >= 0) {
        close(pidFd);
    }
    if (outFd >= 0) {
        close(outFd);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (errFd >= 0) {
        readTail(errFd, &tail);
        close(errFd);
    }
    if (killed) {
        free(tail.data);
        return NULL;
    }
    if (answers == 0) {
        // The process ended before it could fuzz: minimizing cannot go on.
        char *s = fuzz_exitStatusString(status);
        char *m = withStderr(runtime_sprintf("fuzzing process terminated without fuzzing: %s", s),
                             &tail);
        free(s);
        err = errors_New(m);
        free(m);
        free(tail.data);
        return err;
    }
    if (hdr->engineFailed) {
        // ctest: the candidate's engine failed: an internal error.
        char *m = exitMsg("fuzzing process failed", status, &tail);
        err = fuzz_newInternalError(m);
        free(m);
        free(tail.data);
        return err;
    }
    if (answers == 1 && !hdr->hung && !fuzz_isInterruptStatus(status) &&
        !(WIFSIGNALED(status) && !fuzz_isCrashSignal(WTERMSIG(status)))) {
        // It ended during the call: the same kind of failure as the crash
        // being minimized.
        *crashed = true;
        *msg = exitMsg("fuzzing process hung or terminated unexpectedly", status, &tail);
    }
    free(tail.data);
    return NULL;
}
