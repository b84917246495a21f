// (none) ctest's own: minimizing a crasher that ended its worker process,
// which Go does not try (worker.go hands such an input back unminimized).
// Each candidate runs in a new worker process.
#include "internal/fuzz/crash_minimize.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal/fuzz/corpus.h"
#include "internal/fuzz/crashes.h"
#include "internal/fuzz/engine_error.h"
#include "internal/fuzz/minimize.h"
#include "internal/fuzz/pipe.h"
#include "internal/fuzz/rpc.h"
#include "internal/fuzz/stderr_tail.h"
#include "internal/fuzz/sys_posix.h"

// candidate_answers counts the answers (lines) the candidate's process
// writes until it closes fuzz_out or ends, reading its stderr into tail
// meanwhile (*errFd is -1 once that pipe is closed). A process still there
// after backstop ns, or when intrFd becomes readable (^C, *intr), is
// killed (*killed). It closes outFd and pidFd.
static int candidate_answers(pid_t pid, int outFd, int pidFd, int *errFd, tailBuf *tail, int intrFd,
                             int64_t backstop, bool *killed, bool *intr) {
    int answers = 0;
    int64_t deadline = time_now() + backstop;
    bool ended = false;
    while (outFd >= 0) {
        struct pollfd pfd[4];
        nfds_t np = 0;
        pfd[np++] = (struct pollfd){ outFd, POLLIN, 0 };
        if (intrFd >= 0) {
            pfd[np++] = (struct pollfd){ intrFd, POLLIN, 0 };
        }
        // ctest: the process's end, for a child of it may hold the pipe.
        size_t pidAt = np;
        pfd[np++] = (struct pollfd){ pidFd, POLLIN, 0 };
        if (*errFd >= 0) {
            pfd[np++] = (struct pollfd){ *errFd, POLLIN, 0 };
        }
        int64_t left = deadline - time_now();
        int r = poll(pfd, np, left > 0 ? (int)(left / 1000000) + 1 : 0);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r == 0 && time_now() >= deadline) {
            // Neither a crash nor the worker's watchdog: give up on it.
            kill(pid, SIGKILL);
            *killed = true;
            break;
        }
        if (intrFd >= 0 && pfd[1].revents != 0) {
            kill(pid, SIGKILL);
            *killed = true;
            *intr = true;
            break;
        }
        if (*errFd >= 0 && pfd[np - 1].revents != 0 && fuzz_readTail(*errFd, tail)) {
            close(*errFd);
            *errFd = -1;
        }
        if (pfd[pidAt].revents != 0) {
            ended = true; // read what is left, then stop at EAGAIN
        }
        if (pfd[0].revents != 0 || ended) {
            char buf[4096];
            ssize_t got = read(outFd, buf, sizeof buf);
            if (got > 0) {
                for (ssize_t i = 0; i < got; i++) {
                    answers += buf[i] == '\n';
                }
            } else if (got == 0 || (errno != EINTR && errno != EAGAIN) || ended) {
                close(outFd);
                outFd = -1;
            }
        }
    }
    if (pidFd >= 0) {
        close(pidFd);
    }
    if (outFd >= 0) {
        close(outFd);
    }
    return answers;
}

