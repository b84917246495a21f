// schedule.h: the default search's choice of the next corpus entry to fuzz
// (schedule.c, ctest's own, with -test.fuzzcmp).
#ifndef CTEST_INTERNAL_FUZZ_SCHEDULE_H
#define CTEST_INTERNAL_FUZZ_SCHEDULE_H

#include "internal/fuzz/internal.h"

typedef struct fuzzSchedule fuzzSchedule;

fuzzSchedule *fuzz_schedule_new(void);
// fuzz_schedule_free frees s and its copies of the entries; NULL is a no-op.
void fuzz_schedule_free(fuzzSchedule *s);
// fuzz_schedule_add adds a copy of e, with the coverage snapshot (rounded
// counters, as SnapshotCoverage leaves them) its execution produced and
// how long that took (ns; 0 if unknown).
void fuzz_schedule_add(fuzzSchedule *s, const fuzz_CorpusEntry *e, go_bytes snapshot,
                       int64_t duration);
// fuzz_schedule_found notes that a call on the entry named parent found a
// new input: its weight is whole again.
void fuzz_schedule_found(fuzzSchedule *s, const char *parent);
// fuzz_schedule_len is how many entries s holds.
size_t fuzz_schedule_len(const fuzzSchedule *s);
// fuzz_schedule_pick is the entry to fuzz next (borrowed from s), drawn by
// weight; NULL when s is empty. now is the time (ns).
const fuzz_CorpusEntry *fuzz_schedule_pick(fuzzSchedule *s, int64_t now);

#endif
