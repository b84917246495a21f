// Ports go1.19.8 src/internal/fuzz/sys_posix.go: mapping the shared memory,
// passing the worker its pipes and memory as fds 3, 4 and 5, and reading
// how a worker process ended (os.ProcessState.String, isInterruptError,
// isCrashSignal).
//
// WCOREDUMP, sigaltstack's SS_ONSTACK and pthread_getattr_np are not POSIX.
#define _GNU_SOURCE
#include "internal/fuzz/sys_posix.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal/fuzz/mem.h"
#include "internal/fuzz/rpc.h"

extern char **environ;

go_error *fuzz_sharedMemMapFile(int fd, char *name, size_t size, bool removeOnClose,
                                sharedMem **out) {
    void *region = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (region == MAP_FAILED) {
        go_error *err = fmt_Errorf(NULL, "mmap: %s", strerror(errno));
        close(fd);
        if (removeOnClose && name != NULL) {
            unlink(name);
        }
        free(name);
        return err;
    }
    sharedMem *m = runtime_calloc(1, sizeof *m);
    *m = (sharedMem){ fd, name, region, size, removeOnClose };
    *out = m;
    return NULL;
}

go_error *fuzz_sharedMem_Close(sharedMem *m) {
    if (m == NULL) {
        return NULL;
    }
    go_error *err = NULL;
    if (munmap(m->region, m->size) != 0) {
        err = fmt_Errorf(NULL, "munmap: %s", strerror(errno));
    }
    if (close(m->fd) != 0 && err == NULL) {
        err = fmt_Errorf(NULL, "close %s: %s", m->name ? m->name : "fuzz_mem", strerror(errno));
    }
    if (m->removeOnClose && m->name != NULL && unlink(m->name) != 0 && err == NULL) {
        err = fmt_Errorf(NULL, "remove %s: %s", m->name, strerror(errno));
    }
    free(m->name);
    free(m);
    return err;
}

// highFd moves fd above the fds a child is given (3, 4, 5), close-on-exec,
// so that dup2 in the child never finds a target already in use and the
// child keeps only what it is given.
static int highFd(int fd) {
    int h = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    if (h >= 0) {
        close(fd);
    }
    return h;
}

// envDefaults are the variables a worker runs with, each before the
// user's own value (whose settings, coming later, win).
// ctest: Go has no sanitizers in workers. A leak report at a worker's exit
// belongs to no input, so LeakSanitizer is off; UBSan prints a stack. With
// ASan's default exitcode a report ends the worker with exit status 1,
// which the coordinator takes for a crash like any end of a worker during a
// call (only workerExitCode, 70, while idle, is an internal failure).
// ctest: glibc's malloc takes a lock for each allocation and free that its
// per-thread cache misses once a process has a second thread, and a worker
// has several (the watchdog, the fuzz function's). With 1000 chunks of
// each size in the cache rather than 7, a target that builds and frees a
// large structure per input rarely misses it: 1.36x the executions on mujs
// (an interpreter state per input), near those of AFL++'s single-threaded
// target; lua 1.06x, expat, pcre2 and inih the same. Other C libraries
// ignore the variable; ASan has its own allocator.
// ctest: ASan runs its malloc hooks, where the limit on one allocation is
// checked (memlimit.c), only once it has allocated, and making room for 3
// GB takes it 2 s or more (it poisons the shadow first): long enough for
// the worker's hang timeout. With max_allocation_size_mb at the limit, it
// refuses such a request at once, with its allocation-size-too-big report.
static const struct {
    const char *name;
    const char *defaults;
} envDefaults[] = {
    { "ASAN_OPTIONS", "detect_leaks=0" },
    { "UBSAN_OPTIONS", "print_stacktrace=1" },
    { "GLIBC_TUNABLES", "glibc.malloc.tcache_count=1000" },
};

// defaultsFor is the defaults of envDefaults[j], allocated, for a worker
// whose limit on one allocation is allocLimitMB.
static char *defaultsFor(size_t j, int64_t allocLimitMB) {
    if (allocLimitMB > 0 && strcmp(envDefaults[j].name, "ASAN_OPTIONS") == 0) {
        return runtime_sprintf("%s:max_allocation_size_mb=%" PRId64, envDefaults[j].defaults,
                               allocLimitMB);
    }
    return runtime_strdup(envDefaults[j].defaults);
}

