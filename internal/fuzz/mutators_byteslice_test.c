// Tests mutators_byteslice.c against go1.19.8's mutators_byteslice.go: a
// port of mutators_byteslice_test.go (TestByteSliceMutators, with Go's
// mockRand) and every row of golden/vectors/mutator/byteslice.txt.
//
#include "internal/fuzz/mutator.h"
#include "internal/fuzz/mutator_vectors_test.h"
#include "internal/fuzz/pcg.h"
#include "internal/fuzz/value.h"

// mockRand is Go's: intn returns the next scripted value mod n, bool
// alternates starting with false.
typedef struct mockRand {
    const go_int *values;
    size_t counter;
    bool b;
} mockRand;

static go_int mockRand_intn(void *self, go_int n) {
    mockRand *mr = self;
    go_int c = mr->values[mr->counter];
    mr->counter++;
    return c % n;
}

static bool mockRand_bool(void *self) {
    mockRand *mr = self;
    bool b = mr->b;
    mr->b = !mr->b;
    return b;
}

static byteSliceMutator byteSliceMutatorNamed(const char *name) {
    for (size_t i = 0; i < numByteSliceMutators; i++) {
        if (strcmp(fuzz_byteSliceMutators[i].name, name) == 0) {
            return fuzz_byteSliceMutators[i].fn;
        }
    }
    return NULL;
}

// byteSliceCase is one row of Go's table: the input has len bytes and room
// for cap (Go's make/append give the capacities); expected is NULL for Go's
// nil.
typedef struct byteSliceCase {
    const char *name;
    const go_int *randVals; // NULL: Go's default {0, 1, 2, 3, 4, 5}
    size_t nrandVals;
    uint8_t input[8];
    size_t len, cap;
    uint8_t expected[8];
    size_t expectedLen;
} byteSliceCase;

static void runByteSliceCase(T *t, void *arg) {
    const byteSliceCase *tc = arg;
    static const go_int defaultVals[] = { 0, 1, 2, 3, 4, 5 };
    mockRand r = { tc->randVals ? tc->randVals : defaultVals, 0, false };
    mutatorRand mr = { mockRand_intn, mockRand_bool, &r };
    mutator m = { .mock = &mr };
    uint8_t *buf = runtime_calloc(tc->cap, 1);
    memcpy(buf, tc->input, tc->len);
    byteSlice b = { buf, tc->len, tc->cap };
    byteSliceMutator fn = byteSliceMutatorNamed(tc->name);
    if (fn == NULL) {
        t_fatalf(t, "no mutator %s", tc->name);
    }
    bool ok = fn(&m, &b);
    if (!ok || b.len != tc->expectedLen || memcmp(b.ptr, tc->expected, b.len) != 0) {
        char *got = ok ? vecFormatHex(b.ptr, b.len) : runtime_strdup("nil");
        char *want = vecFormatHex(tc->expected, tc->expectedLen);
        t_errorf(t, "got %s, want %s", got, want);
        free(got);
        free(want);
    }
    free(buf);
}

// TestByteSliceMutators ports Go's table, in Go's order.
void TestByteSliceMutators(T *t) {
    static const go_int swapVals[] = { 0, 2, 0, 2 };
    static const byteSliceCase cases[] = {
        { "byteSliceRemoveBytes", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 4 }, 1 },
        { "byteSliceInsertRandomBytes", NULL, 0, { 0 }, 4, 8, { 3, 4, 5, 0, 0, 0, 0 }, 7 },
        { "byteSliceDuplicateBytes",
          NULL,
          0,
          { 1, 2, 3, 4 },
          4,
          13,
          { 1, 1, 2, 3, 4, 2, 3, 4 },
          8 },
        { "byteSliceOverwriteBytes", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 1, 1, 3, 4 }, 4 },
        { "byteSliceBitFlip", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 3, 2, 3, 4 }, 4 },
        { "byteSliceXORByte", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 3, 2, 3, 4 }, 4 },
        { "byteSliceSwapByte", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 2, 1, 3, 4 }, 4 },
        { "byteSliceArithmeticUint8", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 255, 2, 3, 4 }, 4 },
        { "byteSliceArithmeticUint16", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 1, 3, 3, 4 }, 4 },
        { "byteSliceArithmeticUint32", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 2, 2, 3, 4 }, 4 },
        { "byteSliceArithmeticUint64",
          NULL,
          0,
          { 1, 2, 3, 4, 5, 6, 7, 8 },
          8,
          8,
          { 2, 2, 3, 4, 5, 6, 7, 8 },
          8 },
        { "byteSliceOverwriteInterestingUint8",
          NULL,
          0,
          { 1, 2, 3, 4 },
          4,
          4,
          { 255, 2, 3, 4 },
          4 },
        { "byteSliceOverwriteInterestingUint16",
          NULL,
          0,
          { 1, 2, 3, 4 },
          4,
          4,
          { 255, 127, 3, 4 },
          4 },
        { "byteSliceOverwriteInterestingUint32",
          NULL,
          0,
          { 1, 2, 3, 4 },
          4,
          4,
          { 250, 0, 0, 250 },
          4 },
        { "byteSliceInsertConstantBytes",
          NULL,
          0,
          { 1, 2, 3, 4 },
          4,
          8,
          { 3, 3, 3, 1, 2, 3, 4 },
          7 },
        { "byteSliceOverwriteConstantBytes", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 3, 3, 3, 4 }, 4 },
        { "byteSliceShuffleBytes", NULL, 0, { 1, 2, 3, 4 }, 4, 4, { 2, 3, 1, 4 }, 4 },
        { "byteSliceSwapBytes", swapVals, 4, { 1, 2, 3, 4 }, 4, 9, { 3, 2, 1, 4 }, 4 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        t_run(t, cases[i].name, runByteSliceCase, (void *)&cases[i]);
    }
}

