// Ports go1.19.8 src/internal/fuzz/worker.go: worker, the coordinator's side
// of one worker process: newWorker, cleanup, start and stop, and
// coordinate's handling of the process's answers and its end.
//
// Go's worker.coordinate is a goroutine that blocks on each RPC; here each
// worker is a state machine (workerState) that the coordinator's one loop
// (fuzz.c) drives: a call is written, and its response is read when poll(2)
// says the pipe is readable. What a worker has for the coordinator (Go's
// sends on resultC and errC) waits in its events until the loop takes it.
// The calls themselves are worker_client.c; the process's side is
// worker_server.c.
//
#include "internal/fuzz/worker.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal/fuzz/engine_error.h"
#include "internal/fuzz/memlimit.h"
#include "internal/fuzz/sys_posix.h"
#include "internal/fuzz/worker_state.h"

// workerTimeoutDuration is worker.go's: how long a worker may go without
// responding once told to stop, before it is interrupted, then killed (1s).
static const int64_t workerTimeoutDuration = 1000 * 1000 * 1000;

go_error *fuzz_newWorker(const workerConfig *cfg, worker **out) {
    sharedMem *mem;
    go_error *err = fuzz_sharedMemTempFile(workerSharedMemSize, &mem);
    if (err != NULL) {
        return err;
    }
    worker *w = runtime_calloc(1, sizeof *w);
    w->cfg = *cfg;
    w->mem = mem;
    w->fuzzIn = w->fuzzOut = w->errFd = w->pidFd = -1;
    // ctest: with -test.fuzzkeepgoing, the worker goes on after the crashes
    // the coordinator has recorded.
    fuzz_sharedMem_header(mem)->known.enabled = cfg->known != NULL;
    w->m = fuzz_newMutator();
    if (fuzz_UseCmp) {
        w->m->dict = &fuzz_sharedMem_header(mem)->cmpDict;
        w->m->pool = fuzz_crossPool_new();
        w->m->tokens = fuzz_processTokens();
    }
    *out = w;
    return NULL;
}

go_error *fuzz_worker_cleanup(worker *w) {
    if (w == NULL) {
        return NULL;
    }
    go_error *err = fuzz_sharedMem_Close(w->mem);
    fuzz_lineBuf_free(&w->out);
    free(w->errTail.data);
    fuzz_mutator_free(w->m);
    free(w->inp);
    fuzz_fuzzInput_clear(&w->input);
    fuzz_fuzzMinimizeInput_clear(&w->minput);
    fuzz_byteSlice_free(&w->margs.KeepCoverage);
    free(w->margs.KeepCause);
    fuzz_CorpusEntry_clear(&w->entryOut);
    fuzz_minimizeResponse_clear(&w->mresp);
    fuzz_worker_clearBatch(w);
    workerEvent ev;
    while (fuzz_worker_nextEvent(w, &ev)) {
        fuzz_fuzzResult_clear(&ev.result);
        go_error_free(ev.err);
    }
    free(w->events);
    free(w);
    return err;
}

bool fuzz_worker_needsStart(const worker *w) {
    return w->state == workerStopped;
}

bool fuzz_worker_isIdle(const worker *w) {
    return w->state == workerIdle;
}

bool fuzz_worker_isDone(const worker *w) {
    return w->state == workerDone;
}

int fuzz_worker_fd(const worker *w) {
    switch (w->state) {
    case workerStarting:
    case workerIdle: // its end of the process shows as EOF (termC)
    case workerFuzzing:
    case workerMinimizing:
        return w->fuzzOut;
    default:
        return -1;
    }
}

static void worker_processEnded(worker *w);

int fuzz_worker_exitFd(const worker *w) {
    return w->pid != 0 ? w->pidFd : -1;
}

void fuzz_worker_exited(worker *w) {
    // Read what the process wrote before it ended, then take its end as
    // the pipe's EOF, which never comes while a child of it holds the pipe.
    while (w->pid != 0 && w->fuzzOut >= 0) {
        struct pollfd p = { w->fuzzOut, POLLIN, 0 };
        if (poll(&p, 1, 0) <= 0) {
            worker_processEnded(w);
            return;
        }
        fuzz_worker_readable(w);
    }
}

int fuzz_worker_errFd(const worker *w) {
    return w->errFd;
}

void fuzz_worker_readStderr(worker *w) {
    if (w->errFd >= 0 && fuzz_readTail(w->errFd, &w->errTail)) {
        close(w->errFd);
        w->errFd = -1;
    }
}

