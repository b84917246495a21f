// Ports go1.19.8 src/internal/fuzz/fuzz.go: CoordinateFuzzing, its set-up,
// its loop and what its defers undo.
//
// Go's CoordinateFuzzing is one `for { select {...} }` over channels that
// one goroutine per worker feeds. Here the workers are state machines
// (worker.c) and coordinate_select stands for the select: it starts the
// workers that need a process, offers an idle worker an input, or waits in
// poll(2) on the workers' pipes until the next stats tick or the fuzzing
// deadline, and returns one event. coordinate_run handles it in the case
// Go's select would take, one case per event, in Go's order.
//
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/coordinator.h"
#include "internal/fuzz/corpus.h"
#include "internal/fuzz/coverage.h"
#include "internal/fuzz/crash_minimize.h"
#include "internal/fuzz/engine_error.h"
#include "internal/fuzz/memlimit.h"
#include "internal/fuzz/messages.h"
#include "internal/fuzz/sys_posix.h"
#include "internal/fuzz/worker.h"

// sigintPipe wakes the loop on SIGINT (testdeps' signal.NotifyContext):
// the handler writes a byte, the loop polls the read end.
static int sigintPipe[2] = { -1, -1 };

static void onSigint(int sig) {
    (void)sig;
    int saved = errno;
    if (write(sigintPipe[1], "", 1) < 0) {
        // Nothing to do: the pipe is full, so the loop wakes anyway.
    }
    errno = saved;
}

// pollKind says what a descriptor the loop polls stands for.
typedef enum pollKind {
    pollAnswer, // a worker's fuzz_out: an answer, or the end of its process
    pollStderr, // a worker's stderr
    pollExit,   // a worker's process has ended (ctest)
    pollSigint, // ^C
} pollKind;

// coordinateState is what CoordinateFuzzing keeps in its locals and
// closures: the options with their defaults, the workers, what the loop
// polls, and what its defers put back.
typedef struct coordinateState {
    coordinator *c;
    fuzz_CoordinateFuzzingOpts opts;
    FILE *discard;    // /dev/null, when opts.Log was NULL
    int64_t deadline; // when -fuzztime is up (0: never)
    engineGuard guard;
    bool haveSigint; // whether ^C has a pipe to wake the loop
    struct sigaction oldSigint, oldSigterm, oldSigpipe;
    char *binPath;
    char **args;
    char **env;
    worker **workers;
    size_t nworkers;
    struct pollfd *pfds; // room for three per worker, and ^C's
    worker **pws;        // the worker of each pfds entry
    pollKind *kinds;     // and what it stands for
    size_t rr;           // round robin, so that no worker starves the others
    bool statsDue;       // the stats tick came while workers had events to hand over
    int64_t statsAt;     // when it came
} coordinateState;

// coordinateEvent is what coordinate_select returns: a case of Go's select.
typedef enum coordinateEvent {
    eventStop,          // stop was called: the workers' ctx.Done, then return
    eventResult,        // resultC: a worker handed over a result
    eventWorkerErr,     // errC: a worker's coordinate returned
    eventMinimizeCrash, // ctest: a crasher that ended its worker is to be minimized
    eventMinimize,      // minimizeC: an idle worker can minimize a value
    eventInput,         // inputC: an idle worker can fuzz an input
    eventDone,          // doneC: ^C, or the fuzzing time is up
    eventStats,         // statTicker
    eventNone,          // a worker's own business: no case of Go's select
} coordinateEvent;

// selected is what came with the event.
typedef struct selected {
    worker *w;                // eventMinimize, eventInput: the idle worker
    workerEvent ev;           // eventResult, eventWorkerErr (owned)
    fuzzInput input;          // eventInput (owned)
    fuzzMinimizeInput minput; // eventMinimize, eventMinimizeCrash (owned)
    go_error *err;            // eventDone: NULL, or why the loop cannot wait (owned)
} selected;

// workerArgs is append([]string{"-test.fuzzworker"}, os.Args[1:]...) with
// os.Args[0] in front, NULL-terminated.
static char **workerArgs(const fuzz_CoordinateFuzzingOpts *opts) {
    char **args = runtime_calloc((size_t)opts->Argc + 2, sizeof *args);
    args[0] = opts->Argc > 0 ? opts->Argv[0] : "";
    args[1] = "-test.fuzzworker";
    for (int i = 1; i < opts->Argc; i++) {
        args[i + 1] = opts->Argv[i];
    }
    return args;
}

