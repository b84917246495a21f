// worker_server.h: the worker process's RPC server (worker_server.c).
#ifndef CTEST_INTERNAL_FUZZ_WORKER_SERVER_H
#define CTEST_INTERNAL_FUZZ_WORKER_SERVER_H

#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/mem.h"
#include "internal/fuzz/mutator.h"
#include "internal/fuzz/pipe.h"
#include "internal/fuzz/rpc.h"

// workerServer is worker.go's: the RPC server a worker process runs.
typedef struct workerServer {
    int fuzzIn, fuzzOut; // the pipes from and to the coordinator
    sharedMem *mem;      // guarded by the protocol: ours during a call
    struct mutator *m;   // mutates the values fuzz tests
    lineBuf in;          // what fuzzIn has said so far
    // coverageMask is the coordinator's coverage, as last sent; the worker
    // reports values that set bits outside it.
    byteSlice coverageMask;
    fuzz_fuzzFn fn; // the fuzz function
    void *fnCtx;    // its context
    // cmpFilled is the comparison tables (trace.h's mask) that the last
    // run to trace them filled by itself: only the run before each
    // snapshot traces them (ctest's).
    unsigned cmpFilled;
    // recover is set while the fuzz loop runs the fuzz function: a crash of
    // a known cause may cut the call short (crash_recover.h), ctest's.
    bool recover;
} workerServer;

// fuzz_workerServer_fuzz is workerServer.fuzz: it runs the fuzz function on
// mutations of the value in shared memory (see worker_server.c).
void fuzz_workerServer_fuzz(workerServer *ws, const fuzzArgs *args, fuzzResponse *resp);
// fuzz_workerServer_minimize is workerServer.minimize (with minimizeInput):
// it minimizes the value at args->Index of the corpus file in shared memory
// and writes the result there once done.
void fuzz_workerServer_minimize(workerServer *ws, const minimizeArgs *args, minimizeResponse *resp);

#endif // CTEST_INTERNAL_FUZZ_WORKER_SERVER_H