go_error *fuzz_runCandidate(const char *binPath, char **args, char **env, sharedMem *mem,
                            const uint8_t *data, size_t n, int64_t backstop, int intrFd,
                            bool *crashed, char **msg, bool *intr) {
    *crashed = false;
    *msg = NULL;
    *intr = false;
    fuzz_sharedMem_setValue(mem, data, n);
    sharedMemHeader *hdr = fuzz_sharedMem_header(mem);
    hdr->count = 0;
    hdr->rawInMem = false;
    hdr->hung = false;
    hdr->engineFailed = false;

    pid_t pid;
    int inFd, outFd, errFd;
    go_error *err =
            fuzz_spawnWorker(binPath, args, env, mem->fd, true, &pid, &inFd, &outFd, &errFd);
    if (err != NULL) {
        return err;
    }
    int pidFd = fuzz_processFd(pid);
    // The ping, then the value run once; closing fuzz_in then ends the
    // process once it has answered both.
    fuzzCall ping = { .kind = callPing };
    fuzzCall run = { .kind = callFuzz };
    run.Fuzz.Warmup = true;
    size_t n1, n2;
    char *m1 = fuzz_encodeCall(&ping, &n1);
    char *m2 = fuzz_encodeCall(&run, &n2);
    go_error_free(fuzz_writeAll(inFd, m1, n1));
    go_error_free(fuzz_writeAll(inFd, m2, n2)); // a failed write shows as EOF
    free(m1);
    free(m2);
    close(inFd);

    bool killed = false;
    tailBuf tail = { 0 };
    int answers =
            candidate_answers(pid, outFd, pidFd, &errFd, &tail, intrFd, backstop, &killed, intr);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (errFd >= 0) {
        fuzz_readTail(errFd, &tail);
        close(errFd);
    }
    if (killed) {
        free(tail.data);
        return NULL;
    }
    if (answers == 0) {
        // The process ended before it could fuzz: minimizing cannot go on.
        char *s = fuzz_exitStatusString(status);
        char *m = fuzz_withStderr(
                runtime_sprintf("fuzzing process terminated without fuzzing: %s", s), &tail);
        free(s);
        err = errors_New(m);
        free(m);
        free(tail.data);
        return err;
    }
    if (fuzz_endedEngineFailed(hdr, status)) {
        // ctest: the candidate's engine failed: an internal error.
        char *m = fuzz_exitMsg("fuzzing process failed", status, &tail);
        err = fuzz_newInternalError("%s", m);
        free(m);
        free(tail.data);
        return err;
    }
    if (answers == 1 && !fuzz_endedHung(hdr, status) && !fuzz_isInterruptStatus(status) &&
        !(WIFSIGNALED(status) && !fuzz_isCrashSignal(WTERMSIG(status)))) {
        // It ended during the call: the same kind of failure as the crash
        // being minimized.
        *crashed = true;
        *msg = fuzz_exitMsg("fuzzing process hung or terminated unexpectedly", status, &tail);
    }
    free(tail.data);
    return NULL;
}

// fuzzTimeoutDefault is -test.fuzztimeout's default (10s), for a zero opt.
static const int64_t fuzzTimeoutDefault = 10LL * 1000 * 1000 * 1000;

go_error *fuzz_crashReport(const crashMinimizer *cfg, const uint8_t *data, size_t n, char **msg) {
    *msg = NULL;
    sharedMem *mem;
    go_error *err = fuzz_sharedMemTempFile(workerSharedMemSize, &mem);
    if (err != NULL) {
        return err;
    }
    int64_t timeout = cfg->fuzzTimeout > 0 ? cfg->fuzzTimeout : fuzzTimeoutDefault;
    bool crashed, intr;
    err = fuzz_runCandidate(cfg->binPath, cfg->args, cfg->env, mem, data, n,
                            timeout + 10LL * 1000 * 1000 * 1000, cfg->intrFd, &crashed, msg, &intr);
    go_error_free(fuzz_sharedMem_Close(mem));
    return err;
}

// crashMin is the state of fuzz_minimizeCrash: minimizeInput's
// closures, with a new process per candidate.
typedef struct crashMin {
    const crashMinimizer *cfg;
    sharedMem *mem;   // the candidates' shared memory
    go_value *vals;   // the values being minimized; vals[index] is the candidate
    size_t n;         //
    go_int index;     //
    int64_t deadline; // 0: none
    int64_t limit;    // 0: none
    int64_t count;    // candidates run
    bool interrupted; // ^C
    go_error *err;    // a candidate could not run
    char *lastMsg;    // the last crash's message (owned)
    // keepCause is the cause a crash must have to count (ctest:
    // -test.fuzzkeepgoing), or NULL for any.
    const char *keepCause;
} crashMin;

static bool crashMin_shouldStop(void *p) {
    crashMin *st = p;
    return st->interrupted || st->err != NULL ||
           (st->deadline != 0 && time_now() >= st->deadline) ||
           (st->limit > 0 && st->count >= st->limit);
}

