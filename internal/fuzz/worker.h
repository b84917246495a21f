// worker.h: the coordinator's side of a worker process (worker.c, worker_client.c).
#ifndef CTEST_INTERNAL_FUZZ_WORKER_H
#define CTEST_INTERNAL_FUZZ_WORKER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "internal/fuzz/messages.h"

typedef struct worker worker;

// The coordinator's side of a worker (worker.c). Go runs one goroutine per
// worker (worker.coordinate); here the coordinator's loop in fuzz.c drives
// each worker's state machine through these calls, and reads what the
// worker hands back as events (fuzz_worker_nextEvent), as Go's coordinate
// sends on resultC and errC.

// workerConfig is what a worker takes from the coordinator. Go's worker
// keeps a pointer to the coordinator itself; here the worker knows nothing
// else of it.
typedef struct workerConfig {
    const char *binPath;     // the test binary (borrowed)
    char **args;             // its arguments, NULL-terminated (borrowed)
    char **env;              // the workers' environment (borrowed)
    FILE *log;               // opts.Log, for "waiting for fuzzing process to terminate..."
    int64_t minimizeTimeout; // opts.MinimizeTimeout (ns); 0 is no limit
    uint32_t index;          // ctest: the worker's number, from 0 (sharedMemHeader.seedMix)
    // ctest, with -test.fuzzkeepgoing (NULL without): the coordinator's
    // keys of the crashes a worker goes on after (borrowed), sent with
    // each fuzz call.
    const struct knownTable *known;
} workerConfig;

// workerEvent is what a worker hands the coordinator: a result (resultC),
// or, once done, coordinate's return value (errC).
typedef struct workerEvent {
    bool done;         // false: result is set; true: err is
    fuzzResult result; // a result, which the receiver owns
    go_error *err;     // the error coordinate returned (owned), NULL for a clean end
} workerEvent;

// fuzz_newWorker is newWorker: it creates the shared memory; the process
// starts on fuzz_worker_start. w copies cfg, whose pointers it borrows.
go_error *fuzz_newWorker(const workerConfig *cfg, worker **out);
// fuzz_worker_cleanup is cleanup: it frees w and its shared memory.
go_error *fuzz_worker_cleanup(worker *w);
// fuzz_worker_needsStart reports whether w has no process and is still
// part of the run (coordinate's "if !w.isRunning()").
bool fuzz_worker_needsStart(const worker *w);
// fuzz_worker_start is startAndPing's first half: it starts the process and
// sends the ping. A failure ends w, with an event that says why.
void fuzz_worker_start(worker *w);
// fuzz_worker_isIdle reports whether w waits for input (coordinate's select).
bool fuzz_worker_isIdle(const worker *w);
// fuzz_worker_isDone reports whether coordinate has returned for w.
bool fuzz_worker_isDone(const worker *w);
// fuzz_worker_fd is the descriptor to poll for w's next event, or -1.
int fuzz_worker_fd(const worker *w);
// fuzz_worker_deadline is when w's call times out (time_now clock), or 0.
int64_t fuzz_worker_deadline(const worker *w);
// fuzz_worker_rssMB is the resident memory of w's process in megabytes,
// or -1 when it has none or it cannot be read (ctest: -test.fuzzstats).
int64_t fuzz_worker_rssMB(const worker *w);
// fuzz_worker_exitFd polls readable once the running process has ended
// (-1: none, or no way to tell); the coordinator then calls
// fuzz_worker_exited, which reads what the process answered before it
// ended and handles its end. ctest: Go waits for the pipe's EOF.
int fuzz_worker_exitFd(const worker *w);
void fuzz_worker_exited(worker *w);
// fuzz_worker_errFd is the read end of the process's stderr, or -1; when
// poll says it is readable, fuzz_worker_readStderr keeps what it says.
int fuzz_worker_errFd(const worker *w);
void fuzz_worker_readStderr(worker *w);

// fuzz_worker_fuzz sends in to w (coordinate's inputC case); w owns in now.
void fuzz_worker_fuzz(worker *w, fuzzInput *in);
// fuzz_worker_fuzzBatch sends the k warm-up inputs ins to w in one call
// (ctest: fuzzArgs.Batch); w owns ins, an array from runtime_malloc, now.
// The values must fit the shared memory together, each with 4 bytes more.
// The coordinator gets a result for each input.
void fuzz_worker_fuzzBatch(worker *w, fuzzInput *ins, size_t k);
// fuzz_worker_valueCap is how many bytes of values one call can carry.
size_t fuzz_worker_valueCap(const worker *w);
// fuzz_worker_minimize sends in to w (the minimizeC case); w owns in now.
void fuzz_worker_minimize(worker *w, fuzzMinimizeInput *in);
// fuzz_worker_readable handles what w's fd has to say: a response or the
// end of the process.
void fuzz_worker_readable(worker *w);
// fuzz_worker_timeout handles w's call deadline having passed.
void fuzz_worker_timeout(worker *w);
// fuzz_worker_cancel is coordinate's ctx.Done case: w stops and is done.
// fuzz_worker_closeInput first closes its fuzz_in, so that all workers
// wind down at once.
void fuzz_worker_closeInput(worker *w);
void fuzz_worker_cancel(worker *w);

// fuzz_worker_nextEvent moves the oldest event w has for the coordinator
// to *ev and returns true, or returns false if w has none. A call on w
// hands over at most a few: a result, then the end of its process.
bool fuzz_worker_nextEvent(worker *w, workerEvent *ev);

#endif // CTEST_INTERNAL_FUZZ_WORKER_H
