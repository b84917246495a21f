// Tests coverage.c against go1.19.8's coverage.go: Go has no
// coverage_test.go, so these check every row of
// golden/vectors/mutator/coverage.txt (Go's results) and SnapshotCoverage's
// rounding, over one module's counters and several.
//
#include "internal/fuzz/coverage.h"
#include "internal/fuzz/mutator_vectors_test.h"
#include "internal/fuzz/pcg.h"

// TestCoverageBits checks diffCoverage, countNewCoverageBits,
// isCoverageSubset, hasCoverageBit and countBits on coverage.txt's pairs.
void TestCoverageBits(T *t) {
    vecFile f;
    vecFile_open(t, &f, "coverage.txt");
    char *fld[10];
    int n, rows = 0;
    while ((n = vecFile_next(&f, fld, 10)) >= 0) {
        if (n != 8 || strcmp(fld[0], "C") != 0) {
            continue;
        }
        rows++;
        size_t nb, ns;
        uint8_t *b = vecHex(fld[1], &nb, 0), *s = vecHex(fld[2], &ns, 0);
        go_bytes base = { b, nb }, snap = { s, ns };
        uint8_t *d = fuzz_diffCoverage(base, snap);
        char *diff = d != NULL ? vecFormatHex(d, ns) : runtime_strdup("nil");
        char got[128], want[128];
        snprintf(got, sizeof got, "%s %" PRId64 " %s %s %" PRId64, diff,
                 fuzz_countNewCoverageBits(base, snap),
                 fuzz_isCoverageSubset(base, snap) ? "true" : "false",
                 fuzz_hasCoverageBit(base, snap) ? "true" : "false", fuzz_countBits(snap));
        snprintf(want, sizeof want, "%s %s %s %s %s", fld[3], fld[4], fld[5], fld[6], fld[7]);
        if (strcmp(got, want) != 0) {
            t_errorf(t, "coverage.txt:%d: got %s, want %s", f.lineno, got, want);
        }
        free(diff);
        free(d);
        free(b);
        free(s);
    }
    vecFile_close(&f);
    if (rows == 0) {
        t_errorf(t, "coverage.txt: no rows");
    }
}

// highestBit is b's highest set bit (0 for 0): what a snapshot makes of
// a count of b.
static uint8_t highestBit(uint8_t b) {
    for (int bit = 7; bit >= 0; bit--) {
        if (b & (1 << bit)) {
            return (uint8_t)(1 << bit);
        }
    }
    return 0;
}

// TestSnapshotCoverage checks that SnapshotCoverage keeps the highest set
// bit of each counter, and ResetCoverage clears them.
void TestSnapshotCoverage(T *t) {
    uint8_t counters[256];
    for (int i = 0; i < 256; i++) {
        counters[i] = (uint8_t)i;
    }
    fuzz_setCoverageCounters(counters, sizeof counters);
    if (!fuzz_coverageEnabled) {
        t_errorf(t, "coverageEnabled: got false, want true");
    }
    fuzz_SnapshotCoverage();
    for (int i = 0; i < 256; i++) {
        uint8_t want = highestBit((uint8_t)i);
        if (fuzz_coverageSnapshot.ptr[i] != want) {
            t_errorf(t, "snapshot of %d: got %d, want %d", i, fuzz_coverageSnapshot.ptr[i], want);
        }
    }
    fuzz_ResetCoverage();
    for (int i = 0; i < 256; i++) {
        if (counters[i] != 0) {
            t_fatalf(t, "counter %d after ResetCoverage: got %d, want 0", i, counters[i]);
        }
    }
    fuzz_setCoverageCounters(NULL, 0);
    if (fuzz_coverageEnabled) {
        t_errorf(t, "coverageEnabled: got true, want false");
    }
}

