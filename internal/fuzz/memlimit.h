// memlimit.h: a fuzz worker's memory limits, -test.fuzzrsslimit and
// -test.fuzzmalloclimit (memlimit.c). ctest: Go has neither.
#ifndef CTEST_INTERNAL_FUZZ_MEMLIMIT_H
#define CTEST_INTERNAL_FUZZ_MEMLIMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

// fuzz_printFramesFn writes the n return addresses at pcs to fd, one frame
// each (testing's testing_printFrames, through testdeps).
typedef void (*fuzz_printFramesFn)(int fd, void *const *pcs, int n);

// fuzz_parseStatmRSS reads the resident set size, in pages, from n bytes of
// /proc/<pid>/statm (its second field). It reports whether the text has
// one.
bool fuzz_parseStatmRSS(const char *text, size_t n, uint64_t *pages);
// fuzz_processRSSMB is the resident memory of process pid in megabytes,
// or -1 when it cannot be read (the coordinator's look at a worker).
int64_t fuzz_processRSSMB(pid_t pid);

// fuzz_startMemLimits arms a worker's limits, in megabytes: rssMB on its
// resident memory (0: none), mallocMB on one allocation (0: rssMB's). A
// limit passed while the fuzz function runs ends the worker, after a
// report on stderr that names what happened; printFrames (may be NULL)
// writes the stack of an allocation over the limit.
void fuzz_startMemLimits(int64_t rssMB, int64_t mallocMB, fuzz_printFramesFn printFrames);

// fuzz_checkRSS compares the worker's resident memory with its limit and,
// if a call of the fuzz function is running and the limit is passed, ends
// the worker. The watchdog thread calls it at each tick (worker_server.c).
void fuzz_checkRSS(void);
// fuzz_rssHalfway reports whether the worker's resident memory was past
// half of -test.fuzzrsslimit at the last look, the watchdog's or this
// call's own, every 16th (false without a limit): a worker that goes on
// after crashes (-test.fuzzkeepgoing), whose inputs cut short may leave
// what they allocated, lets the next crash end it instead, which frees
// all.
bool fuzz_rssHalfway(void);

// fuzz_SetMemLimitHeader makes a report start with what header writes
// (the seed run's "--- FAIL" line, which a worker's report has not: the
// coordinator reports its crash).
void fuzz_SetMemLimitHeader(void (*header)(void));

// fuzz_SeedCallMallocLimit puts the calling thread, which runs one seed's
// call of the fuzz function, under the malloc limit armed by
// fuzz_startMemLimits, as a worker's call is.
void fuzz_SeedCallMallocLimit(void);

// fuzz_onAlloc is told the size of each allocation: by ctest's malloc
// (malloc_interpose.c) or by a sanitizer's malloc hook. Past the limit,
// while the fuzz function runs, it ends the worker.
void fuzz_onAlloc(size_t n);

// fuzz_mallocLimitEnforced reports whether this test binary's allocations
// reach fuzz_onAlloc: its malloc is ctest's, or a sanitizer's that runs
// hooks. When neither (a package that brings its own malloc), the malloc
// limit cannot be kept.
bool fuzz_mallocLimitEnforced(void);

#endif // CTEST_INTERNAL_FUZZ_MEMLIMIT_H