// TestByteSliceMutatorVectors replays byteslice.txt: each mutator, from a
// saved PRNG state, on a slice of a given len and cap.
void TestByteSliceMutatorVectors(T *t) {
    vecFile f;
    vecFile_open(t, &f, "byteslice.txt");
    char *fld[10];
    int n, rows = 0, failures = 0;
    int seen[numByteSliceMutators] = { 0 };
    while ((n = vecFile_next(&f, fld, 10)) >= 0) {
        if (n != 8 || strcmp(fld[0], "B") != 0) {
            continue;
        }
        rows++;
        byteSliceMutator fn = NULL;
        for (size_t i = 0; i < numByteSliceMutators; i++) {
            if (strcmp(fuzz_byteSliceMutators[i].name, fld[1]) == 0) {
                fn = fuzz_byteSliceMutators[i].fn;
                seen[i]++;
            }
        }
        if (fn == NULL) {
            t_fatalf(t, "byteslice.txt:%d: no mutator %s", f.lineno, fld[1]);
        }
        mutator m = { 0 };
        fuzz_pcgRand_restore(&m.r, vecU64(fld[2]), vecU64(fld[3]));
        size_t cap = (size_t)vecU64(fld[4]), len;
        uint8_t *buf = vecHex(fld[5], &len, cap);
        byteSlice b = { buf, len, cap };
        bool ok = fn(&m, &b);
        char *got = ok ? vecFormatHex(b.ptr, b.len) : runtime_strdup("nil");
        if (strcmp(got, fld[6]) != 0 && failures++ < 20) {
            t_errorf(t, "byteslice.txt:%d: %s(%s, cap %zu): got %s, want %s", f.lineno, fld[1],
                     fld[5], cap, got, fld[6]);
        }
        if (m.r.state != vecU64(fld[7]) && failures++ < 20) {
            t_errorf(t, "byteslice.txt:%d: %s: state after: got %" PRIu64 ", want %s", f.lineno,
                     fld[1], m.r.state, fld[7]);
        }
        free(got);
        free(buf);
    }
    vecFile_close(&f);
    for (size_t i = 0; i < numByteSliceMutators; i++) {
        if (seen[i] == 0) {
            t_errorf(t, "byteslice.txt: no rows for %s", fuzz_byteSliceMutators[i].name);
        }
    }
    if (rows < 1000) {
        t_errorf(t, "byteslice.txt: got %d rows, want at least 1000", rows);
    }
}

// TestInterestingValues checks the interesting8/16/32 tables against Go's,
// as mutator.go's init leaves them (byteslice.txt I rows).
void TestInterestingValues(T *t) {
    vecFile f;
    vecFile_open(t, &f, "byteslice.txt");
    char *fld[40];
    int n, rows = 0;
    while ((n = vecFile_next(&f, fld, 40)) >= 0) {
        if (n < 2 || strcmp(fld[0], "I") != 0) {
            continue;
        }
        rows++;
        size_t want = (size_t)(n - 2), got;
        int64_t vals[numInteresting32];
        if (strcmp(fld[1], "interesting8") == 0) {
            got = numInteresting8;
            for (size_t i = 0; i < got; i++) {
                vals[i] = fuzz_interesting8[i];
            }
        } else if (strcmp(fld[1], "interesting16") == 0) {
            got = numInteresting16;
            for (size_t i = 0; i < got; i++) {
                vals[i] = fuzz_interesting16[i];
            }
        } else {
            got = numInteresting32;
            for (size_t i = 0; i < got; i++) {
                vals[i] = fuzz_interesting32[i];
            }
        }
        if (got != want) {
            t_errorf(t, "len(%s): got %zu, want %zu", fld[1], got, want);
            continue;
        }
        for (size_t i = 0; i < got; i++) {
            if (vals[i] != vecI64(fld[2 + i])) {
                t_errorf(t, "%s[%zu]: got %" PRId64 ", want %s", fld[1], i, vals[i], fld[2 + i]);
            }
        }
    }
    vecFile_close(&f);
    if (rows != 3) {
        t_errorf(t, "byteslice.txt: got %d I rows, want 3", rows);
    }
}