// coordinate_handleSignals sets SIGINT (and SIGTERM) to wake the loop, as
// testdeps' interrupt context does, and SIGPIPE to be ignored: a worker
// that dies must not kill us when we write to its pipe.
static void coordinate_handleSignals(coordinateState *st) {
    struct sigaction sa;
    st->haveSigint = pipe(sigintPipe) == 0;
    if (st->haveSigint) {
        fcntl(sigintPipe[0], F_SETFD, FD_CLOEXEC);
        fcntl(sigintPipe[1], F_SETFD, FD_CLOEXEC);
        fcntl(sigintPipe[1], F_SETFL, O_NONBLOCK);
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = onSigint;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, &st->oldSigint);
        // ctest: SIGTERM (a CI job's timeout, a container's stop) stops
        // fuzzing as ^C does, so that a crasher found is still written.
        sigaction(SIGTERM, &sa, &st->oldSigterm);
    }
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, &st->oldSigpipe);
}

// coordinate_start is CoordinateFuzzing up to its loop: the options'
// defaults, the coordinator, the signals and the workers. The error is the
// coordinator's, when it could not be made (nothing else is set up then).
// A worker that cannot be made stops the run before its loop: *ok is then
// false.
static go_error *coordinate_start(coordinateState *st, const fuzz_CoordinateFuzzingOpts *optsIn,
                                  bool *ok) {
    *st = (coordinateState){ 0 };
    st->opts = *optsIn;
    if (st->opts.Log == NULL) {
        st->discard = fopen("/dev/null", "w");
        st->opts.Log = st->discard;
    }
    if (st->opts.Parallel == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        st->opts.Parallel = n > 0 ? n : 1;
    }
    if (st->opts.Limit > 0 && st->opts.Parallel > st->opts.Limit) {
        // No more workers than values to test.
        st->opts.Parallel = st->opts.Limit;
    }
    // ctest: a malloc limit asked for that the test binary's malloc cannot
    // see is said, not dropped in silence (memlimit.c).
    if (st->opts.MallocLimitMB > 0 && !fuzz_mallocLimitEnforced()) {
        fprintf(st->opts.Log,
                "ctest: warning: -fuzzmalloclimit is not enforced: the test binary's malloc is "
                "neither ctest's nor a sanitizer's with malloc hooks (does the package define "
                "malloc?)\n");
    }
    go_error *err = fuzz_newCoordinator(&st->opts, &st->c);
    if (err != NULL) {
        if (st->discard != NULL) {
            fclose(st->discard);
        }
        return err;
    }
    coordinator *c = st->c;
    st->deadline = st->opts.Timeout > 0 ? c->startTime + st->opts.Timeout : 0;
    // ctest: a panic in the coordinator's own code is the engine's, not the
    // fuzz test's, whose handler the thread has.
    fuzz_guardCoordinatorEngine(&st->guard);
    coordinate_handleSignals(st);

    if (st->opts.Argc > 0 && strchr(st->opts.Argv[0], '/') != NULL) {
        st->binPath = runtime_strdup(st->opts.Argv[0]);
    } else {
        // ctest: Go's exec.Command looks a bare name up in $PATH; the
        // running binary is the one to start.
        st->binPath = runtime_strdup("/proc/self/exe");
    }
    st->args = workerArgs(&st->opts);
    st->env = fuzz_workerEnv(st->opts.AllocLimitMB);
    workerConfig cfg = { st->binPath,
                         st->args,
                         st->env,
                         c->log,
                         st->opts.MinimizeTimeout,
                         0,
                         st->opts.KeepGoing ? &c->known : NULL };
    size_t n = (size_t)st->opts.Parallel;
    st->workers = runtime_calloc(n, sizeof *st->workers);
    for (st->nworkers = 0; st->nworkers < n; st->nworkers++) {
        cfg.index = (uint32_t)st->nworkers;
        err = fuzz_newWorker(&cfg, &st->workers[st->nworkers]);
        if (err != NULL) {
            fuzz_coordinator_stop(c, err);
            *ok = false;
            return NULL;
        }
    }
    c->activeWorkers = (int)n;
    c->nextStats = time_now() + statsInterval;
    st->pfds = runtime_calloc(3 * n + 1, sizeof *st->pfds);
    st->pws = runtime_calloc(3 * n + 1, sizeof *st->pws);
    st->kinds = runtime_calloc(3 * n + 1, sizeof *st->kinds);
    *ok = true;
    return NULL;
}