char **fuzz_workerEnv(int64_t allocLimitMB) {
    size_t n = 0;
    while (environ[n] != NULL) {
        n++;
    }
    enum { ndef = sizeof envDefaults / sizeof envDefaults[0] };
    char **env = runtime_calloc(n + ndef + 1, sizeof *env);
    bool seen[ndef] = { false };
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char *e = environ[i];
        for (size_t j = 0; j < ndef; j++) {
            size_t l = strlen(envDefaults[j].name);
            if (strncmp(e, envDefaults[j].name, l) == 0 && e[l] == '=') {
                char *d = defaultsFor(j, allocLimitMB);
                e = runtime_sprintf("%s=%s:%s", envDefaults[j].name, d, e + l + 1);
                free(d);
                seen[j] = true;
                break;
            }
        }
        env[k++] = e == environ[i] ? runtime_strdup(e) : e;
    }
    for (size_t j = 0; j < ndef; j++) {
        if (!seen[j]) {
            char *d = defaultsFor(j, allocLimitMB);
            env[k++] = runtime_sprintf("%s=%s", envDefaults[j].name, d);
            free(d);
        }
    }
    env[k] = NULL;
    return env;
}

void fuzz_freeEnv(char **env) {
    if (env == NULL) {
        return;
    }
    for (size_t i = 0; env[i] != NULL; i++) {
        free(env[i]);
    }
    free(env);
}

go_error *fuzz_startProcess(const char *binPath, char *const *args, char *const *env, int fuzzIn,
                            int fuzzOut, int memFd, int errFd, pid_t *pid) {
    // Go's exec.Cmd.ExtraFiles; posix_spawn gives the same fds.
    // A worker writes to /dev/null, as Go's (a nil Cmd.Stdout and Stderr),
    // but for its stderr if errFd >= 0.
    // ctest: errFd is a pipe the coordinator keeps the end of (the last 64
    // KiB), so that what a dying worker says (a sanitizer report, "panic:
    // deadlocked!") is reported with its crash.
    int in = fcntl(fuzzIn, F_DUPFD_CLOEXEC, 10);
    int outFd = fcntl(fuzzOut, F_DUPFD_CLOEXEC, 10);
    int mem = fcntl(memFd, F_DUPFD_CLOEXEC, 10);
    int errOut = errFd >= 0 ? fcntl(errFd, F_DUPFD_CLOEXEC, 10) : -1;
    go_error *err = NULL;
    if (in < 0 || outFd < 0 || mem < 0 || (errFd >= 0 && errOut < 0)) {
        err = fmt_Errorf(NULL, "fcntl: %s", strerror(errno));
        goto out;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in, 3);
    posix_spawn_file_actions_adddup2(&fa, outFd, 4);
    posix_spawn_file_actions_adddup2(&fa, mem, 5);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    if (errOut >= 0) {
        posix_spawn_file_actions_adddup2(&fa, errOut, 2);
    } else {
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    }
    // The coordinator ignores SIGPIPE; a worker starts with the default.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t def;
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    posix_spawnattr_setsigdefault(&attr, &def);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
    int rc = posix_spawn(pid, binPath, &fa, &attr, args, env != NULL ? env : environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        err = fmt_Errorf(NULL, "fork/exec %s: %s", binPath, strerror(rc));
    }
out:
    if (in >= 0) {
        close(in);
    }
    if (outFd >= 0) {
        close(outFd);
    }
    if (mem >= 0) {
        close(mem);
    }
    if (errOut >= 0) {
        close(errOut);
    }
    return err;
}