int64_t fuzz_worker_rssMB(const worker *w) {
    return w->pid > 0 ? fuzz_processRSSMB(w->pid) : -1;
}

int64_t fuzz_worker_deadline(const worker *w) {
    return w->state == workerMinimizing ? w->deadline : 0;
}

// emit leaves ev for the coordinator, which takes what it owns.
static void worker_emit(worker *w, workerEvent ev) {
    if (w->eventsHead + w->nevents == w->capEvents) {
        if (w->eventsHead > 0) {
            memmove(w->events, w->events + w->eventsHead, w->nevents * sizeof *w->events);
            w->eventsHead = 0;
        } else {
            w->capEvents = w->capEvents > 0 ? 2 * w->capEvents : 4;
            w->events = runtime_realloc(w->events, w->capEvents * sizeof *w->events);
        }
    }
    w->events[w->eventsHead + w->nevents++] = ev;
}

bool fuzz_worker_nextEvent(worker *w, workerEvent *ev) {
    if (w->nevents == 0) {
        return false;
    }
    *ev = w->events[w->eventsHead++];
    if (--w->nevents == 0) {
        w->eventsHead = 0;
    }
    return true;
}

// done is coordinate returning err (errC): the worker leaves the run.
void fuzz_worker_done(worker *w, go_error *err) {
    w->state = workerDone;
    worker_emit(w, (workerEvent){ .done = true, .err = err });
}

// sendResult is resultC: it hands the coordinator *r, which it owns now.
void fuzz_worker_sendResult(worker *w, fuzzResult *r) {
    worker_emit(w, (workerEvent){ .result = *r });
    *r = (fuzzResult){ 0 };
}

// closeInput closes fuzz_in, which tells the process to exit once it has
// answered the calls before.
static void worker_closeInput(worker *w) {
    if (w->fuzzIn >= 0) {
        close(w->fuzzIn);
        w->fuzzIn = -1;
    }
}

void fuzz_worker_closeInput(worker *w) {
    worker_closeInput(w);
}

// stop is worker.stop: it closes fuzz_in, drains fuzz_out until the process
// ends, and returns its wait status. A process that does not end within
// workerTimeoutDuration gets SIGINT, then SIGKILL.
int fuzz_worker_stop(worker *w) {
    if (w->pid == 0) {
        // stop already called: the process is gone.
        w->state = workerStopped;
        return w->waitStatus;
    }
    worker_closeInput(w);
    int sig = SIGINT;
    int64_t timer = time_now() + workerTimeoutDuration;
    char buf[4096];
    while (w->fuzzOut >= 0) {
        int64_t left = timer - time_now();
        // The process's stderr is read too, so that it never blocks on it;
        // ctest: and its end is seen even if a child of it holds the pipe.
        struct pollfd pfd[3] = { { w->fuzzOut, POLLIN, 0 },
                                 { w->pidFd, POLLIN, 0 },
                                 { w->errFd, POLLIN, 0 } };
        int r = poll(pfd, w->errFd >= 0 ? 3 : 2, left > 0 ? (int)(left / 1000000) + 1 : 0);
        if (r > 0) {
            if (w->errFd >= 0 && pfd[2].revents != 0) {
                fuzz_worker_readStderr(w);
            }
            if (pfd[1].revents != 0) {
                close(w->fuzzOut); // the process has ended
                w->fuzzOut = -1;
                break;
            }
            if (pfd[0].revents == 0) {
                continue;
            }
            ssize_t n = read(w->fuzzOut, buf, sizeof buf);
            if (n > 0 || (n < 0 && errno == EINTR)) {
                continue;
            }
            close(w->fuzzOut); // EOF: the process has closed its end
            w->fuzzOut = -1;
            break;
        }
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (time_now() < timer) {
            continue;
        }
        // Timer fired before worker terminated.
        w->interrupted = true;
        if (sig == SIGINT) {
            kill(w->pid, SIGINT); // try SIGINT and wait a little longer
            sig = SIGKILL;
        } else if (sig == SIGKILL) {
            kill(w->pid, SIGKILL); // try SIGKILL and keep waiting
            sig = 0;
        } else {
            fprintf(w->cfg.log, "waiting for fuzzing process to terminate...\n");
        }
        timer = time_now() + workerTimeoutDuration;
    }
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
    }
    w->pid = 0;
    w->waitStatus = status;
    if (w->pidFd >= 0) {
        close(w->pidFd);
        w->pidFd = -1;
    }
    // The process is gone: all it wrote to stderr is in the pipe, unless it
    // left a child holding the pipe (then what is there now).
    if (w->errFd >= 0) {
        fuzz_readTail(w->errFd, &w->errTail);
        close(w->errFd);
        w->errFd = -1;
    }
    fuzz_lineBuf_free(&w->out);
    w->state = workerStopped;
    return status;
}