// coordinate_pending reports an event a worker has handed over (resultC or
// errC), if one has. Only the worker the loop last called on has any, and
// the loop takes them all before anything else, as Go's workers block on
// their sends until the coordinator has taken them.
static bool coordinate_pending(coordinateState *st, selected *sel, coordinateEvent *kind) {
    for (size_t i = 0; i < st->nworkers; i++) {
        if (fuzz_worker_nextEvent(st->workers[i], &sel->ev)) {
            *kind = sel->ev.done ? eventWorkerErr : eventResult;
            return true;
        }
    }
    return false;
}

// coordinate_pollSet fills st->pfds with what the loop waits on: each
// worker's answers, stderr and end, in round-robin order, and ^C. It
// returns how many, and lowers *wake to the earliest call deadline.
static size_t coordinate_pollSet(coordinateState *st, int64_t *wake) {
    size_t npfd = 0;
    for (size_t i = 0; i < st->nworkers; i++) {
        worker *w = st->workers[(st->rr + i) % st->nworkers];
        int64_t d = fuzz_worker_deadline(w);
        if (d != 0 && d < *wake) {
            *wake = d;
        }
        const int fds[3] = { fuzz_worker_fd(w), fuzz_worker_errFd(w), fuzz_worker_exitFd(w) };
        const pollKind kinds[3] = { pollAnswer, pollStderr, pollExit };
        for (int k = 0; k < 3; k++) {
            if (fds[k] >= 0) {
                st->pfds[npfd] = (struct pollfd){ fds[k], POLLIN, 0 };
                st->pws[npfd] = w;
                st->kinds[npfd] = kinds[k];
                npfd++;
            }
        }
    }
    if (st->haveSigint) {
        st->pfds[npfd] = (struct pollfd){ sigintPipe[0], POLLIN, 0 };
        st->pws[npfd] = NULL;
        st->kinds[npfd] = pollSigint;
        npfd++;
    }
    return npfd;
}

// coordinate_ready handles the first descriptor poll found ready.
static coordinateEvent coordinate_ready(coordinateState *st, size_t npfd, selected *sel) {
    st->rr++;
    for (size_t i = 0; i < npfd; i++) {
        if (st->pfds[i].revents == 0) {
            continue;
        }
        switch (st->kinds[i]) {
        case pollSigint:
            return eventDone;
        case pollStderr:
            // The worker wrote to stderr: keep the end of it.
            fuzz_worker_readStderr(st->pws[i]);
            break;
        case pollExit:
            // ctest: the worker's process ended, whether or not its pipe
            // is closed.
            fuzz_worker_exited(st->pws[i]);
            break;
        case pollAnswer:
            // A worker answered, or its process ended.
            fuzz_worker_readable(st->pws[i]);
            break;
        }
        break;
    }
    coordinateEvent kind;
    return coordinate_pending(st, sel, &kind) ? kind : eventNone;
}

// coordinate_wait waits in poll(2) for a worker, ^C, a call's deadline,
// the stats tick or the end of the fuzzing time, whichever comes first.
static coordinateEvent coordinate_wait(coordinateState *st, selected *sel) {
    coordinator *c = st->c;
    int64_t now = time_now();
    int64_t wake = c->nextStats;
    if (st->deadline != 0 && st->deadline < wake) {
        wake = st->deadline;
    }
    size_t npfd = coordinate_pollSet(st, &wake);
    int64_t wait = wake - now;
    int timeoutMs = wait <= 0 ? 0 : (int)((wait + 999999) / 1000000);
    int r = poll(st->pfds, (nfds_t)npfd, timeoutMs);
    if (r < 0 && errno != EINTR) {
        sel->err = fmt_Errorf(NULL, "poll: %s", strerror(errno));
        return eventDone;
    }
    if (r > 0) {
        return coordinate_ready(st, npfd, sel);
    }
    now = time_now();
    if (st->deadline != 0 && now >= st->deadline) {
        return eventDone;
    }
    for (size_t i = 0; i < st->nworkers; i++) {
        int64_t d = fuzz_worker_deadline(st->workers[i]);
        if (d != 0 && now >= d) {
            fuzz_worker_timeout(st->workers[i]);
        }
    }
    if (now >= c->nextStats) {
        st->statsDue = true;
        st->statsAt = now;
    }
    coordinateEvent kind;
    if (coordinate_pending(st, sel, &kind)) {
        return kind;
    }
    return eventNone;
}

