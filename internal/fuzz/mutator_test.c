// Tests mutator.c against go1.19.8's mutator.go: every row of
// golden/vectors/mutator/mutate.txt (Go's results), and ports of
// mutator_test.go.
//
// Not ported: BenchmarkMutatorBytes, BenchmarkMutatorString,
// BenchmarkMutatorAllBasicTypes: ctest's testing has no benchmarks.
//
#include "internal/fuzz/mutator.h"
#include "internal/fuzz/mutator_vectors_test.h"
#include "internal/fuzz/pcg.h"

enum { maxVecMutators = 4096, maxVecValues = 8 };

// TestMutate replays mutate.txt: from each saved PRNG state, k calls of
// mutate on the input values must leave Go's values and Go's state. Rows
// with one mutator id share a mutator, as in the generator, so the scratch
// buffer's capacity carries over as Go's does.
void TestMutate(T *t) {
    vecFile f;
    vecFile_open(t, &f, "mutate.txt");
    mutator **ms = runtime_calloc(maxVecMutators, sizeof *ms);
    char *fld[8 + 2 * maxVecValues];
    int n, rows = 0, failures = 0;
    while ((n = vecFile_next(&f, fld, 8 + 2 * maxVecValues)) >= 0) {
        if (n < 8 || strcmp(fld[0], "M") != 0) {
            continue;
        }
        rows++;
        size_t id = (size_t)vecU64(fld[1]);
        uint64_t state = vecU64(fld[2]), inc = vecU64(fld[3]);
        go_int maxBytes = vecI64(fld[4]);
        int k = (int)vecI64(fld[5]);
        size_t nv = (size_t)vecU64(fld[6]);
        if (id >= maxVecMutators || nv > maxVecValues || n != 8 + 2 * (int)nv) {
            t_fatalf(t, "mutate.txt:%d: malformed row", f.lineno);
        }
        if (ms[id] == NULL) {
            ms[id] = runtime_calloc(1, sizeof(mutator));
        }
        mutator *m = ms[id];
        go_value in[maxVecValues], vals[maxVecValues];
        for (size_t i = 0; i < nv; i++) {
            if (!vecParseValue(fld[7 + i], &in[i])) {
                t_fatalf(t, "mutate.txt:%d: bad value %s", f.lineno, fld[7 + i]);
            }
            vals[i] = in[i];
        }
        fuzz_pcgRand_restore(&m->r, state, inc);
        for (int i = 0; i < k; i++) {
            fuzz_mutator_mutate(m, vals, nv, maxBytes);
        }
        for (size_t i = 0; i < nv; i++) {
            char *got = vecFormatValue(&vals[i]);
            const char *want = fld[7 + nv + i];
            if (strcmp(got, want) != 0 && failures++ < 20) {
                t_errorf(t, "mutate.txt:%d: value %zu after %d mutations: got %s, want %s",
                         f.lineno, i, k, got, want);
            }
            free(got);
        }
        uint64_t gotState, gotInc;
        fuzz_pcgRand_save(&m->r, &gotState, &gotInc);
        if (gotState != vecU64(fld[7 + 2 * nv]) && failures++ < 20) {
            t_errorf(t, "mutate.txt:%d: state after: got %" PRIu64 ", want %s", f.lineno, gotState,
                     fld[7 + 2 * nv]);
        }
        for (size_t i = 0; i < nv; i++) {
            vecFreeValue(&in[i]);
        }
    }
    for (size_t i = 0; i < maxVecMutators; i++) {
        fuzz_mutator_free(ms[i]);
    }
    free(ms);
    vecFile_close(&f);
    if (rows < 2000) {
        t_errorf(t, "mutate.txt: got %d rows, want at least 2000", rows);
    }
}

// TestStringImmutability ports Go's test: mutating a string value never
// writes to the string's bytes.
// ctest: Go's string results are new strings each time; here a result lives
// in the mutator's buffer for its value index until the next mutation of
// that index (no allocation per mutation), so the check is on the caller's
// original, which mutate must never write.
void TestStringImmutability(T *t) {
    char original[] = "hello";
    char originalCopy[sizeof original];
    memcpy(originalCopy, original, sizeof original);
    go_value v[] = { GO_STRING_N(original, 5) };
    mutator *m = fuzz_newMutator();
    fuzz_mutator_mutate(m, v, 1, 1024);
    for (int i = 0; i < 25; i++) {
        fuzz_mutator_mutate(m, v, 1, 1024);
    }
    if (memcmp(original, originalCopy, sizeof original) != 0) {
        t_fatalf(t, "string was mutated: got %s, want %s", original, originalCopy);
    }
    fuzz_mutator_free(m);
}

