// rpc.h: the calls and responses between the coordinator and a worker
// process, and their JSON (worker_json.c).
#ifndef CTEST_INTERNAL_FUZZ_RPC_H
#define CTEST_INTERNAL_FUZZ_RPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/value.h"

// fuzz is in shared memory.
typedef struct fuzzArgs {
    int64_t Timeout;        // time to spend fuzzing (ns), excluding start-up
    int64_t Limit;          // the most values to test; 0 is no limit
    bool Warmup;            // run the value once, without mutating it
    byteSlice CoverageData; // the coordinator's coverage mask, or nil
    // ReduceFeatures: ctest's, with -test.fuzzcmp: the coverage features
    // (little-endian uint32s, counter index * 8 + bit) that the input alone
    // brought to the corpus. A smaller mutation whose coverage has them all
    // ends the call as new coverage does, and may replace the input
    // (schedule.h). nil: no such search. Sent only when set.
    byteSlice ReduceFeatures;
    // MaxLen: ctest's, with -test.fuzzcmp: the bytes any value may grow to
    // (fuzz_mutationMaxBytes). Sent only when not 0.
    int64_t MaxLen;
    // Batch: ctest's, for a warm-up (Warmup set): the call runs this many
    // values, which shared memory holds end to end, each after its length
    // (4 bytes, little-endian); the response has a batchResult for each
    // that ran. 0: the one value, as in Go. Sent only when not 0.
    int64_t Batch;
} fuzzArgs;

// batchResult is ctest's: what one value of a warm-up batch gave.
typedef struct batchResult {
    int64_t Duration; // the time the value took (ns)
    // Coverage is its coverage snapshot, sparse (fuzz_sparseSnapshot: most
    // of a snapshot is zeros, and a whole one a value made the response
    // most of the start-up's time on a real library); nil with coverage off.
    byteSlice Coverage;
} batchResult;

// fuzzResponse is worker.go's: the results of workerServer.fuzz.
typedef struct fuzzResponse {
    int64_t TotalDuration;       // time spent fuzzing (ns)
    int64_t InterestingDuration; // time the interesting value took (ns)
    int64_t Count;               // values tested
    byteSlice CoverageData;      // set if the value in memory expands coverage
    // CoverageSparse: ctest's. The worker sends the new value's snapshot
    // here, sparse (fuzz_sparseSnapshot), instead of whole in
    // CoverageData: whole, it was most of the coordinator's time on each
    // new input of a large library. The coordinator expands it into
    // CoverageData as it reads the response. Sent only when set.
    byteSlice CoverageSparse;
    char *Err;         // the failure the value in memory caused, or NULL
    char *InternalErr; // an internal error of the worker, or NULL
    // Batch (ctest's, for fuzzArgs.Batch): one for each value run without
    // failing, in order; a failure (Err) is the next value's. Sent only
    // for a batch.
    batchResult *Batch;
    size_t NBatch;
} fuzzResponse;

// minimizeArgs is worker.go's: the arguments of workerServer.minimize.
typedef struct minimizeArgs {
    int64_t Timeout;        // time to spend minimizing (ns)
    int64_t Limit;          // the most values to test; 0 is no limit
    byteSlice KeepCoverage; // coverage bits a smaller value must keep, or nil
    go_int Index;           // the argument to minimize
    char *KeepCause;        // ctest: the crash cause to keep (fuzzMinimizeInput's), or NULL
} minimizeArgs;

// minimizeResponse is worker.go's: the results of workerServer.minimize.
typedef struct minimizeResponse {
    bool WroteToMem;        // a smaller value is in shared memory
    char *Err;              // the failure the value in memory causes, or NULL
    byteSlice CoverageData; // the coverage of the value in memory, or nil
    int64_t Duration;       // time spent minimizing (ns)
    int64_t Count;          // values tested
} minimizeResponse;

// callKind says which of Go's call fields is set.
typedef enum callKind { callNone, callPing, callFuzz, callMinimize } callKind;

// fuzzCall is worker.go's call: exactly one method and its arguments.
typedef struct fuzzCall {
    callKind kind;
    fuzzArgs Fuzz;         // for callFuzz
    minimizeArgs Minimize; // for callMinimize
} fuzzCall;
void fuzz_fuzzCall_clear(fuzzCall *c);
void fuzz_fuzzResponse_clear(fuzzResponse *r);
void fuzz_minimizeResponse_clear(minimizeResponse *r);

// The encoders write one JSON value and a newline, as json.Encoder does;
// the caller frees the result. The decoders read one JSON value.
char *fuzz_encodeCall(const fuzzCall *c, size_t *n);
go_error *fuzz_decodeCall(const char *buf, size_t n, fuzzCall *c);
char *fuzz_encodeFuzzResponse(const fuzzResponse *r, size_t *n);
go_error *fuzz_decodeFuzzResponse(const char *buf, size_t n, fuzzResponse *r);
char *fuzz_encodeMinimizeResponse(const minimizeResponse *r, size_t *n);
go_error *fuzz_decodeMinimizeResponse(const char *buf, size_t n, minimizeResponse *r);
// fuzz_encodePingResponse is pingResponse{}: "{}\n".
char *fuzz_encodePingResponse(size_t *n);

// chainedMutations is worker.go's: the worker mutates an input this many
// times in a row, then starts again from the input as it was given. Go
// picked the number "without much thought"; the coordinator replays that
// many to rebuild an input, so both ends must agree on it.
enum { chainedMutations = 5 };

// workerExitCode is worker.go's: the exit status of a worker process after
// an internal error, so that the coordinator does not take it for a crash.
enum { workerExitCode = 70 };

#endif // CTEST_INTERNAL_FUZZ_RPC_H