// coordinate_select picks the next event, as Go's select does from its
// live cases: what workers have handed over first, then the cases whose
// channel is not nil (an input only when there is one and no crasher is
// being minimized), then whatever poll(2) brings.
static coordinateEvent coordinate_select(coordinateState *st, selected *sel) {
    coordinator *c = st->c;
    *sel = (selected){ 0 };
    coordinateEvent kind;
    if (coordinate_pending(st, sel, &kind)) {
        return kind;
    }
    if (st->statsDue) {
        st->statsDue = false;
        return eventStats;
    }
    if (c->stopping) {
        return eventStop;
    }
    // Each worker's coordinate starts its process first (re-starting one
    // that ended); a failure is its errC.
    for (size_t i = 0; i < st->nworkers; i++) {
        if (fuzz_worker_needsStart(st->workers[i])) {
            fuzz_worker_start(st->workers[i]);
            if (coordinate_pending(st, sel, &kind)) {
                return kind;
            }
        }
    }
    if (c->crashMinimizing != NULL && c->crashMinimizing->crashed && !c->minimizing.byWorker &&
        fuzz_coordinator_peekMinimizeInput(c, &sel->minput)) {
        return eventMinimizeCrash;
    }
    // Go's loop starts each turn with peekInput; its only effect (besides
    // the input it returns) is the refill.
    (void)fuzz_coordinator_peekRefill(c);
    for (size_t i = 0; i < st->nworkers; i++) {
        if (!fuzz_worker_isIdle(st->workers[i])) {
            continue;
        }
        sel->w = st->workers[i];
        if (fuzz_coordinator_peekMinimizeInput(c, &sel->minput)) {
            return eventMinimize;
        }
        if (c->crashMinimizing == NULL && fuzz_coordinator_peekInput(c, &sel->input)) {
            return eventInput;
        }
        break;
    }
    sel->w = NULL;
    return coordinate_wait(st, sel);
}

// coordinate_workerErr is the errC case: the first real error a worker
// returns stops the run, and the worker leaves it.
static void coordinate_workerErr(coordinateState *st, go_error *err) {
    fuzz_coordinator_stop(st->c, err);
    st->c->activeWorkers--;
}

// coordinate_stopWorkers is every worker's ctx.Done case: each is told to
// stop at once (its fuzz_in closed), then each is waited for.
static void coordinate_stopWorkers(coordinateState *st) {
    for (size_t i = 0; i < st->nworkers; i++) {
        fuzz_worker_closeInput(st->workers[i]);
    }
    for (size_t i = 0; i < st->nworkers; i++) {
        worker *w = st->workers[i];
        if (!fuzz_worker_isDone(w)) {
            fuzz_worker_cancel(w);
        }
        workerEvent ev;
        while (fuzz_worker_nextEvent(w, &ev)) {
            if (ev.done) {
                coordinate_workerErr(st, ev.err);
            } else {
                fuzz_coordinator_handleResult(st->c, &ev.result);
            }
        }
    }
}

// progressLine is what each statsInterval brings: the progress line;
// ctest: and, first, the reductions' cache files (coordinator_reduce.c).
static void progressLine(coordinator *c) {
    fuzz_coordinator_flushReductions(c);
    fuzz_coordinator_logStats(c);
}

// workersRSS looks at the workers' memory for the progress line, with
// -test.fuzzstats (ctest's own): a read of each one's statm each
// statsInterval.
static void workersRSS(coordinateState *st) {
    if (!st->opts.Stats) {
        return;
    }
    int64_t sum = 0;
    for (size_t i = 0; i < st->nworkers; i++) {
        int64_t mb = fuzz_worker_rssMB(st->workers[i]);
        if (mb > 0) {
            sum += mb;
        }
    }
    st->c->workersRSSMB = sum;
}

// statsTick is the statTicker case, for a loop that is busy elsewhere.
static void statsTick(void *ctx) {
    coordinator *c = ctx;
    int64_t now = time_now();
    if (now >= c->nextStats) {
        progressLine(c);
        c->nextStats = now + statsInterval;
    }
}