// run runs the marshaled values in a new worker and reports whether they
// still crash it.
static bool crashMin_run(crashMin *st, const uint8_t *data, size_t n) {
    const crashMinimizer *cfg = st->cfg;
    st->count++;
    int64_t timeout = cfg->fuzzTimeout > 0 ? cfg->fuzzTimeout : fuzzTimeoutDefault;
    // The worker's watchdog ends a hang at timeout; the backstop is for a
    // worker that hangs elsewhere.
    int64_t backstop = timeout + 10LL * 1000 * 1000 * 1000;
    bool crashed, intr;
    char *msg;
    go_error *err = fuzz_runCandidate(cfg->binPath, cfg->args, cfg->env, st->mem, data, n, backstop,
                                      cfg->intrFd, &crashed, &msg, &intr);
    if (cfg->tick != NULL) {
        cfg->tick(cfg->ctx);
    }
    if (err != NULL) {
        st->err = err;
        return false;
    }
    st->interrupted = intr;
    if (crashed && st->keepCause != NULL && !fuzz_crashHasCause(msg, st->keepCause)) {
        crashed = false; // another bug: not a smaller value of this one
        free(msg);
    }
    if (crashed) {
        free(st->lastMsg);
        st->lastMsg = msg;
    }
    return crashed;
}

// try is tryMinimized: the values with candidate at index still crash.
static bool crashMin_try(void *p, go_bytes candidate) {
    crashMin *st = p;
    go_value prev = st->vals[st->index];
    if (prev.kind == GO_BYTES) {
        st->vals[st->index].v.bytes = candidate;
    } else {
        st->vals[st->index].v.str = (go_string){ (const char *)candidate.ptr, candidate.len };
    }
    uint8_t *data;
    size_t n;
    fuzz_marshalCorpusFile(st->vals, st->n, &data, &n);
    bool crashed = crashMin_run(st, data, n);
    free(data);
    if (!crashed) {
        st->vals[st->index] = prev;
    }
    return crashed;
}

// writeOriginal writes the crasher orig as it is, before minimizing it,
// and sets *origPath (the caller frees it) and *origExisted (whether the
// file was there before).
static go_error *writeOriginal(const crashMinimizer *cfg, fuzz_CorpusEntry *orig, char **origPath,
                               bool *origExisted) {
    char *sum = fuzz_corpusFileName(orig->Data, orig->DataLen);
    char *path = runtime_sprintf("%s/%s", cfg->corpusDir, sum);
    free(sum);
    struct stat stt;
    bool existed = stat(path, &stt) == 0;
    free(path);
    go_error *err = fuzz_writeToCorpus(orig, cfg->corpusDir);
    if (err != NULL) {
        return err;
    }
    *origPath = runtime_strdup(orig->Path);
    *origExisted = existed;
    return NULL;
}

