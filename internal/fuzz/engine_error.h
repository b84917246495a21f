// engine_error.h: errors of the engine itself, told from the fuzz test's
// (engine_error.c).
#ifndef CTEST_INTERNAL_FUZZ_ENGINE_ERROR_H
#define CTEST_INTERNAL_FUZZ_ENGINE_ERROR_H

#include <stdbool.h>

#include "internal/fuzz/mem.h"

// fuzz_newInternalError is an internal error whose detail is formatted
// as by printf.
go_error *fuzz_newInternalError(const char *format, ...) __attribute__((format(printf, 1, 2)));
// engineGuard is the panic handler a thread had before the engine's.
typedef struct engineGuard {
    runtime_PanicHandler handler;
    void *ctx;
} engineGuard;
// fuzz_guardWorkerEngine makes the calling thread's panics engine failures
// of a worker: marked in hdr, said on stderr, then the process exits with
// workerExitCode. It saves the thread's handler in *saved, unless saved is
// NULL: the worker sets its guard again after each fuzz function call,
// whose T runner puts its own.
void fuzz_guardWorkerEngine(sharedMemHeader *hdr, engineGuard *saved);
// fuzz_guardCoordinatorEngine makes the calling thread's panics engine
// failures of the coordinator (said on stderr, exit 2), saving the thread's
// handler in *saved.
void fuzz_guardCoordinatorEngine(engineGuard *saved);
// fuzz_unguardEngine puts back the handler a guard saved.
void fuzz_unguardEngine(const engineGuard *saved);
// fuzz_testHook reports whether CTEST_FUZZ_TESTHOOK names hook: a way for
// the end-to-end tests to make the engine fail where it never should
// ("worker-panic", "coordinator-panic", "worker-batch-coverage"). Read
// once.
bool fuzz_testHook(const char *hook);

#endif // CTEST_INTERNAL_FUZZ_ENGINE_ERROR_H
