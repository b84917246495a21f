// Ports go1.19.8 src/internal/fuzz/minimize_test.go's tests of
// workerServer.minimizeInput (worker.go): the error each minimized value
// reports, and TestMinimizeFlaky. worker_test.go holds only benchmarks.
//
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/coverage.h"
#include "internal/fuzz/mem.h"
#include "internal/fuzz/mutator.h"
#include "internal/fuzz/mutator_vectors_test.h"
#include "internal/fuzz/rpc.h"
#include "internal/fuzz/trace.h"
#include "internal/fuzz/value.h"
#include "internal/fuzz/worker_server.h"
#include "testing/testing.h"

// testFn is a fuzz function of one []byte or string value.
typedef bool (*testFn)(const uint8_t *b, size_t n);

typedef struct fnCtx {
    testFn fn;
    char msg[512]; // "bad %v" of the failing value
} fnCtx;

// formatValue is fmt's %v of a []byte ("[1 1 1]") or a string.
static void formatValue(char *buf, size_t size, const go_value *v) {
    if (v->kind == GO_STRING) {
        snprintf(buf, size, "bad %.*s", (int)v->v.str.len, v->v.str.ptr);
        return;
    }
    size_t o = (size_t)snprintf(buf, size, "bad [");
    for (size_t i = 0; i < v->v.bytes.len && o < size; i++) {
        o += (size_t)snprintf(buf + o, size - o, i > 0 ? " %u" : "%u", v->v.bytes.ptr[i]);
    }
    if (o < size) {
        snprintf(buf + o, size - o, "]");
    }
}

// testServer is a worker server on mem that runs fn with ctx, with no
// mutator (a test sets ws.m when it fuzzes).
static workerServer testServer(sharedMem *mem, fuzz_fuzzFn fn, void *ctx) {
    workerServer ws;
    memset(&ws, 0, sizeof ws);
    ws.mem = mem;
    ws.fn = fn;
    ws.fnCtx = ctx;
    return ws;
}

static const char *runFn(void *p, const go_value *vals, size_t n) {
    fnCtx *c = p;
    (void)n;
    const uint8_t *b =
            vals[0].kind == GO_STRING ? (const uint8_t *)vals[0].v.str.ptr : vals[0].v.bytes.ptr;
    size_t len = vals[0].kind == GO_STRING ? vals[0].v.str.len : vals[0].v.bytes.len;
    if (!c->fn(b, len)) {
        return NULL;
    }
    formatValue(c->msg, sizeof c->msg, &vals[0]);
    return c->msg;
}

static bool onesFail(const uint8_t *b, size_t n, uint8_t one) {
    int ones = 0;
    for (size_t i = 0; i < n; i++) {
        if (b[i] == one) {
            ones++;
        }
    }
    return ones == 3;
}

static bool onesByte(const uint8_t *b, size_t n) {
    return onesFail(b, n, 1);
}

static bool onesString(const uint8_t *b, size_t n) {
    return onesFail(b, n, '1');
}

static bool stringLength(const uint8_t *b, size_t n) {
    (void)b;
    return n == 5;
}

static bool alwaysFails(const uint8_t *b, size_t n) {
    (void)b;
    (void)n;
    return true;
}

// newMem is Go's &sharedMem{region: make([]byte, 100)}: memory of our own,
// big enough to hold the value and the header.
static sharedMem newMem(uint8_t *region, size_t size) {
    memset(region, 0, size);
    return (sharedMem){ -1, NULL, region, size, false };
}