static void mutateTooLong(void *arg) {
    (void)arg;
    static const uint8_t buf[200];
    go_value v[] = { GO_BYTES_N(buf, sizeof buf) };
    mutator *m = fuzz_newMutator();
    fuzz_mutator_mutate(m, v, 1, 250); // maxPerVal is 150
}

// TestMutateTooLong checks mutate's panic on a value longer than its share
// of maxBytes, with Go's text.
void TestMutateTooLong(T *t) {
    char *msg = vecPanic(mutateTooLong, NULL);
    const char *want = "cannot mutate bytes of length 200";
    if (msg == NULL || strcmp(msg, want) != 0) {
        t_errorf(t, "got panic %s, want %s", msg ? msg : "none", want);
    }
    free(msg);
}

// TestMutateNoAllocation checks the worker's steady state: once the scratch
// buffers have grown, mutating []byte and string values keeps them where
// they are (Go's mutateBytes panics "data moved to new address" otherwise).
void TestMutateNoAllocation(T *t) {
    mutator *m = fuzz_newMutator();
    go_value v[] = { GO_BYTES("abc"), GO_STRING("xyz") };
    // The steady state: both buffers allocated. Which value each mutation
    // picks is random, and a string mutated to "" gets no buffer yet, so
    // mutate until both have one.
    for (int i = 0; i < 1000 && (m->scratch.ptr == NULL || m->nstrs < 2 || m->strs[1].ptr == NULL);
         i++) {
        fuzz_mutator_mutate(m, v, 2, 1 << 12);
    }
    if (m->scratch.ptr == NULL || m->nstrs < 2 || m->strs[1].ptr == NULL) {
        t_fatalf(t, "the buffers were not allocated after 1000 mutations");
    }
    uint8_t *scratch = m->scratch.ptr;
    uint8_t *str1 = m->strs[1].ptr;
    for (int i = 0; i < 1000; i++) {
        fuzz_mutator_mutate(m, v, 2, 1 << 12);
    }
    if (m->scratch.ptr != scratch) {
        t_errorf(t, "scratch moved: got %p, want %p", (void *)m->scratch.ptr, (void *)scratch);
    }
    if (m->strs[1].ptr != str1) {
        t_errorf(t, "string buffer moved: got %p, want %p", (void *)m->strs[1].ptr, (void *)str1);
    }
    fuzz_mutator_free(m);
}

// TestMutationMaxBytes checks the length control of -test.fuzzcmp (ctest's
// own): Go's limit without it; with it, twice the input's bytes per value
// (at least lenControlMin, or the coordinator's maxLen when that is more,
// up to lenControlMax) plus mutate's reserve of 100 bytes a value, never
// above the limit.
void TestMutationMaxBytes(T *t) {
    bool saved = fuzz_UseCmp;
    go_value vals[] = { GO_BYTES("0123456789"), GO_INT(3),
                        GO_STRING("abcdefghijklmnopqrstuvwxyz0123456789abcdefghij") };
    static const struct {
        bool cmp;
        size_t n;
        go_int limit, want;
        int64_t maxLen;
    } tests[] = {
        { false, 3, 100 << 20, 100 << 20, 0 },
        { false, 3, 100 << 20, 100 << 20, 300 },
        { true, 1, 100 << 20, lenControlMin + 100, 0 },  // 10 bytes: the minimum
        { true, 3, 100 << 20, (2 * 56 + 100) * 3, 0 },   // 56 bytes in all
        { true, 3, 500, 500, 0 },                        // never above the limit
        { true, 0, 100 << 20, lenControlMin + 100, 0 },  // no values
        { true, 1, 100 << 20, 300 + 100, 300 },          // maxLen above the rest
        { true, 3, 100 << 20, (2 * 56 + 100) * 3, 100 }, // maxLen below twice the input
        { true, 1, 100 << 20, lenControlMin + 100, lenControlMax + 1 }, // absurd: ignored
        { true, 1, 100 << 20, lenControlMin + 100, -5 },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        fuzz_UseCmp = tests[i].cmp;
        go_int got = fuzz_mutationMaxBytes(vals, tests[i].n, tests[i].limit, tests[i].maxLen);
        if (got != tests[i].want) {
            t_errorf(t, "row %zu: fuzz_mutationMaxBytes = %" PRId64 ", want %" PRId64, i, got,
                     tests[i].want);
        }
    }
    fuzz_UseCmp = saved;
}

