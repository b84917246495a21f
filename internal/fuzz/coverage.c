// Ports go1.19.8 src/internal/fuzz/coverage.go: ResetCoverage,
// SnapshotCoverage, diffCoverage, countNewCoverageBits, isCoverageSubset,
// hasCoverageBit, countBits, coverageEnabled, coverageSnapshot.
//
// The counters themselves are counters.c's business (SanitizerCoverage's
// 8-bit counters); it hands over each module's with
// fuzz_addCoverageCounters.
//
#include "internal/fuzz/coverage.h"

#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/trace.h"
#include "internal/fuzz/value.h"

// regions is the coverage space: the counters of each instrumented
// module, in the order the modules announced them (counters.c), each from
// its offset on. countersLen is the space's length, coverage()'s in Go.
// ctest: Go's linker gathers every counter in one region; here each
// module (the executable, each shared library built with counters) has
// its own, and a snapshot is their concatenation. An offset is rounded up
// to a multiple of 8, so that a word of the snapshot holds one module's
// counters; the snapshot's bytes in the padding stay zero.
static fuzz_coverageRegion *regions;
static size_t nregions;
static size_t countersLen;

bool fuzz_coverageEnabled;
byteSlice fuzz_coverageSnapshot;

// touched lists the 8-counter words of the snapshot that are not zero
// (ntouched of them; the bytes after the last whole word are not listed).
// ctest: most of an execution's counters stay zero, so a snapshot writes
// and the worker reads only these words, not the whole array twice.
static uint32_t *touched;
static size_t ntouched;

// sizeSnapshot sizes coverageSnapshot and touched for countersLen.
static void sizeSnapshot(void) {
    fuzz_coverageEnabled = countersLen > 0;
    free(fuzz_coverageSnapshot.ptr);
    fuzz_coverageSnapshot.ptr = runtime_calloc(countersLen, 1);
    fuzz_coverageSnapshot.len = fuzz_coverageSnapshot.cap = countersLen;
    free(touched);
    touched = runtime_malloc((countersLen / 8 + 1) * sizeof *touched);
    ntouched = 0;
}

void fuzz_setCoverageCounters(uint8_t *c, size_t len) {
    nregions = 0;
    countersLen = 0;
    if (len == 0) {
        sizeSnapshot();
        return;
    }
    fuzz_addCoverageCounters(c, len);
}

void fuzz_addCoverageCounters(uint8_t *c, size_t len) {
    if (len == 0) {
        return;
    }
    size_t offset = (countersLen + 7) & ~(size_t)7;
    // The snapshot's words are numbered in 32 bits (touched, the sparse
    // snapshot); a space past that is out of reach of any real binary.
    if (offset + len < offset || (offset + len) / 8 > UINT32_MAX) {
        go_panic("coverage counters: %zu more after %zu overflow the coverage space", len,
                 countersLen);
    }
    regions = runtime_realloc(regions, (nregions + 1) * sizeof *regions);
    regions[nregions++] = (fuzz_coverageRegion){ c, len, offset };
    countersLen = offset + len;
    sizeSnapshot();
}

const fuzz_coverageRegion *fuzz_coverageRegions(size_t *n) {
    *n = nregions;
    return regions;
}

size_t fuzz_coverageLen(void) {
    return countersLen;
}

void fuzz_ResetCoverage(void) {
    for (size_t r = 0; r < nregions; r++) {
        memset(regions[r].start, 0, regions[r].len);
    }
    // ctest: the fuzz function runs from here to SnapshotCoverage; its
    // comparisons are recorded (trace.c) with -test.fuzzcmp.
    fuzz_cmpBeginRun();
}

// snapshotWord rounds w, the 8 counters at i in the coverage space, into
// snap when any is set, and lists the word as touched.
static inline void snapshotWord(uint8_t *snap, size_t i, uint64_t w) {
    if (w == 0) {
        return;
    }
    w |= (w >> 1) & 0x7f7f7f7f7f7f7f7fULL;
    w |= (w >> 2) & 0x3f3f3f3f3f3f3f3fULL;
    w |= (w >> 4) & 0x0f0f0f0f0f0f0f0fULL;
    w &= ~((w >> 1) & 0x7f7f7f7f7f7f7f7fULL);
    memcpy(snap + i, &w, 8);
    touched[ntouched++] = (uint32_t)(i / 8);
}