// TestSnapshotSparse: over executions that touch different counters, the
// snapshot is the rounding of the live counters alone (no word left from
// an earlier one), and snapshotHasNewBits agrees with
// countNewCoverageBits, including the bytes after the last whole word
// and after the last whole 64-byte block (which the scan skips when zero).
// The sparse form of a warm-up batch's response (fuzz_sparseSnapshot)
// holds a record a word that is not zero, and expands to the snapshot; a
// malformed one does not expand.
void TestSnapshotSparse(T *t) {
    enum { n = 64 * 3 + 8 * 2 + 3 };
    uint8_t counters[n], mask[n], want[n];
    fuzz_setCoverageCounters(counters, n);
    pcgRand r;
    fuzz_newPcgRand(&r);
    int disagree = 0, sawNew = 0, sawNone = 0;
    for (int round = 0; round < 2000; round++) {
        fuzz_ResetCoverage();
        for (int k = 0, hits = (int)fuzz_pcgRand_uint32n(&r, 4); k < hits; k++) {
            counters[fuzz_pcgRand_uint32n(&r, n)] = (uint8_t)(1 + fuzz_pcgRand_uint32n(&r, 255));
        }
        fuzz_SnapshotCoverage();
        for (int i = 0; i < n; i++) {
            want[i] = highestBit(counters[i]);
            mask[i] = fuzz_pcgRand_uint32n(&r, 2) == 0 ? 0xff : (uint8_t)fuzz_pcgRand_uint32(&r);
        }
        if (memcmp(fuzz_coverageSnapshot.ptr, want, n) != 0) {
            t_fatalf(t, "round %d: the snapshot is not the rounding of the counters", round);
        }
        size_t words = 0;
        for (int w = 0; w < n / 8; w++) {
            static const uint8_t zero[8];
            words += memcmp(want + 8 * w, zero, 8) != 0;
        }
        byteSlice sparse = fuzz_sparseSnapshot(), whole;
        if (sparse.len != 12 * words + n % 8 ||
            !fuzz_expandSnapshot((go_bytes){ sparse.ptr, sparse.len }, n, &whole) ||
            memcmp(whole.ptr, want, n) != 0) {
            t_fatalf(t,
                     "round %d: the sparse snapshot (%zu bytes, %zu words) does not expand to it",
                     round, sparse.len, words);
        }
        fuzz_byteSlice_free(&sparse);
        fuzz_byteSlice_free(&whole);
        bool has = fuzz_snapshotHasNewBits((go_bytes){ mask, n });
        bool ref = fuzz_countNewCoverageBits((go_bytes){ mask, n }, (go_bytes){ want, n }) > 0;
        disagree += has != ref;
        sawNew += ref;
        sawNone += !ref;
    }
    if (disagree != 0 || sawNew == 0 || sawNone == 0) {
        t_errorf(t, "snapshotHasNewBits disagreed %d times (rounds with new bits %d, without %d)",
                 disagree, sawNew, sawNone);
    }
    // A record short, a word past the counters, the tail missing.
    uint8_t bad[12 + 3] = { n / 8 };
    static const size_t badLens[] = { 11 + 3, 12 + 3, 12 };
    for (size_t i = 0; i < sizeof badLens / sizeof badLens[0]; i++) {
        byteSlice out;
        if (fuzz_expandSnapshot((go_bytes){ bad, badLens[i] }, n, &out)) {
            t_errorf(t, "a malformed sparse snapshot of %zu bytes expanded", badLens[i]);
            fuzz_byteSlice_free(&out);
        }
    }
    fuzz_setCoverageCounters(NULL, 0);
}