// coordinate_crashMinimizer is what minimizing a crash in new processes
// takes from the run.
static crashMinimizer coordinate_crashMinimizer(coordinateState *st) {
    coordinator *c = st->c;
    crashMinimizer cm = { st->binPath,
                          st->args,
                          st->env,
                          st->haveSigint ? sigintPipe[0] : -1,
                          c->opts.CorpusDir,
                          c->opts.FuzzTimeout,
                          st->deadline,
                          statsTick,
                          c };
    return cm;
}

// coordinate_crashReport gives the result of a worker's minimizing of a
// crasher that ended its worker the report of its smallest candidate,
// which the worker cut short: it runs it once in a new process (ctest:
// -test.fuzzkeepgoing). A candidate that does not crash there leaves the
// result as it is (coordinator_crashes.c then takes the original's).
static void coordinate_crashReport(coordinateState *st, fuzzResult *result) {
    if (!result->fromMinimize || result->crasherMsg == NULL ||
        strcmp(result->crasherMsg, knownKeepMsg) != 0 || result->entry.Data == NULL) {
        return;
    }
    crashMinimizer cm = coordinate_crashMinimizer(st);
    char *msg;
    go_error *err = fuzz_crashReport(&cm, result->entry.Data, result->entry.DataLen, &msg);
    go_error_free(err);
    if (msg != NULL) {
        free(result->crasherMsg);
        result->crasherMsg = msg;
    }
}

// coordinate_minimizeCrash minimizes a crasher that ended its worker, each
// candidate in a new process, while the other workers wait, and handles
// the outcome as a worker's minimize result.
static void coordinate_minimizeCrash(coordinateState *st, fuzzMinimizeInput *input) {
    coordinator *c = st->c;
    crashMinimizer cm = coordinate_crashMinimizer(st);
    fuzzResult result;
    char *origPath = NULL;
    bool origExisted = false;
    go_error *err = fuzz_minimizeCrash(&cm, input, &result, &origPath, &origExisted);
    if (origPath != NULL) {
        free(c->crashOrigPath);
        c->crashOrigPath = origPath;
        c->crashOrigExists = origExisted;
    }
    if (err != NULL) {
        fuzz_coordinator_stop(c, err);
        return;
    }
    fuzz_coordinator_handleResult(c, &result);
}

// batchTake reports whether in can join a warm-up batch with room bytes of
// shared memory left, and takes its bytes from room: only an input with
// its file's bytes at hand (a cache entry) can.
static bool batchTake(const fuzzInput *in, size_t *room) {
    size_t need = 4 + in->entry.DataLen;
    if (!in->warmup || in->entry.Data == NULL || in->entry.DataLen > UINT32_MAX || need > *room) {
        return false;
    }
    *room -= need;
    return true;
}

// coordinate_sendInput hands sel's input to its worker.
// ctest: in a warm-up with many inputs waiting, the inputs after it too,
// in one call (fuzzArgs.Batch): Go makes a round trip for each.
static void coordinate_sendInput(coordinateState *st, selected *sel) {
    coordinator *c = st->c;
    fuzz_coordinator_sentInput(c, &sel->input);
    size_t most = fuzz_coordinator_warmupBatch(c);
    size_t room = fuzz_worker_valueCap(sel->w);
    if (most < 2 || !batchTake(&sel->input, &room)) {
        fuzz_worker_fuzz(sel->w, &sel->input);
        return;
    }
    fuzzInput *ins = runtime_malloc(most * sizeof *ins);
    size_t n = 0;
    ins[n++] = sel->input;
    fuzzInput next;
    while (n < most && fuzz_coordinator_peekInput(c, &next)) {
        if (!batchTake(&next, &room)) {
            fuzz_fuzzInput_clear(&next);
            break;
        }
        fuzz_coordinator_sentInput(c, &next);
        ins[n++] = next;
    }
    if (n == 1) {
        fuzz_worker_fuzz(sel->w, &ins[0]);
        free(ins);
        return;
    }
    fuzz_worker_fuzzBatch(sel->w, ins, n);
}