// TestMinimizeInputWorker checks what minimize_test.c leaves to the worker:
// the error TestMinimizeInput expects ("bad [1 1 1]") and the value left in
// shared memory, for Go's rows that report their value.
void TestMinimizeInputWorker(T *t) {
    static const struct {
        const char *name;
        testFn fn;
        go_kind kind;
        const char *input;
        size_t inputLen;
        const char *expected;
        size_t expectedLen;
        const char *err;
    } cases[] = {
        { "ones_byte", onesByte, GO_BYTES,
          "\x00\x00\x01\x00\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
          27, "\x01\x01\x01", 3, "bad [1 1 1]" },
        { "ones_string", onesString, GO_STRING, "001010001000000000000000000", 27, "111", 3,
          "bad 111" },
        { "string_length", stringLength, GO_STRING, "zzzzz", 5, "00000", 5, "bad 00000" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        _Alignas(8) uint8_t region[sizeof(sharedMemHeader) + 512];
        sharedMem mem = newMem(region, sizeof region);
        go_value in = { .kind = cases[i].kind };
        if (cases[i].kind == GO_STRING) {
            in.v.str = (go_string){ cases[i].input, cases[i].inputLen };
        } else {
            in.v.bytes = (go_bytes){ (const uint8_t *)cases[i].input, cases[i].inputLen };
        }
        uint8_t *data;
        size_t dataLen;
        fuzz_marshalCorpusFile(&in, 1, &data, &dataLen);
        fuzz_sharedMem_setValue(&mem, data, dataLen);
        free(data);

        fnCtx ctx = { cases[i].fn, "" };
        workerServer ws = testServer(&mem, runFn, &ctx);
        minimizeArgs args = { 0 };
        minimizeResponse resp;
        fuzz_workerServer_minimize(&ws, &args, &resp);
        if (!resp.WroteToMem) {
            t_errorf(t, "%s: minimizeInput did not succeed", cases[i].name);
        }
        if (resp.Err == NULL) {
            t_errorf(t, "%s: minimizeInput didn't provide an error", cases[i].name);
        } else if (strcmp(resp.Err, cases[i].err) != 0) {
            t_errorf(t, "%s: unexpected error: got %s, want %s", cases[i].name, resp.Err,
                     cases[i].err);
        }
        go_value want = in;
        if (cases[i].kind == GO_STRING) {
            want.v.str = (go_string){ cases[i].expected, cases[i].expectedLen };
        } else {
            want.v.bytes = (go_bytes){ (const uint8_t *)cases[i].expected, cases[i].expectedLen };
        }
        fuzz_marshalCorpusFile(&want, 1, &data, &dataLen);
        go_bytes got = fuzz_sharedMem_valueRef(&mem);
        if (got.len != dataLen || memcmp(got.ptr, data, dataLen) != 0) {
            t_errorf(t, "%s: unexpected results: got %.*s, want %.*s", cases[i].name, (int)got.len,
                     (const char *)got.ptr, (int)dataLen, (const char *)data);
        }
        free(data);
        fuzz_minimizeResponse_clear(&resp);
    }
}

// TestMinimizeFlaky: an interesting input whose minimization meets a
// failure that does not come again is not minimized, and the failure,
// a flake, is not reported.
void TestMinimizeFlaky(T *t) {
    _Alignas(8) uint8_t region[sizeof(sharedMemHeader) + 512];
    sharedMem mem = newMem(region, sizeof region);
    go_value in = { .kind = GO_BYTES };
    uint8_t *data;
    size_t dataLen;
    fuzz_marshalCorpusFile(&in, 1, &data, &dataLen);
    fuzz_sharedMem_setValue(&mem, data, dataLen);
    free(data);

    fnCtx ctx = { alwaysFails, "" };
    workerServer ws = testServer(&mem, runFn, &ctx);
    minimizeArgs args = { 0 };
    // make([]byte, len(coverageSnapshot)): not nil, even when empty.
    args.KeepCoverage = fuzz_byteSlice_copy(
            fuzz_coverageSnapshot.ptr != NULL ? fuzz_coverageSnapshot.ptr : (const uint8_t *)"",
            fuzz_coverageSnapshot.len);
    memset(args.KeepCoverage.ptr, 0, args.KeepCoverage.len);
    minimizeResponse resp;
    fuzz_workerServer_minimize(&ws, &args, &resp);
    if (resp.WroteToMem) {
        t_error(t, "unexpected success");
    }
    if (resp.Err != NULL) {
        t_errorf(t, "unexpected error: %s", resp.Err);
    }
    int64_t count = fuzz_sharedMem_header(&mem)->count;
    if (count != 1) {
        t_errorf(t, "count: got %lld, want 1", (long long)count);
    }
    fuzz_byteSlice_free(&args.KeepCoverage);
    fuzz_minimizeResponse_clear(&resp);
}

static const char *nopFn(void *p, const go_value *vals, size_t n) {
    (void)p;
    (void)vals;
    (void)n;
    return NULL;
}

// TestFuzzNoAllocation checks the worker's fuzz loop: the allocations of
// one fuzz call do not depend on how many values it tests (none per
// execution). ctest: not in Go.
void TestFuzzNoAllocation(T *t) {
    static uint8_t region[64 << 10];
    sharedMem mem = newMem(region, sizeof region);
    go_value in[] = { GO_BYTES("abc"), GO_STRING("xyz"), GO_INT(7) };
    uint8_t *data;
    size_t dataLen;
    fuzz_marshalCorpusFile(in, 3, &data, &dataLen);
    fuzz_sharedMem_setValue(&mem, data, dataLen);
    free(data);

    workerServer ws = testServer(&mem, nopFn, NULL);
    ws.m = fuzz_newMutator();
    uint64_t allocs[3];
    int64_t limits[3] = { 100, 100, 20100 };
    for (int i = 0; i < 3; i++) {
        fuzz_sharedMem_header(&mem)->count = 0;
        fuzzArgs args = { .Limit = limits[i] };
        fuzzResponse resp;
        uint64_t before = runtime_Mallocs();
        fuzz_workerServer_fuzz(&ws, &args, &resp);
        allocs[i] = runtime_Mallocs() - before;
        if (resp.Count != limits[i] || resp.Err != NULL || resp.InternalErr != NULL) {
            t_fatalf(t, "fuzz call %d: got count %lld, err %s, internal err %s, want %lld", i,
                     (long long)resp.Count, resp.Err ? resp.Err : "nil",
                     resp.InternalErr ? resp.InternalErr : "nil", (long long)limits[i]);
        }
        fuzz_fuzzResponse_clear(&resp);
    }
    // The first call grows the mutator's buffers; then each call allocates
    // the same, whatever its count.
    if (allocs[2] != allocs[1]) {
        t_errorf(t, "allocations of a fuzz call of %lld values: got %llu, want %llu (as for %lld)",
                 (long long)limits[2], (unsigned long long)allocs[2], (unsigned long long)allocs[1],
                 (long long)limits[1]);
    }
    fuzz_mutator_free(ws.m);
}

static void callValueRef(void *arg) {
    fuzz_sharedMem_valueRef(arg);
}

// TestSharedMemValueLength: a value length out of the shared memory's
// range (left by a dying process, or written by a fuzz function out of
// bounds) is a panic with what was found, which the engine reports as its
// own error, not a read past the mapping (once a segmentation fault
// taken for a stack overflow).
void TestSharedMemValueLength(T *t) {
    _Alignas(8) uint8_t region[sizeof(sharedMemHeader) + 64];
    sharedMem mem = newMem(region, sizeof region);
    size_t cap = fuzz_sharedMem_valueCap(&mem);
    static const go_int bad[] = { -1, 65, INT64_MAX, INT64_MIN };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fuzz_sharedMem_header(&mem)->valueLen = bad[i] == 65 ? (go_int)cap + 1 : bad[i];
        char *msg = vecPanic(callValueRef, &mem);
        if (msg == NULL || strstr(msg, "shared memory holds a value length of") == NULL) {
            t_errorf(t, "length %lld: got panic %s, want one that names the length",
                     (long long)fuzz_sharedMem_header(&mem)->valueLen, msg ? msg : "none");
        }
        free(msg);
    }
    fuzz_sharedMem_header(&mem)->valueLen = (go_int)cap;
    if (fuzz_sharedMem_valueRef(&mem).len != cap) {
        t_errorf(t, "a full value: got length %zu, want %zu", fuzz_sharedMem_valueRef(&mem).len,
                 cap);
    }
}

