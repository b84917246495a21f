// coverage.h: the coverage counters and their snapshots (coverage.c,
// counters.c).
#ifndef CTEST_INTERNAL_FUZZ_COVERAGE_H
#define CTEST_INTERNAL_FUZZ_COVERAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/value.h"

// fuzz_coverageRegion is one instrumented module's counters in the
// coverage space: len counters at start, which are the space's from
// offset on (ctest: Go's linker places all of them between _counters and
// _ecounters; here the executable and each shared library built with
// counters has its own, and counters.c hands each over).
typedef struct fuzz_coverageRegion {
    uint8_t *start;
    size_t len;
    size_t offset; // a multiple of 8: a snapshot's word is one module's
} fuzz_coverageRegion;

// fuzz_addCoverageCounters appends a module's len counters at counters to
// the coverage space and sizes coverageSnapshot to match. It allocates:
// modules are added before fuzzing starts, never in the fuzz loop.
void fuzz_addCoverageCounters(uint8_t *counters, size_t len);
// fuzz_setCoverageCounters makes the len counters at counters the whole
// coverage space (none when len is 0).
void fuzz_setCoverageCounters(uint8_t *counters, size_t len);
// fuzz_coverageLen is len(coverage()): the length of the coverage space,
// its modules' counters and the padding after each but the last.
size_t fuzz_coverageLen(void);
// fuzz_coverageRegions returns the modules' regions (*n of them), in
// the space's order; the table is borrowed until the next add or set.
const fuzz_coverageRegion *fuzz_coverageRegions(size_t *n);
// fuzz_coverageEnabled is coverageEnabled; fuzz_coverageSnapshot is
// coverageSnapshot, as long as the coverage space.
extern bool fuzz_coverageEnabled;
extern byteSlice fuzz_coverageSnapshot;

// fuzz_ResetCoverage is ResetCoverage: zero every module's counters.
void fuzz_ResetCoverage(void);
// fuzz_SnapshotCoverage is SnapshotCoverage: counters rounded down to a
// power of two, into coverageSnapshot, each module's at its offset.
void fuzz_SnapshotCoverage(void);
// fuzz_diffCoverage is diffCoverage: the bits in snapshot but not in base,
// NULL if none (the caller frees the result, len snapshot.len). It panics
// "the number of coverage bits changed: before=%d, after=%d".
uint8_t *fuzz_diffCoverage(go_bytes base, go_bytes snapshot);
go_int fuzz_countNewCoverageBits(go_bytes base, go_bytes snapshot);
// fuzz_snapshotHasNewBits is countNewCoverageBits(mask, coverageSnapshot)
// > 0, reading only the words the last SnapshotCoverage set (ctest: the
// worker asks it after every execution).
bool fuzz_snapshotHasNewBits(go_bytes mask);
bool fuzz_isCoverageSubset(go_bytes base, go_bytes snapshot);
bool fuzz_hasCoverageBit(go_bytes base, go_bytes snapshot);
go_int fuzz_countBits(go_bytes cov);

// fuzz_counterFeature is a coverage feature of ctest corpus (ctest's own:
// Go has no corpus minimization): counter index ran count times (count >
// 0), as index*8 plus the bucket of the count among 1, 2, 3, 4-7, 8-15,
// 16-31, 32-127 and 128-255, the features libFuzzer's -merge=1 compares.
// Two runs with the same features took the same edges about as often.
// (ctest corpus adds the outcomes of comparisons: cmpoutcome.h.)
uint32_t fuzz_counterFeature(size_t index, uint8_t count);

// fuzz_snapshotCost estimates from a coverage snapshot how much work its
// execution did: the sum of its counts as rounded (so within a factor of
// two of the edges it ran, short of loops of 256 turns and more, whose
// 8-bit counters wrap). ctest's own: a reproducible run's schedule weighs
// entries by it in place of their measured durations.
int64_t fuzz_snapshotCost(go_bytes snapshot);

// fuzz_sparseSnapshot is ctest's: the coverage snapshot without its zero
// words, for a warm-up batch's response: a record for each 8-counter word
// that is not zero, its index (4 bytes, little-endian) then its 8 bytes,
// and after the records the counters past the last whole word (len % 8).
byteSlice fuzz_sparseSnapshot(void);
// fuzz_expandSnapshot is the snapshot of len counters that sparse holds,
// into *out (the caller frees it); false if sparse is not one.
bool fuzz_expandSnapshot(go_bytes sparse, size_t len, byteSlice *out);

// fuzz_linkCounters pulls counters.c into every binary that fuzzes.
void fuzz_linkCounters(void);
// fuzz_reportLateModules has counters.c write to buf (cap bytes, a
// worker's shared memory) the file name of the first module loaded with
// dlopen after the test binary started, whose counters are left out of
// the coverage space: the worker's coordinator warns of it. ctest's own.
void fuzz_reportLateModules(char *buf, size_t cap);
// fuzz_warnLateModule prints, once per process, that the module name (at
// most cap bytes, up to a NUL; none if empty) was left out.
void fuzz_warnLateModule(const char *name, size_t cap);
// fuzz_describeCoverage says what the coverage space holds, for
// GODEBUG=fuzzdebug=1: "N in M modules: name (n), ...", each module's
// file name and count (the caller frees it). ctest's own.
char *fuzz_describeCoverage(void);

#endif // CTEST_INTERNAL_FUZZ_COVERAGE_H