// snapshotRegion rounds the len counters c, which are the coverage
// space's from off on, into snap. Each region's counters past its last
// whole word are rounded as one word with the padding after them, but
// the last region's, which have no padding: those are the space's own
// last bytes, rounded one by one.
static inline void snapshotRegion(uint8_t *snap, const uint8_t *c, size_t len, size_t off,
                                  bool last) {
    // A run reaches few edges: a zero block of 64 counters is skipped with
    // one test of their OR (which the compiler vectorizes).
    size_t i = 0;
    for (; i + 64 <= len; i += 64) {
        uint64_t b[8];
        memcpy(b, c + i, 64);
        if ((b[0] | b[1] | b[2] | b[3] | b[4] | b[5] | b[6] | b[7]) != 0) {
            for (size_t k = 0; k < 8; k++) {
                snapshotWord(snap, off + i + 8 * k, b[k]);
            }
        }
    }
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, c + i, 8);
        snapshotWord(snap, off + i, w);
    }
    if (i == len) {
        return;
    }
    if (!last) {
        uint64_t w = 0;
        memcpy(&w, c + i, len - i);
        snapshotWord(snap, off + i, w);
        return;
    }
    for (; i < len; i++) {
        uint8_t b = c[i];
        b |= b >> 1;
        b |= b >> 2;
        b |= b >> 4;
        b = (uint8_t)(b - (b >> 1));
        snap[off + i] = b;
    }
}

void fuzz_SnapshotCoverage(void) {
    fuzz_cmpTracing = false;
    // Rounding each count down to a power of two lets the coordinator keep
    // several counts of one edge as bits OR'ed together. ctest: eight
    // counters at a time, as libFuzzer's TracePC scans them: a zero word
    // (most are) is skipped, the others rounded byte-wise in the word. The
    // words the last snapshot set are cleared first.
    uint8_t *snap = fuzz_coverageSnapshot.ptr;
    for (size_t k = 0; k < ntouched; k++) {
        memset(snap + 8 * (size_t)touched[k], 0, 8);
    }
    ntouched = 0;
    for (size_t r = 0; r < nregions; r++) {
        snapshotRegion(snap, regions[r].start, regions[r].len, regions[r].offset,
                       r + 1 == nregions);
    }
}

bool fuzz_snapshotHasNewBits(go_bytes mask) {
    if (mask.len != countersLen) {
        return fuzz_countNewCoverageBits(mask, (go_bytes){ fuzz_coverageSnapshot.ptr,
                                                           fuzz_coverageSnapshot.len }) > 0;
    }
    const uint8_t *snap = fuzz_coverageSnapshot.ptr;
    for (size_t k = 0; k < ntouched; k++) {
        size_t i = 8 * (size_t)touched[k];
        uint64_t s, m;
        memcpy(&s, snap + i, 8);
        memcpy(&m, mask.ptr + i, 8);
        if ((s & ~m) != 0) {
            return true;
        }
    }
    for (size_t i = countersLen & ~(size_t)7; i < countersLen; i++) {
        if ((snap[i] & ~mask.ptr[i]) != 0) {
            return true;
        }
    }
    return false;
}

uint8_t *fuzz_diffCoverage(go_bytes base, go_bytes snapshot) {
    if (base.len != snapshot.len) {
        go_panic("the number of coverage bits changed: before=%zu, after=%zu", base.len,
                 snapshot.len);
    }
    bool found = false;
    for (size_t i = 0; i < snapshot.len; i++) {
        if ((snapshot.ptr[i] & ~base.ptr[i]) != 0) {
            found = true;
            break;
        }
    }
    if (!found) {
        return NULL;
    }
    uint8_t *diff = runtime_malloc(snapshot.len);
    for (size_t i = 0; i < snapshot.len; i++) {
        diff[i] = (uint8_t)(snapshot.ptr[i] & ~base.ptr[i]);
    }
    return diff;
}

