// schedule.h: the default search's choice of the next corpus entry to fuzz
// (schedule.c, ctest's own, with -test.fuzzcmp), and the entries' reduction.
#ifndef CTEST_INTERNAL_FUZZ_SCHEDULE_H
#define CTEST_INTERNAL_FUZZ_SCHEDULE_H

#include <stdbool.h>

#include "internal/fuzz/value.h"

typedef struct fuzzSchedule fuzzSchedule;

// fuzz_schedule_new makes an empty schedule. With countClock (a
// reproducible run: GODEBUG=fuzzseed=N and one worker), nothing it decides
// depends on time: the now given to fuzz_schedule_pick is the count of
// executions, and the durations given with the entries are the costs
// fuzz_snapshotCost estimates.
fuzzSchedule *fuzz_schedule_new(bool countClock);
// fuzz_schedule_free frees s and its copies of the entries; NULL is a no-op.
void fuzz_schedule_free(fuzzSchedule *s);
// fuzz_schedule_add adds a copy of e and returns its index (entries keep
// their index for good), with the coverage snapshot (rounded counters, as
// SnapshotCoverage leaves them) its execution produced, the part of it
// that was new to the corpus (bits of that snapshot; may be empty) and how
// long it took (ns; 0 if unknown).
size_t fuzz_schedule_add(fuzzSchedule *s, const fuzz_CorpusEntry *e, go_bytes snapshot,
                         go_bytes unique, int64_t duration);
// fuzz_schedule_found notes that a call on entry i found a new input: its
// weight is whole again.
void fuzz_schedule_found(fuzzSchedule *s, size_t i);
// fuzz_schedule_len is how many entries s holds.
size_t fuzz_schedule_len(const fuzzSchedule *s);
// fuzz_schedule_entry is entry i (borrowed from s).
const fuzz_CorpusEntry *fuzz_schedule_entry(const fuzzSchedule *s, size_t i);
// fuzz_schedule_pick sets *i to the entry to fuzz next, drawn by weight,
// and returns true; false when s is empty. now is the time (ns), or with
// countClock the count of executions.
bool fuzz_schedule_pick(fuzzSchedule *s, int64_t now, size_t *i);

// Reduction (libFuzzer's -reduce_inputs): an execution that reaches every
// coverage feature entry i brought to the corpus, from a smaller input,
// takes its place.
//
// fuzz_schedule_reduceFeatures is what a worker checks for entry i: its
// new features (counter index * 8 + bit) as little-endian uint32s, for
// fuzzArgs.ReduceFeatures; nil when i is not to be reduced (a seed, or too
// many features to check).
byteSlice fuzz_schedule_reduceFeatures(const fuzzSchedule *s, size_t i);
// fuzz_schedule_reduces reports whether an input of dataLen marshaled
// bytes whose execution gave snapshot may replace entry i.
bool fuzz_schedule_reduces(const fuzzSchedule *s, size_t i, go_bytes snapshot, size_t dataLen);
// fuzz_schedule_replace puts a copy of e in place of entry i, which keeps
// its weight and features; duration is e's (ns; 0 if unknown).
void fuzz_schedule_replace(fuzzSchedule *s, size_t i, const fuzz_CorpusEntry *e, int64_t duration);

#endif