char *fuzz_worker_exitMsg(const worker *w, const char *prefix, int status) {
    return fuzz_exitMsg(prefix, status, &w->errTail);
}

void fuzz_worker_start(worker *w) {
    w->interrupted = false;
    w->waitStatus = 0;
    if (w->m->pool != NULL) {
        fuzz_crossPool_reset(w->m->pool); // a new process starts with none
    }
    // The "fuzz_in" and "fuzz_out" pipes: the coordinator writes calls to
    // fuzzIn and reads responses from fuzzOut. stdin and stdout stay the
    // test's own.
    free(w->errTail.data);
    w->errTail = (tailBuf){ 0 };
    sharedMemHeader *hdr = fuzz_sharedMem_header(w->mem);
    hdr->hung = false;
    hdr->engineFailed = false;
    hdr->interrupted = false;
    // ctest: each process draws its own mutations under a fuzzseed.
    hdr->seedMix = (uint64_t)w->cfg.index << 32 | w->starts;
    w->starts++;
    go_error *err = fuzz_spawnWorker(w->cfg.binPath, w->cfg.args, w->cfg.env, w->mem->fd, false,
                                     &w->pid, &w->fuzzIn, &w->fuzzOut, &w->errFd);
    if (err == NULL) {
        w->pidFd = fuzz_processFd(w->pid);
    }
    w->maskSent = 0;
    if (err != NULL) {
        fuzz_worker_done(w, err);
        return;
    }

    // ping: make sure the worker called F.Fuzz and can communicate.
    fuzzCall c = { .kind = callPing };
    size_t n;
    char *msg = fuzz_encodeCall(&c, &n);
    err = fuzz_writeAll(w->fuzzIn, msg, n);
    free(msg);
    w->state = workerStarting;
    // A process that exits before reading the ping (one that returns or
    // fails before F.Fuzz) closes the pipe, and the write may fail with
    // EPIPE before its EOF is read. Go's ping loses that race in practice,
    // since a Go worker takes longer to start, and reports the EOF: so do
    // we, as worker_send does, by leaving the report to the read.
    go_error_free(err);
}

// engineFailed ends w with the internal error of a process whose engine
// failed (sharedMemHeader.engineFailed) and that ended with status.
void fuzz_worker_engineFailed(worker *w, int status) {
    char *s = fuzz_worker_exitMsg(w, "fuzzing process failed", status);
    fuzz_worker_done(w, fuzz_newInternalError("%s", s));
    free(s);
}

// processEnded is the pipe's EOF in each state.
static void worker_processEnded(worker *w) {
    switch (w->state) {
    case workerStarting: {
        int status = fuzz_worker_stop(w);
        if (fuzz_endedInterrupted(fuzz_sharedMem_header(w->mem), status)) {
            // ctest: it got SIGINT before it answered: a stop.
            fuzz_worker_done(w, NULL);
            return;
        }
        if (fuzz_isInterruptStatus(status)) {
            // A ^C can reach the process before it answers the ping.
            char *s = fuzz_exitStatusString(w->waitStatus);
            fuzz_worker_done(w, errors_New(s));
            free(s);
            return;
        }
        // What the process said is dropped, as Go's /dev/null does: this
        // is no crash, but F.Fuzz not reached (a failure, panic or skip).
        fuzz_worker_done(w, fmt_Errorf(NULL, "fuzzing process terminated without fuzzing: EOF"));
        return;
    }
    case workerIdle: {
        // The process ended between calls, with nothing asked of it.
        int status = fuzz_worker_stop(w);
        if (status == 0 || fuzz_isInterruptStatus(status)) {
            // Stopped, by exiting 0 or by a SIGINT the coordinator did not
            // send (^C reaches the whole process group): suppress the error.
            fuzz_worker_done(w, NULL);
            return;
        }
        char *s;
        if (fuzz_endedEngineFailed(fuzz_sharedMem_header(w->mem), status)) {
            // ctest: the engine failed between calls.
            fuzz_worker_engineFailed(w, status);
            return;
        }
        if (WIFEXITED(status) && WEXITSTATUS(status) == workerExitCode) {
            // The test misused F (say, F.Fail before F.Fuzz): no crash.
            s = fuzz_worker_exitMsg(
                    w, "fuzzing process exited unexpectedly due to an internal failure", status);
        } else {
            s = fuzz_worker_exitMsg(w, "fuzzing process hung or terminated unexpectedly", status);
        }
        fuzz_worker_done(w, errors_New(s));
        free(s);
        return;
    }
    case workerFuzzing: {
        fuzzResponse resp = { 0 };
        fuzz_worker_fuzzDone(w, &resp, errors_New("EOF"));
        fuzz_fuzzResponse_clear(&resp);
        return;
    }
    case workerMinimizing:
        fuzz_worker_minimizeFinish(w, errors_New("EOF"));
        return;
    default:
        return;
    }
}

