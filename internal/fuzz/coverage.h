// coverage.h: the coverage counters and their snapshots (coverage.c,
// counters.c).
#ifndef CTEST_INTERNAL_FUZZ_COVERAGE_H
#define CTEST_INTERNAL_FUZZ_COVERAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/value.h"

// fuzz_setCoverageCounters installs the 8-bit edge counters coverage()
// returns (ctest: Go's linker places them between _counters and _ecounters;
// here counters.c hands them over) and sizes coverageSnapshot to match.
void fuzz_setCoverageCounters(uint8_t *counters, size_t len);
// fuzz_coverage is coverage(): a view of the live counters, valid until the
// next fuzz_setCoverageCounters.
go_bytes fuzz_coverage(void);
// fuzz_coverageEnabled is coverageEnabled; fuzz_coverageSnapshot is
// coverageSnapshot, as long as the counters.
extern bool fuzz_coverageEnabled;
extern byteSlice fuzz_coverageSnapshot;

// fuzz_ResetCoverage is ResetCoverage: zero every counter.
void fuzz_ResetCoverage(void);
// fuzz_SnapshotCoverage is SnapshotCoverage: counters rounded down to a
// power of two, into coverageSnapshot.
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

#endif // CTEST_INTERNAL_FUZZ_COVERAGE_H