go_error *fuzz_getWorkerComm(int *fuzzIn, int *fuzzOut, sharedMem **mem) {
    // Keep the three fds away from what the fuzz function may open or close
    // (and out of any process it starts). Fds 3 and 4 stay open too (but
    // close-on-exec), as in Go's worker, whose fuzz function may write to
    // its fuzz_out as fd 4 (test_fuzz_io_error.txt does).
    int in = fcntl(3, F_DUPFD_CLOEXEC, 10), outFd = fcntl(4, F_DUPFD_CLOEXEC, 10);
    fcntl(3, F_SETFD, FD_CLOEXEC);
    fcntl(4, F_SETFD, FD_CLOEXEC);
    int memFd = highFd(5);
    if (in < 0 || outFd < 0 || memFd < 0) {
        return fmt_Errorf(NULL, "fstat fuzz_mem: %s", strerror(EBADF));
    }
    struct stat st;
    if (fstat(memFd, &st) != 0) {
        return fmt_Errorf(NULL, "stat fuzz_mem: %s", strerror(errno));
    }
    size_t size = (size_t)st.st_size;
    bool removeOnClose = false;
    go_error *err = fuzz_sharedMemMapFile(memFd, NULL, size, removeOnClose, mem);
    if (err != NULL) {
        return err;
    }
    *fuzzIn = in;
    *fuzzOut = outFd;
    return NULL;
}

// The fuzz thread's stack, for onSegv: [stackLo, stackHi), its guard
// pages below stackLo.
static uintptr_t stackLo, stackGuard;

// onSegv tells a stack overflow from another SIGSEGV, says so as Go's
// runtime does, and returns with SIGSEGV's default action back (the
// handler is SA_RESETHAND): the fault repeats and ends the process with
// the signal, which the coordinator reports.
static void onSegv(int sig, siginfo_t *si, void *uc) {
    (void)sig;
    (void)uc;
    uintptr_t a = (uintptr_t)si->si_addr;
    // A frame larger than the guard may land below it: allow 64 KiB more.
    if (a < stackLo + 4096 && a + stackGuard + (64 << 10) >= stackLo) {
        static const char msg[] = "fatal error: stack overflow\n";
        if (write(2, msg, sizeof msg - 1) < 0) {
            // Dying anyway.
        }
    }
}

void fuzz_reportStackOverflow(void) {
    struct sigaction old;
    if (sigaction(SIGSEGV, NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) != 0 ||
        old.sa_handler != SIG_DFL) {
        return; // a sanitizer's handler, or the program's own
    }
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) {
        return;
    }
    void *addr;
    size_t size, guard = 0;
    int rc = pthread_attr_getstack(&attr, &addr, &size);
    pthread_attr_getguardsize(&attr, &guard);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        return;
    }
    stackLo = (uintptr_t)addr;
    stackGuard = guard;
    // The handler cannot run on the exhausted stack: give it its own.
    static char altStack[64 << 10];
    stack_t ss = { .ss_sp = altStack, .ss_size = sizeof altStack, .ss_flags = 0 };
    if (sigaltstack(&ss, NULL) != 0) {
        return;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = onSegv;
    sa.sa_flags = (int)(SA_SIGINFO | SA_ONSTACK | SA_RESETHAND);
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
}

// signalString is syscall.Signal.String on Linux: Go's table of signal
// descriptions (zsignal_linux_*.go), or "signal N".
static char *signalString(int sig) {
    static const struct {
        int sig;
        const char *name;
    } signals[] = {
        { SIGHUP, "hangup" },
        { SIGINT, "interrupt" },
        { SIGQUIT, "quit" },
        { SIGILL, "illegal instruction" },
        { SIGTRAP, "trace/breakpoint trap" },
        { SIGABRT, "aborted" },
        { SIGBUS, "bus error" },
        { SIGFPE, "floating point exception" },
        { SIGKILL, "killed" },
        { SIGUSR1, "user defined signal 1" },
        { SIGSEGV, "segmentation fault" },
        { SIGUSR2, "user defined signal 2" },
        { SIGPIPE, "broken pipe" },
        { SIGALRM, "alarm clock" },
        { SIGTERM, "terminated" },
        { SIGCHLD, "child exited" },
        { SIGCONT, "continued" },
        { SIGSTOP, "stopped (signal)" },
        { SIGTSTP, "stopped" },
        { SIGTTIN, "stopped (tty input)" },
        { SIGTTOU, "stopped (tty output)" },
        { SIGURG, "urgent I/O condition" },
        { SIGXCPU, "CPU time limit exceeded" },
        { SIGXFSZ, "file size limit exceeded" },
        { SIGVTALRM, "virtual timer expired" },
        { SIGPROF, "profiling timer expired" },
        { SIGSYS, "bad system call" },
    };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        if (signals[i].sig == sig) {
            return runtime_strdup(signals[i].name);
        }
    }
    return runtime_sprintf("signal %d", sig);
}

