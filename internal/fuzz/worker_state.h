// worker_state.h: a worker's state, shared by the two halves of the
// coordinator's side of a worker: worker.c (its process and coordinate's
// state machine) and worker_client.c (workerClient's calls and what their
// answers become). Nothing else includes it.
#ifndef CTEST_INTERNAL_FUZZ_WORKER_STATE_H
#define CTEST_INTERNAL_FUZZ_WORKER_STATE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "internal/fuzz/mem.h"
#include "internal/fuzz/messages.h"
#include "internal/fuzz/mutator.h"
#include "internal/fuzz/pipe.h"
#include "internal/fuzz/rpc.h"
#include "internal/fuzz/stderr_tail.h"
#include "internal/fuzz/worker.h"

// workerState is what worker.coordinate's goroutine would be doing.
typedef enum workerState {
    workerStopped,    // no process: coordinate will start one
    workerStarting,   // started; the ping is in flight
    workerIdle,       // waiting in coordinate's select for input
    workerFuzzing,    // a fuzz call is in flight
    workerMinimizing, // a minimize call is in flight (one per minimizable value)
    workerDone,       // coordinate has returned
} workerState;

// worker is worker.go's worker and its workerClient: one worker process
// seen from the coordinator.
struct worker {
    workerConfig cfg; // the test binary, its arguments and environment, ...
    sharedMem *mem;   // the memory shared with the process; persists across processes

    workerState state;
    pid_t pid;                 // the current process, or 0
    int fuzzIn;                // the call pipe's write end, or -1
    int fuzzOut;               // the response pipe's read end, or -1
    int errFd;                 // the process's stderr's read end, or -1
    int pidFd;                 // readable once the process has ended, or -1
    tailBuf errTail;           // the end of what the process wrote to stderr
    lineBuf out;               // what fuzzOut has said so far
    int waitStatus;            // how the last process ended (waitErr: nil if 0)
    bool interrupted;          // stop had to signal the process
    int64_t deadline;          // when the call in flight times out, or 0
    mutator *m;                // the client's mutator, to rebuild a worker's mutations
    uint8_t *inp;              // the value sent with the fuzz call
    size_t inpLen;             //
    fuzzInput input;           // the fuzz call's input
    fuzzInput *batch;          // ctest: a warm-up batch's inputs (fuzzArgs.Batch), or NULL
    size_t nbatch;             //
    uint64_t maskSent;         // ctest: the mask version this process has, or 0
    uint32_t starts;           // ctest: processes started so far (sharedMemHeader.seedMix)
    fuzzMinimizeInput minput;  // the minimize calls' input
    minimizeArgs margs;        // the minimize call's arguments
    fuzz_CorpusEntry entryOut; // the minimized entry so far
    minimizeResponse mresp;    // the last minimize response
    // events is what w has handed the coordinator and it has not read yet,
    // oldest first: nevents from eventsHead, in an array of capEvents (a
    // result for each input of a warm-up batch, then maybe the end of the
    // process).
    workerEvent *events;
    size_t eventsHead, nevents, capEvents;
};

// worker.c: the process and the events.

// fuzz_worker_stop is worker.stop: it closes fuzz_in, drains fuzz_out until
// the process ends, and returns its wait status.
int fuzz_worker_stop(worker *w);
// fuzz_worker_done is coordinate returning err (errC): w leaves the run.
void fuzz_worker_done(worker *w, go_error *err);
// fuzz_worker_sendResult is resultC: the coordinator owns *r now.
void fuzz_worker_sendResult(worker *w, fuzzResult *r);
// fuzz_worker_engineFailed ends w with the internal error of a process
// whose engine failed and that ended with status.
void fuzz_worker_engineFailed(worker *w, int status);
// fuzz_worker_exitMsg is "prefix: <how the process ended>" and the end of
// its stderr; the caller frees it.
char *fuzz_worker_exitMsg(const worker *w, const char *prefix, int status);

// worker_client.c: the calls.

// fuzz_worker_send writes c to the process; a failed write shows up as the
// EOF that follows it.
void fuzz_worker_send(worker *w, const fuzzCall *c);
// fuzz_worker_clearBatch frees the warm-up batch w was given, if any.
void fuzz_worker_clearBatch(worker *w);
// fuzz_worker_fuzzDone is the rest of coordinate's inputC case, once the
// fuzz call has returned resp (callErr, owned: the process died).
void fuzz_worker_fuzzDone(worker *w, fuzzResponse *resp, go_error *callErr);
// fuzz_worker_minimizeResponse handles the answer to one minimize call.
void fuzz_worker_minimizeResponse(worker *w, minimizeResponse *resp);
// fuzz_worker_minimizeFinish is the end of workerClient.minimize and
// worker.minimize (callErr, owned: the call failed).
void fuzz_worker_minimizeFinish(worker *w, go_error *callErr);

#endif // CTEST_INTERNAL_FUZZ_WORKER_STATE_H
