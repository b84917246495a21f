// (none) ctest's own: the engine's entry points for a test binary that
// another engine runs (ctest -fuzzengine=libfuzzer: libFuzzer, AFL++).
// Such a binary links this library, ctest_noengine, in place of
// ctest_fuzz: package testing still names the engine (testdeps.c), but the
// other engine defines the coverage and comparison hooks that ctest_fuzz
// defines too (counters.c, trace.c), and two definitions of one hook do
// not link. Nothing here fuzzes: a call that would start ctest's own
// fuzzing ends in an error, and the hooks of a fuzz function's run do
// nothing. The corpus files (corpus.c, value.c, rawlayout.c) are the
// engine's own, in this library too.
#include <stdlib.h>

#include "internal/fuzz/crashes.h"
#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/memlimit.h"

// Nothing of this library makes errors of these types: errors_As never
// finds one.
const go_errorType fuzz_crashErrorType = { "*fuzz.crashError", NULL };
const go_errorType fuzz_crashesErrorType = { "ctest.crashesError", NULL };
const go_errorType fuzz_InternalErrorType = { "ctest.internalError", NULL };

bool fuzz_UseCmp = false;

// noEngine is the error of a call that would fuzz with ctest's engine.
static go_error *noEngine(const char *what) {
    return errors_NewTyped(&fuzz_InternalErrorType, NULL, NULL, what);
}

go_error *fuzz_CoordinateFuzzing(const fuzz_CoordinateFuzzingOpts *opts) {
    (void)opts;
    return noEngine("this test binary was built for another fuzzing engine (ctest "
                    "-fuzzengine): it cannot fuzz with ctest's");
}

go_error *fuzz_RunFuzzWorker(fuzz_fuzzFn fn, void *ctx, const fuzz_RunFuzzWorkerOpts *opts) {
    (void)fn;
    (void)ctx;
    (void)opts;
    return noEngine("this test binary was built for another fuzzing engine (ctest "
                    "-fuzzengine): it cannot be a fuzz worker");
}

go_error *fuzz_RunMerge(const fuzz_MergeOpts *o) {
    (void)o;
    return noEngine("this test binary was built for another fuzzing engine (ctest "
                    "-fuzzengine): it has no -test.fuzzmerge mode");
}

void fuzz_AddTokens(const char *blob, size_t len) {
    (void)blob;
    (void)len;
}

go_error *fuzz_LoadDictFile(const char *path) {
    (void)path;
    return NULL;
}

// The run of the fuzz function: no counters to reset or read (the other
// engine reads its own), and the T times the call itself.
int64_t fuzz_CallStart(void) {
    return 0;
}

void fuzz_ResetCoverage(void) {
}

void fuzz_SnapshotCoverage(void) {
}

// The memory limits are the other engine's (libFuzzer's -rss_limit_mb
// and -malloc_limit_mb).
void fuzz_startMemLimits(int64_t rssMB, int64_t mallocMB, fuzz_printFramesFn printFrames) {
    (void)rssMB;
    (void)mallocMB;
    (void)printFrames;
}

void fuzz_SetMemLimitHeader(void (*header)(void)) {
    (void)header;
}

void fuzz_SeedCallMallocLimit(void) {
}