static bool isBad(const uint8_t *b, size_t n) {
    return n == 3 && memcmp(b, "bad", 3) == 0;
}

// setBatch lays the n values out in mem as a warm-up batch does: each
// marshaled and after its length (4 bytes, little-endian); drop leaves out
// the last record's bytes but its length.
static void setBatch(sharedMem *mem, const char *const *vals, size_t n, bool drop) {
    uint8_t buf[1024];
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        go_value v = GO_BYTES_N(vals[i], strlen(vals[i]));
        uint8_t *data;
        size_t len;
        fuzz_marshalCorpusFile(&v, 1, &data, &len);
        fuzz_putLE32(buf + o, (uint32_t)len);
        memcpy(buf + o + 4, data, len);
        o += 4 + (drop && i == n - 1 ? 0 : len);
        free(data);
    }
    fuzz_sharedMem_setValue(mem, buf, o);
}

// TestFuzzWarmupBatch: a warm-up call of several values (fuzzArgs.Batch,
// ctest's) runs them in order until one fails: a result for each before
// it, the failure's message, and the count of values started, which tells
// the coordinator which one it was. A layout that does not hold the
// values announced is an internal error, and nothing runs.
void TestFuzzWarmupBatch(T *t) {
    static uint8_t region[64 << 10];
    sharedMem mem = newMem(region, sizeof region);
    fnCtx ctx = { isBad, { 0 } };
    workerServer ws = testServer(&mem, runFn, &ctx);
    ws.m = fuzz_newMutator();
    static const char *const vals[] = { "a", "bb", "bad", "c" };
    static const struct {
        size_t n;
        bool drop;
        int64_t batch, wantCount;
        size_t wantResults;
        const char *wantErr, *wantInternal;
    } tests[] = {
        { 2, false, 2, 2, 2, NULL, NULL },
        { 4, false, 4, 3, 2, "bad [98 97 100]", NULL },
        { 4, false, 3, 0, 0, NULL, "malformed warm-up batch: 3 values announced in" },
        { 2, true, 2, 0, 0, NULL, "malformed warm-up batch: 2 values announced in" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        setBatch(&mem, vals, tests[i].n, tests[i].drop);
        fuzz_sharedMem_header(&mem)->count = 0;
        fuzzArgs args = { .Warmup = true, .Limit = tests[i].batch, .Batch = tests[i].batch };
        fuzzResponse resp;
        fuzz_workerServer_fuzz(&ws, &args, &resp);
        const char *err = resp.Err != NULL ? resp.Err : "", *ierr = resp.InternalErr;
        if (fuzz_sharedMem_header(&mem)->count != tests[i].wantCount ||
            resp.NBatch != tests[i].wantResults ||
            strcmp(err, tests[i].wantErr != NULL ? tests[i].wantErr : "") != 0 ||
            (ierr == NULL) != (tests[i].wantInternal == NULL) ||
            (ierr != NULL &&
             strncmp(ierr, tests[i].wantInternal, strlen(tests[i].wantInternal)) != 0)) {
            t_errorf(
                    t,
                    "batch %zu: count %lld, %zu results, err \"%s\", internal err \"%s\"; want %lld, %zu, \"%s\", \"%s\"",
                    i, (long long)fuzz_sharedMem_header(&mem)->count, resp.NBatch, err,
                    ierr != NULL ? ierr : "", (long long)tests[i].wantCount, tests[i].wantResults,
                    tests[i].wantErr != NULL ? tests[i].wantErr : "",
                    tests[i].wantInternal != NULL ? tests[i].wantInternal : "");
        }
        fuzz_fuzzResponse_clear(&resp);
    }
    fuzz_mutator_free(ws.m);
}

// traceCtx is tracingFn's: how many comparisons of each kind a run makes,
// and what it saw.
typedef struct traceCtx {
    int ints, words;  // per run; as many bytes as ints
    int runs, traced; // runs, and runs with the hooks on
    int intsFilled;   // runs that filled the integer table
} traceCtx;

// tracingFn is a fuzz function that, as the testing package's run does,
// resets and snapshots the coverage around its body, and compares distinct
// integers, bytes and strings.
static const char *tracingFn(void *p, const go_value *vals, size_t n) {
    traceCtx *c = p;
    (void)vals;
    (void)n;
    fuzz_ResetCoverage();
    c->runs++;
    c->traced += fuzz_cmpTracing;
    for (int i = 0; i < c->ints; i++) {
        __sanitizer_cov_trace_const_cmp4((uint32_t)i + 1000, (uint32_t)c->runs);
        __sanitizer_cov_trace_const_cmp1((uint8_t)('a' + i % 26), (uint8_t)i);
        __sanitizer_cov_trace_const_cmp1((uint8_t)('A' + i % 26), (uint8_t)i);
    }
    for (int i = 0; i < c->words; i++) {
        char s[16];
        snprintf(s, sizeof s, "word%d", i);
        fuzz_cmpRecordWord(s, strlen(s), "x", 1);
    }
    c->intsFilled += (fuzz_cmpRunFilled() & cmpTableInts) != 0;
    fuzz_SnapshotCoverage();
    return NULL;
}

// TestFuzzSampledTracing: a comparison table that one run fills by itself
// keeps nothing of the runs before it in the snapshot the mutator reads,
// so the worker records to it only in the run before each snapshot (every
// chainedMutations runs) while that holds; a table that runs do not fill
// is recorded to in every run. Either way the snapshot holds the last
// run's comparisons. ctest: Go's hooks record nothing.
void TestFuzzSampledTracing(T *t) {
    static uint8_t region[64 << 10];
    sharedMem mem = newMem(region, sizeof region);
    go_value in = GO_BYTES("abc");
    uint8_t *data;
    size_t dataLen;
    fuzz_marshalCorpusFile(&in, 1, &data, &dataLen);
    enum { limit = 100, chains = 1 + limit / chainedMutations };
    struct {
        int ints, words, wantTraced, wantIntsFilled;
    } cases[] = {
        { 2, 2, limit, 0 },                                    // no table fills
        { cmpIntTableSize, cmpWordTableSize, chains, chains }, // all fill
        { cmpIntTableSize, 1, limit, chains },                 // words do not
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fuzz_sharedMem_setValue(&mem, data, dataLen);
        fuzz_sharedMem_header(&mem)->count = 0;
        fuzz_cmpResetTables();
        traceCtx ctx = { .ints = cases[i].ints, .words = cases[i].words };
        workerServer ws = testServer(&mem, tracingFn, &ctx);
        ws.m = fuzz_newMutator();
        ws.m->dict = &fuzz_sharedMem_header(&mem)->cmpDict;
        fuzzArgs args = { .Limit = limit };
        fuzzResponse resp;
        fuzz_workerServer_fuzz(&ws, &args, &resp);
        if (resp.Count != limit || resp.Err != NULL || resp.InternalErr != NULL) {
            t_fatalf(t, "case %zu: got count %lld, err %s, internal err %s, want %d", i,
                     (long long)resp.Count, resp.Err ? resp.Err : "nil",
                     resp.InternalErr ? resp.InternalErr : "nil", limit);
        }
        if (ctx.runs != limit || ctx.traced != cases[i].wantTraced ||
            ctx.intsFilled != cases[i].wantIntsFilled) {
            t_errorf(t,
                     "case %zu: of %d runs, got %d traced and %d filling the integer table, "
                     "want %d and %d",
                     i, ctx.runs, ctx.traced, ctx.intsFilled, cases[i].wantTraced,
                     cases[i].wantIntsFilled);
        }
        // The last run ends a chain, so it recorded to every table: its
        // comparisons are in them.
        cmpDict d;
        memset(&d, 0, sizeof d);
        fuzz_cmpSnapshot(&d);
        bool found = false;
        for (uint32_t j = 0; j < d.nints; j++) {
            found = found || d.ints[j].b == limit;
        }
        if (!found) {
            t_errorf(t, "case %zu: the tables hold none of the last run's comparisons", i);
        }
        fuzz_fuzzResponse_clear(&resp);
        fuzz_mutator_free(ws.m);
    }
    free(data);
}