// coordinate_run is CoordinateFuzzing's loop: one event at a time, until
// the run stops and its workers are done.
static void coordinate_run(coordinateState *st) {
    coordinator *c = st->c;
    fuzz_coordinator_logStats(c);
    for (;;) {
        selected sel;
        switch (coordinate_select(st, &sel)) {
        case eventStop:
            // stop was called: every worker winds down, and the loop ends.
            coordinate_stopWorkers(st);
            return;
        case eventResult:
            // A worker finished a call: its crasher, new coverage, or just
            // its count of executions.
            coordinate_crashReport(st, &sel.ev.result);
            fuzz_coordinator_handleResult(c, &sel.ev.result);
            break;
        case eventWorkerErr:
            // A worker is done, with an error that stops the run or (nil)
            // because it was told to stop.
            coordinate_workerErr(st, sel.ev.err);
            break;
        case eventMinimizeCrash:
            // ctest: a crasher that ended its worker cannot be minimized
            // by a worker; the coordinator does it (crash_minimize.c).
            fuzz_coordinator_sentMinimizeInput(c, &sel.minput);
            coordinate_minimizeCrash(st, &sel.minput);
            fuzz_fuzzMinimizeInput_clear(&sel.minput);
            break;
        case eventMinimize:
            // A value waits to be minimized: it goes to a free worker
            // before any input to fuzz.
            fuzz_coordinator_sentMinimizeInput(c, &sel.minput);
            fuzz_worker_minimize(sel.w, &sel.minput);
            break;
        case eventInput:
            // A free worker fuzzes the next input of the queue.
            coordinate_sendInput(st, &sel);
            break;
        case eventDone:
            // ^C, or the fuzzing time is up: a clean stop, as testdeps
            // gives no error for the context's end (ctest: or poll failed).
            fuzz_coordinator_stop(c, sel.err);
            break;
        case eventStats:
            // Every statsInterval, the progress line.
            workersRSS(st);
            progressLine(c);
            c->nextStats = st->statsAt + statsInterval;
            break;
        case eventNone:
            break;
        }
    }
}

// coordinate_finish is what CoordinateFuzzing's defers do, and its return
// value: the workers are cleaned up, the signals put back, and a crasher
// being minimized reaches the corpus even when fuzzing stopped for
// another reason.
static go_error *coordinate_finish(coordinateState *st) {
    coordinator *c = st->c;
    for (size_t i = 0; i < st->nworkers; i++) {
        go_error *cleanErr = fuzz_worker_cleanup(st->workers[i]);
        if (cleanErr != NULL) {
            fuzz_coordinator_stop(c, cleanErr);
        }
    }
    free(st->workers);
    free(st->pfds);
    free(st->pws);
    free(st->kinds);
    progressLine(c); // defer c.logStats(), ctest: with the reductions' files
    free(st->args);
    fuzz_freeEnv(st->env);
    free(st->binPath);

    sigaction(SIGPIPE, &st->oldSigpipe, NULL);
    if (st->haveSigint) {
        sigaction(SIGINT, &st->oldSigint, NULL);
        sigaction(SIGTERM, &st->oldSigterm, NULL);
        close(sigintPipe[0]);
        close(sigintPipe[1]);
        sigintPipe[0] = sigintPipe[1] = -1;
    }

    if (c->opts.KeepGoing) {
        fuzz_coordinator_keepUnminimized(c);
    }
    go_error *err = c->fuzzErr;
    c->fuzzErr = NULL;
    if (c->opts.KeepGoing) {
        // ctest: the crashes found, one of each cause, make the error.
        if (c->crashes.len > 0 && err == NULL) {
            err = fuzz_newCrashesError(&c->crashes);
        }
    } else if (c->crashMinimizing != NULL && !c->crashWritten) {
        go_error *werr = fuzz_writeToCorpus(&c->crashMinimizing->entry, st->opts.CorpusDir);
        if (werr != NULL) {
            werr = fuzz_crashNotWritten(werr, &c->crashMinimizing->entry,
                                        c->crashMinimizing->crasherMsg);
            go_error *e = fmt_Errorf(err, "%s\n%s", err != NULL ? go_error_Error(err) : "<nil>",
                                     go_error_Error(werr));
            go_error_free(werr);
            err = e;
        } else if (err == NULL) {
            err = fuzz_newCrashError(c->crashMinimizing->entry.Path,
                                     c->crashMinimizing->crasherMsg);
        }
    }
    fuzz_coordinator_free(c);
    if (st->discard != NULL) {
        fclose(st->discard);
    }
    fuzz_unguardEngine(&st->guard);
    return err;
}

go_error *fuzz_CoordinateFuzzing(const fuzz_CoordinateFuzzingOpts *opts) {
    fuzz_linkCounters();
    coordinateState st;
    bool ok;
    go_error *err = coordinate_start(&st, opts, &ok);
    if (err != NULL) {
        return err;
    }
    if (ok) {
        coordinate_run(&st);
    }
    return coordinate_finish(&st);
}
