// (none) ctest's own: telling the engine's failures from the user's. Go's
// engine panics end a worker like any crash, so a bug in the mutator is
// written to testdata/ as a failing input of the fuzz test. Here a panic
// raised outside the fuzz function, in a worker or in the coordinator, is
// reported as an internal error of the engine, with exit status 2, and
// nothing is recorded.
//
#include "internal/fuzz/engine_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/mem.h"
#include "internal/fuzz/rpc.h"

const go_errorType fuzz_InternalErrorType = { "ctest.internalError", NULL };

go_error *fuzz_newInternalError(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *detail = runtime_vsprintf(format, ap);
    va_end(ap);
    char *msg = runtime_sprintf("internal error in ctest's fuzzing engine, not a failure of "
                                "the fuzz test (no input was recorded): %s",
                                detail);
    go_error *err = errors_NewTyped(&fuzz_InternalErrorType, NULL, NULL, msg);
    free(msg);
    free(detail);
    return err;
}

// writeStderr writes the n bytes at p, ignoring a failure: the process is
// about to end and has no other way to say anything.
static void writeStderr(const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(2, p, n);
        if (w <= 0) {
            return;
        }
        p += w;
        n -= (size_t)w;
    }
}

static void workerEnginePanic(void *ctx, const char *msg) {
    sharedMemHeader *hdr = ctx;
    if (hdr != NULL) {
        __atomic_store_n(&hdr->engineFailed, true, __ATOMIC_SEQ_CST);
    }
    fflush(stdout);
    const char *prefix = "panic in the fuzzing engine: ";
    writeStderr(prefix, strlen(prefix));
    writeStderr(msg, strlen(msg));
    writeStderr("\n", 1);
    _exit(workerExitCode);
}

void fuzz_guardWorkerEngine(sharedMemHeader *hdr, engineGuard *saved) {
    if (saved != NULL) {
        saved->handler = runtime_getPanicHandler(&saved->ctx);
    }
    runtime_setPanicHandler(workerEnginePanic, hdr);
}

static void coordinatorEnginePanic(void *ctx, const char *msg) {
    (void)ctx;
    fflush(stdout);
    go_error *err = fuzz_newInternalError("panic: %s", msg);
    fprintf(stderr, "%s\n", go_error_Error(err));
    // Workers see their input pipe close and exit; the shared memory files
    // were unlinked when made.
    _exit(2);
}

void fuzz_guardCoordinatorEngine(engineGuard *saved) {
    saved->handler = runtime_getPanicHandler(&saved->ctx);
    runtime_setPanicHandler(coordinatorEnginePanic, NULL);
}

void fuzz_unguardEngine(const engineGuard *saved) {
    runtime_setPanicHandler(saved->handler, saved->ctx);
}

bool fuzz_testHook(const char *hook) {
    static const char *value;
    static bool read;
    if (!read) {
        value = getenv("CTEST_FUZZ_TESTHOOK");
        read = true;
    }
    return value != NULL && strcmp(value, hook) == 0;
}