char *fuzz_exitStatusString(int status) {
    char *res;
    if (WIFEXITED(status)) {
        res = runtime_sprintf("exit status %d", WEXITSTATUS(status));
    } else if (WIFSIGNALED(status)) {
        char *s = signalString(WTERMSIG(status));
        res = runtime_sprintf("signal: %s%s", s, WCOREDUMP(status) ? " (core dumped)" : "");
        free(s);
    } else {
        res = runtime_sprintf("exit status %d", -1);
    }
    return res;
}

bool fuzz_isInterruptStatus(int status) {
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGINT;
}

static bool exitedWith(int status, int code) {
    return WIFEXITED(status) && WEXITSTATUS(status) == code;
}

bool fuzz_endedHung(const sharedMemHeader *hdr, int status) {
    return __atomic_load_n(&hdr->hung, __ATOMIC_SEQ_CST) && exitedWith(status, 2);
}

bool fuzz_endedEngineFailed(const sharedMemHeader *hdr, int status) {
    return __atomic_load_n(&hdr->engineFailed, __ATOMIC_SEQ_CST) &&
           exitedWith(status, workerExitCode);
}

bool fuzz_endedInterrupted(const sharedMemHeader *hdr, int status) {
    return __atomic_load_n(&hdr->interrupted, __ATOMIC_SEQ_CST) &&
           (exitedWith(status, 0) || fuzz_isInterruptStatus(status));
}

bool fuzz_isCrashSignal(int sig) {
    switch (sig) {
    case SIGILL:  // a bad instruction
    case SIGTRAP: // a trap, as __builtin_trap makes
    case SIGABRT: // abort(), an assertion
    case SIGBUS:  // a bad access, such as a misaligned one
    case SIGFPE:  // an arithmetic fault: division by zero
    case SIGSEGV: // a bad address, or a write to read-only memory
    case SIGPIPE: // a write nobody reads
        return true;
    default:
        return false;
    }
}

int fuzz_processFd(pid_t pid) {
#ifdef SYS_pidfd_open
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd >= 0) {
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        return fd;
    }
#else
    (void)pid;
#endif
    return -1;
}

// newPipe is pipe(2) with both ends close-on-exec and, if nonblockRead,
// a non-blocking read end.
static int newPipe(int p[2], bool nonblockRead) {
    if (pipe(p) != 0) {
        return -1;
    }
    // No end may leak into a worker process but as its fds 2, 3 and 4: a
    // worker holding the write end of its own fuzz_in would never see EOF.
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    if (nonblockRead) {
        fcntl(p[0], F_SETFL, O_NONBLOCK);
    }
    return 0;
}

// fuzz_spawnWorker starts binPath with new fuzz_in and fuzz_out pipes, as its fds 3
// and 4, and a pipe for its stderr when one can be made (else *errFd is -1:
// the process keeps ours). It returns the coordinator's ends: *inFd to
// write calls to, *outFd (non-blocking if asked) and *errFd to read.
go_error *fuzz_spawnWorker(const char *binPath, char **args, char **env, int memFd,
                           bool nonblockOut, pid_t *pid, int *inFd, int *outFd, int *errFd) {
    int inPipe[2], outPipe[2], errPipe[2];
    if (newPipe(inPipe, false) != 0) {
        return fmt_Errorf(NULL, "pipe: %s", strerror(errno));
    }
    if (newPipe(outPipe, nonblockOut) != 0) {
        close(inPipe[0]);
        close(inPipe[1]);
        return fmt_Errorf(NULL, "pipe: %s", strerror(errno));
    }
    if (newPipe(errPipe, true) != 0) {
        errPipe[0] = errPipe[1] = -1;
    }
    go_error *err =
            fuzz_startProcess(binPath, args, env, inPipe[0], outPipe[1], memFd, errPipe[1], pid);
    close(inPipe[0]);
    close(outPipe[1]);
    if (errPipe[1] >= 0) {
        close(errPipe[1]);
    }
    if (err != NULL) {
        close(inPipe[1]);
        close(outPipe[0]);
        if (errPipe[0] >= 0) {
            close(errPipe[0]);
        }
        return err;
    }
    *inFd = inPipe[1];
    *outFd = outPipe[0];
    *errFd = errPipe[0];
    return NULL;
}