// TestCoverageRegions: the counters of several modules make one coverage
// space, each module's at an offset rounded up to a multiple of 8 (3
// counters at 0, 70 at 8, 13 at 80: 93 in all). Over executions that
// touch counters of any module, ResetCoverage zeroes them all, the
// snapshot is the rounding of each module's counters at its offset with
// zeros between, its sparse form expands to it, and snapshotHasNewBits
// agrees with countNewCoverageBits.
void TestCoverageRegions(T *t) {
    enum { nmod = 3, n = 93 };
    static const size_t lens[nmod] = { 3, 70, 13 }, offsets[nmod] = { 0, 8, 80 };
    uint8_t a[3], b[70], c[13], want[n], mask[n];
    uint8_t *mods[nmod] = { a, b, c };
    fuzz_setCoverageCounters(a, lens[0]);
    fuzz_addCoverageCounters(b, lens[1]);
    fuzz_addCoverageCounters(NULL, 0); // a module without counters adds nothing
    fuzz_addCoverageCounters(c, lens[2]);
    size_t nr;
    const fuzz_coverageRegion *r = fuzz_coverageRegions(&nr);
    if (nr != nmod || fuzz_coverageLen() != n || fuzz_coverageSnapshot.len != n) {
        t_fatalf(t, "%zu regions, %zu counters, a snapshot of %zu; want %d, %d, %d", nr,
                 fuzz_coverageLen(), fuzz_coverageSnapshot.len, nmod, n, n);
    }
    for (size_t m = 0; m < nmod; m++) {
        if (r[m].start != mods[m] || r[m].len != lens[m] || r[m].offset != offsets[m]) {
            t_errorf(t, "region %zu: %zu counters at %zu, want %zu at %zu", m, r[m].len,
                     r[m].offset, lens[m], offsets[m]);
        }
    }
    pcgRand rnd;
    fuzz_newPcgRand(&rnd);
    int disagree = 0, sawNew = 0;
    for (int round = 0; round < 2000; round++) {
        memset(a, 0xff, sizeof a);
        memset(b, 0xff, sizeof b);
        memset(c, 0xff, sizeof c);
        fuzz_ResetCoverage();
        for (size_t m = 0; m < nmod; m++) {
            for (size_t i = 0; i < lens[m]; i++) {
                if (mods[m][i] != 0) {
                    t_fatalf(t, "round %d: counter %zu of module %zu not reset", round, i, m);
                }
            }
        }
        for (int k = 0, hits = (int)fuzz_pcgRand_uint32n(&rnd, 6); k < hits; k++) {
            size_t m = fuzz_pcgRand_uint32n(&rnd, nmod);
            mods[m][fuzz_pcgRand_uint32n(&rnd, (uint32_t)lens[m])] =
                    (uint8_t)(1 + fuzz_pcgRand_uint32n(&rnd, 255));
        }
        fuzz_SnapshotCoverage();
        memset(want, 0, n);
        for (size_t m = 0; m < nmod; m++) {
            for (size_t i = 0; i < lens[m]; i++) {
                want[offsets[m] + i] = highestBit(mods[m][i]);
            }
        }
        if (memcmp(fuzz_coverageSnapshot.ptr, want, n) != 0) {
            t_fatalf(t, "round %d: the snapshot is not the modules' counters rounded", round);
        }
        byteSlice sparse = fuzz_sparseSnapshot(), whole;
        if (!fuzz_expandSnapshot((go_bytes){ sparse.ptr, sparse.len }, n, &whole) ||
            memcmp(whole.ptr, want, n) != 0) {
            t_fatalf(t, "round %d: the sparse snapshot does not expand to the snapshot", round);
        }
        fuzz_byteSlice_free(&sparse);
        fuzz_byteSlice_free(&whole);
        for (int i = 0; i < n; i++) {
            mask[i] =
                    fuzz_pcgRand_uint32n(&rnd, 2) == 0 ? 0xff : (uint8_t)fuzz_pcgRand_uint32(&rnd);
        }
        bool has = fuzz_snapshotHasNewBits((go_bytes){ mask, n });
        bool ref = fuzz_countNewCoverageBits((go_bytes){ mask, n }, (go_bytes){ want, n }) > 0;
        disagree += has != ref;
        sawNew += ref;
    }
    if (disagree != 0 || sawNew == 0) {
        t_errorf(t, "snapshotHasNewBits disagreed %d times (rounds with new bits: %d)", disagree,
                 sawNew);
    }
    fuzz_setCoverageCounters(NULL, 0);
    fuzz_coverageRegions(&nr);
    if (nr != 0 || fuzz_coverageLen() != 0) {
        t_errorf(t, "%zu regions after setCoverageCounters(NULL, 0), want 0", nr);
    }
}

// TestCounterFeature checks ctest corpus's features: a counter's index
// times 8 plus the bucket of its count, libFuzzer's buckets.
void TestCounterFeature(T *t) {
    static const struct {
        uint8_t count;
        uint32_t bucket;
    } cases[] = {
        { 1, 0 },  { 2, 1 },  { 3, 2 },  { 4, 3 },   { 7, 3 },   { 8, 4 },   { 15, 4 },
        { 16, 5 }, { 31, 5 }, { 32, 6 }, { 127, 6 }, { 128, 7 }, { 255, 7 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (size_t index = 0; index < 3; index++) {
            uint32_t got = fuzz_counterFeature(index, cases[i].count);
            uint32_t want = (uint32_t)index * 8 + cases[i].bucket;
            if (got != want) {
                t_errorf(t, "counterFeature(%zu, %u): got %u, want %u", index, cases[i].count, got,
                         want);
            }
        }
    }
}