// indexCheck is Go's bounds check on base[i] or snapshot[i].
static void indexCheck(size_t i, size_t len) {
    if (i >= len) {
        go_panic("runtime error: index out of range [%zu] with length %zu", i, len);
    }
}

go_int fuzz_countNewCoverageBits(go_bytes base, go_bytes snapshot) {
    go_int n = 0;
    size_t i = 0;
    if (base.len >= snapshot.len) {
        // ctest: eight bytes at a time, skipping zero words of the snapshot
        // (the worker calls this after every execution).
        for (; i + 8 <= snapshot.len; i += 8) {
            uint64_t s, b;
            memcpy(&s, snapshot.ptr + i, 8);
            if (s == 0) {
                continue;
            }
            memcpy(&b, base.ptr + i, 8);
            n += __builtin_popcountll(s & ~b);
        }
    }
    for (; i < snapshot.len; i++) {
        indexCheck(i, base.len);
        n += __builtin_popcount((unsigned)(snapshot.ptr[i] & ~base.ptr[i] & 0xff));
    }
    return n;
}

bool fuzz_isCoverageSubset(go_bytes base, go_bytes snapshot) {
    for (size_t i = 0; i < base.len; i++) {
        indexCheck(i, snapshot.len);
        uint8_t v = base.ptr[i];
        if ((v & snapshot.ptr[i]) != v) {
            return false;
        }
    }
    return true;
}

bool fuzz_hasCoverageBit(go_bytes base, go_bytes snapshot) {
    for (size_t i = 0; i < snapshot.len; i++) {
        indexCheck(i, base.len);
        if ((snapshot.ptr[i] & base.ptr[i]) != 0) {
            return true;
        }
    }
    return false;
}

go_int fuzz_countBits(go_bytes cov) {
    go_int n = 0;
    for (size_t i = 0; i < cov.len; i++) {
        n += __builtin_popcount(cov.ptr[i]);
    }
    return n;
}

int64_t fuzz_snapshotCost(go_bytes snapshot) {
    int64_t cost = 0;
    for (size_t i = 0; i < snapshot.len; i++) {
        cost += snapshot.ptr[i];
    }
    return cost;
}

uint32_t fuzz_counterFeature(size_t index, uint8_t count) {
    // The bucket is how many of the thresholds 2, 3, 4, 8, 16, 32 and 128
    // the count reaches: 1 is bucket 0, 128 and more bucket 7.
    static const uint8_t thresholds[] = { 2, 3, 4, 8, 16, 32, 128 };
    uint32_t bucket = 0;
    while (bucket < sizeof thresholds && count >= thresholds[bucket]) {
        bucket++;
    }
    return (uint32_t)index * 8 + bucket;
}

byteSlice fuzz_sparseSnapshot(void) {
    size_t tail = countersLen % 8, n = 12 * ntouched + tail;
    uint8_t *b = runtime_malloc(n > 0 ? n : 1), *p = b;
    const uint8_t *snap = fuzz_coverageSnapshot.ptr;
    for (size_t k = 0; k < ntouched; k++, p += 12) {
        fuzz_putLE32(p, touched[k]);
        memcpy(p + 4, snap + 8 * (size_t)touched[k], 8);
    }
    if (tail > 0) {
        memcpy(p, snap + countersLen - tail, tail);
    }
    return (byteSlice){ b, n, n };
}

bool fuzz_expandSnapshot(go_bytes sparse, size_t len, byteSlice *out) {
    size_t tail = len % 8;
    *out = (byteSlice){ 0 };
    if (sparse.len < tail || (sparse.len - tail) % 12 != 0) {
        return false;
    }
    uint8_t *snap = runtime_calloc(len > 0 ? len : 1, 1);
    const uint8_t *p = sparse.ptr;
    for (size_t k = 0; k < (sparse.len - tail) / 12; k++, p += 12) {
        size_t w = fuzz_getLE32(p);
        if (w >= len / 8) {
            free(snap);
            return false;
        }
        memcpy(snap + 8 * w, p + 4, 8);
    }
    if (tail > 0) {
        memcpy(snap + len - tail, p, tail);
    }
    *out = (byteSlice){ snap, len, len };
    return true;
}