// protocolError handles an answer that cannot be decoded, as Go's callers
// of callLocked do with its error.
static void worker_protocolError(worker *w, char *msg) {
    switch (w->state) {
    case workerStarting: {
        fuzz_worker_stop(w);
        go_error *err = fmt_Errorf(NULL, "fuzzing process terminated without fuzzing: %s", msg);
        free(msg);
        fuzz_worker_done(w, err);
        return;
    }
    case workerFuzzing: {
        // ctest: the process is alive and said something that is not an
        // answer. Go takes it for a crash when the worker then exits
        // before its stop timer fires; here it is always the broken pipe
        // it is, and no input is recorded.
        fuzz_worker_stop(w);
        go_error *err = fmt_Errorf(NULL, "communicating with fuzzing process: %s", msg);
        free(msg);
        fuzz_worker_done(w, err);
        return;
    }
    case workerMinimizing:
        fuzz_worker_minimizeFinish(w, errors_New(msg));
        free(msg);
        return;
    default:
        free(msg);
        fuzz_worker_stop(w);
        fuzz_worker_done(w, errors_New("communicating with fuzzing process: unexpected message"));
        return;
    }
}

void fuzz_worker_readable(worker *w) {
    size_t n;
    char *line = fuzz_lineBuf_next(&w->out, &n);
    if (line == NULL) {
        ssize_t r = fuzz_lineBuf_read(&w->out, w->fuzzOut);
        if (r <= 0) {
            if (r < 0 && errno == EAGAIN) {
                return;
            }
            worker_processEnded(w);
            return;
        }
        // ctest: Go's json.Decoder fails as soon as the stream cannot be
        // JSON; our messages are lines, so look before waiting for one.
        char *bad = fuzz_lineBuf_badStart(&w->out);
        if (bad != NULL) {
            worker_protocolError(w, bad);
            return;
        }
        line = fuzz_lineBuf_next(&w->out, &n);
        if (line == NULL) {
            return; // not a whole message yet
        }
    }
    switch (w->state) {
    case workerStarting: {
        w->state = workerIdle;
        return;
    }
    case workerFuzzing: {
        fuzzResponse resp;
        go_error *err = fuzz_decodeFuzzResponse(line, n, &resp);
        if (err != NULL) {
            char *msg = runtime_strdup(go_error_Error(err));
            go_error_free(err);
            worker_protocolError(w, msg);
            return;
        }
        fuzz_worker_fuzzDone(w, &resp, NULL);
        fuzz_fuzzResponse_clear(&resp);
        return;
    }
    case workerMinimizing: {
        minimizeResponse resp;
        go_error *err = fuzz_decodeMinimizeResponse(line, n, &resp);
        if (err != NULL) {
            fuzz_worker_minimizeFinish(w, err);
            return;
        }
        fuzz_worker_minimizeResponse(w, &resp);
        fuzz_minimizeResponse_clear(&resp);
        return;
    }
    default:
        // A message nobody asked for: the protocol is broken.
        fuzz_worker_stop(w);
        fuzz_worker_done(w, errors_New("communicating with fuzzing process: unexpected message"));
        return;
    }
}

void fuzz_worker_cancel(worker *w) {
    switch (w->state) {
    case workerDone:
        return;
    case workerStopped:
        fuzz_worker_done(w, NULL);
        return;
    default:
        // Worker was told to stop: whatever it was doing is dropped.
        fuzz_worker_stop(w);
        fuzz_worker_done(w, NULL);
        return;
    }
}