// fuzz_minimizeCrash: see crash_minimize.h. ctest: Go hands such a
// crasher back as it is, since minimizing it in the worker it ended is
// not possible. Here it is minimized the way minimizeInput minimizes
// (minimizeBytes on each []byte and string value, in order), within the
// same budget (-test.fuzzminimizetime: a time, or a count of candidates,
// the first check of the crasher included). The unminimized crasher is
// written first, when it can be, so that it is kept whatever happens to
// the coordinator; the minimized one replaces it.
go_error *fuzz_minimizeCrash(const crashMinimizer *cfg, const fuzzMinimizeInput *input,
                             fuzzResult *out, char **origPath, bool *origExisted) {
    int64_t start = time_now();
    fuzz_CorpusEntry orig = fuzz_CorpusEntry_copy(&input->entry);
    if (orig.Data == NULL) {
        const uint8_t *data;
        size_t n;
        bool owned;
        go_error *err = fuzz_corpusEntryData(&orig, &data, &n, &owned);
        if (err != NULL) {
            fuzz_CorpusEntry_clear(&orig);
            return err;
        }
        orig.Data = owned ? (uint8_t *)data : fuzz_byteSlice_copy(data, n).ptr;
        orig.DataLen = n;
    }
    // A crasher that cannot be written (a read-only testdata) is minimized
    // all the same: it is in memory, and the coordinator prints it when
    // writing the result fails too.
    go_error_free(writeOriginal(cfg, &orig, origPath, origExisted));

    crashMin st = { 0 };
    st.cfg = cfg;
    st.limit = input->limit;
    st.keepCause = input->keepCause;
    if (input->timeout != 0) {
        st.deadline = start + input->timeout;
    }
    if (cfg->stopAt != 0 && (st.deadline == 0 || cfg->stopAt < st.deadline)) {
        st.deadline = cfg->stopAt;
    }
    go_error *err = fuzz_sharedMemTempFile(workerSharedMemSize, &st.mem);
    if (err == NULL) {
        err = fuzz_unmarshalCorpusFile(orig.Data, orig.DataLen, &st.vals, &st.n);
    }
    if (err != NULL) {
        fuzz_CorpusEntry_clear(&orig);
        go_error_free(fuzz_sharedMem_Close(st.mem));
        return err;
    }

    // Check that the crasher crashes a new process; if not, it may have
    // been a flake (or need the worker's earlier inputs), and cannot be
    // minimized.
    bool success = false;
    if (!crashMin_shouldStop(&st) && crashMin_run(&st, orig.Data, orig.DataLen)) {
        success = true;
        for (size_t i = 0; i < st.n && !crashMin_shouldStop(&st); i++) {
            go_value *v = &st.vals[i];
            if (!fuzz_isMinimizable(v->kind)) {
                continue;
            }
            st.index = (go_int)i;
            const uint8_t *p = v->kind == GO_BYTES ? v->v.bytes.ptr : (const uint8_t *)v->v.str.ptr;
            size_t len = v->kind == GO_BYTES ? v->v.bytes.len : v->v.str.len;
            byteSlice b = fuzz_byteSlice_copy(p != NULL ? p : (const uint8_t *)"", len);
            go_value before = *v;
            fuzz_minimizeBytes(&b, crashMin_try, crashMin_shouldStop, &st);
            // v views a candidate now (or still the original): own b, which
            // holds the result.
            free((void *)p);
            *v = before;
            if (v->kind == GO_BYTES) {
                v->v.bytes = (go_bytes){ b.ptr, b.len };
            } else {
                v->v.str = (go_string){ (const char *)b.ptr, b.len };
            }
        }
    }

    fuzzResult result = { 0 };
    result.limit = input->limit;
    result.count = st.count;
    result.totalDuration = time_now() - start;
    result.canMinimize = false;
    result.crashed = true;
    result.fromMinimize = true;
    if (success) {
        // The values as minimized so far: each step kept a crashing value.
        result.entry = fuzz_CorpusEntry_copy(&orig);
        free(result.entry.Data);
        fuzz_freeValues(result.entry.Values, result.entry.NValues);
        result.entry.Values = NULL;
        result.entry.NValues = 0;
        fuzz_marshalCorpusFile(st.vals, st.n, &result.entry.Data, &result.entry.DataLen);
        free(result.entry.Path);
        result.entry.Path = fuzz_shortHash(result.entry.Data, result.entry.DataLen);
        result.crasherMsg = st.lastMsg;
        st.lastMsg = NULL;
    } else {
        // Error minimizing, or no crash: send back the original input.
        result.entry = fuzz_CorpusEntry_copy(&orig);
        result.crasherMsg = input->crasherMsg != NULL ? runtime_strdup(input->crasherMsg) : NULL;
    }
    if (st.err != NULL) {
        // ctest: say why, after the crash's own message.
        char *m = runtime_sprintf("%s\n(minimizing stopped: %s)",
                                  result.crasherMsg != NULL ? result.crasherMsg : "",
                                  go_error_Error(st.err));
        free(result.crasherMsg);
        result.crasherMsg = m;
        go_error_free(st.err);
    }
    free(st.lastMsg);
    fuzz_freeValues(st.vals, st.n);
    go_error_free(fuzz_sharedMem_Close(st.mem));
    fuzz_CorpusEntry_clear(&orig);
    *out = result;
    return NULL;
}