// TestLenControl checks the growth of the coordinator's maxLen: from the
// largest input (at least 4, at most lenControlMax), by log2(maxLen) bytes
// for each 100 * log2(maxLen) executions without new coverage.
void TestLenControl(T *t) {
    lenControl lc;
    fuzz_lenControl_start(&lc, 0);
    if (lc.maxLen != 4) {
        t_errorf(t, "start(0): maxLen %" PRId64 ", want 4", lc.maxLen);
    }
    fuzz_lenControl_start(&lc, 1 << 20);
    if (lc.maxLen != lenControlMax) {
        t_errorf(t, "start(1 MiB): maxLen %" PRId64 ", want %d", lc.maxLen, lenControlMax);
    }
    fuzz_lenControl_start(&lc, 64);
    fuzz_lenControl_ran(&lc, 600, false); // log2(64) = 6: not past 600 yet
    if (lc.maxLen != 64) {
        t_errorf(t, "after 600 executions: maxLen %" PRId64 ", want 64", lc.maxLen);
    }
    fuzz_lenControl_ran(&lc, 1, false);
    if (lc.maxLen != 70 || lc.stalled != 1) {
        t_errorf(t, "after 601: maxLen %" PRId64 ", stalled %" PRId64 ", want 70, 1", lc.maxLen,
                 lc.stalled);
    }
    fuzz_lenControl_ran(&lc, 1000, true);
    if (lc.maxLen != 70 || lc.stalled != 0) {
        t_errorf(t, "new coverage: maxLen %" PRId64 ", stalled %" PRId64 ", want 70, 0", lc.maxLen,
                 lc.stalled);
    }
    // 70, 76, 82, ...: one call of 5000 executions catches up several steps.
    fuzz_lenControl_ran(&lc, 5000, false);
    if (lc.maxLen <= 100 || lc.maxLen >= 200) {
        t_errorf(t, "after 5000 more: maxLen %" PRId64 ", want between 100 and 200", lc.maxLen);
    }
    fuzz_lenControl_ran(&lc, (int64_t)1 << 40, false);
    if (lc.maxLen != lenControlMax) {
        t_errorf(t, "after 2^40 more: maxLen %" PRId64 ", want %d", lc.maxLen, lenControlMax);
    }
}

// TestMutateShrunkLimit checks a chain of mutations under a smaller limit
// than the previous call's, as the length control gives a short input after
// a long one: no value may outgrow the new share, so no chain panics. The
// scratch buffer left large by the long input once let values grow past it.
void TestMutateShrunkLimit(T *t) {
    static uint8_t big[600];
    mutator *m = fuzz_newMutator();
    go_value first[] = { GO_BYTES_N(big, sizeof big) };
    fuzz_mutator_mutate(m, first, 1, 1300); // maxPerVal 1200
    for (int call = 0; call < 2000; call++) {
        go_value v[] = { GO_BYTES("abc") };
        for (int i = 0; i < 5; i++) {          // one chain: chainedMutations
            fuzz_mutator_mutate(m, v, 1, 164); // maxPerVal 64
            if (v[0].v.bytes.len > 64) {
                t_fatalf(t, "call %d, mutation %d: value grew to %zu bytes, limit 64", call, i,
                         v[0].v.bytes.len);
            }
        }
    }
    fuzz_mutator_free(m);
}

// TestCrossover checks the crossover pool (ctest's own, -test.fuzzcmp):
// mutations splice in bytes of remembered inputs, stay within the value's
// cap, and two mutators that start alike and remember the same inputs make
// the same mutations, as the coordinator's replay of a worker needs.
void TestCrossover(T *t) {
    mutator *a = fuzz_newMutator(), *b = fuzz_newMutator();
    a->pool = fuzz_crossPool_new();
    b->pool = fuzz_crossPool_new();
    b->r = a->r;
    go_value partner[] = { GO_BYTES("<partner-tag attr='zzz'>") };
    fuzz_crossPool_remember(a->pool, partner, 1);
    fuzz_crossPool_remember(b->pool, partner, 1);
    int spliced = 0;
    for (int i = 0; i < 2000; i++) {
        go_value va[] = { GO_BYTES("abcdefgh") }, vb[] = { GO_BYTES("abcdefgh") };
        fuzz_mutator_mutate(a, va, 1, 200);
        fuzz_mutator_mutate(b, vb, 1, 200);
        if (va[0].v.bytes.len != vb[0].v.bytes.len ||
            memcmp(va[0].v.bytes.ptr, vb[0].v.bytes.ptr, va[0].v.bytes.len) != 0) {
            t_fatalf(t, "mutation %d differs between two mutators alike", i);
        }
        if (va[0].v.bytes.len > 100) { // maxPerVal is 200 - 100
            t_fatalf(t, "mutation %d: %zu bytes, over the limit of 100", i, va[0].v.bytes.len);
        }
        if (containsBytes(va[0].v.bytes, "zzz", 3) || containsBytes(va[0].v.bytes, "-tag", 4)) {
            spliced++;
        }
    }
    // One mutation in crossChance (8) is a crossover; "zzz" or "-tag" is
    // in a good share of them.
    if (spliced < 20) {
        t_errorf(t, "got %d mutations with the partner's bytes in 2000, want at least 20", spliced);
    }
    fuzz_mutator_free(a);
    fuzz_mutator_free(b);
}
