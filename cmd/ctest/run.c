// Ports go1.19.8 src/cmd/go/internal/test/test.go's running of a test
// binary (builderRunTest's command, its output writer and kill timer) and
// cmd/go/internal/base/signal.go, exit.go: the driver's signal handlers and
// exit status.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd/ctest/ctest.h"

int64_t testKillTimeout = INT64_MAX / 2;
static int exitStatus;

void setExitStatus(int n) {
    if (exitStatus < n) {
        exitStatus = n;
    }
}

int getExitStatus(void) {
    return exitStatus;
}

converter *jsonOut;

void writeStdout(const char *p, size_t n) {
    if (jsonOut != NULL) {
        converter_write(jsonOut, p, n);
        return;
    }
    fwrite(p, 1, n, stdout);
    fflush(stdout);
}

void printStdout(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *s = runtime_vsprintf(format, ap);
    va_end(ap);
    writeStdout(s, strlen(s));
    free(s);
}

// lockedStdout is the converter's JSON output: whole events, flushed.
static void lockedStdout(void *arg, const char *p, size_t n) {
    (void)arg;
    fwrite(p, 1, n, stdout);
    fflush(stdout);
}

converter *newJSONConverter(const char *importPath) {
    return newConverter(lockedStdout, NULL, importPath, test2jsonTimestamp);
}

void runOutput_write(runOutput *o, const char *p, size_t n) {
    if (o->line != NULL) {
        // ctest: whole lines to o->line; the rest waits for its '\n'.
        while (n > 0) {
            const char *nl = memchr(p, '\n', n);
            size_t k = nl != NULL ? (size_t)(nl - p) + 1 : n;
            strings_Builder_Write(&o->partial, p, k);
            p += k;
            n -= k;
            if (nl != NULL) {
                o->line(o->lineArg, strings_Builder_String(&o->partial),
                        strings_Builder_Len(&o->partial));
                strings_Builder_Truncate(&o->partial, 0);
            }
        }
        return;
    }
    if (o->toStdout) {
        writeStdout(p, n);
    }
    if (o->toBuf) {
        strings_Builder_Write(&o->buf, p, n);
    }
}

void runOutput_printf(runOutput *o, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *s = runtime_vsprintf(format, ap);
    va_end(ap);
    runOutput_write(o, s, strlen(s));
    free(s);
}

// sigchldPipe wakes the wait loop when the test binary exits.
static int sigchldPipe[2] = { -1, -1 };
volatile sig_atomic_t interrupted;
volatile sig_atomic_t brokenPipe;

static void onSigchld(int sig) {
    (void)sig;
    int saved = errno;
    ssize_t r = write(sigchldPipe[1], "x", 1);
    (void)r;
    errno = saved;
}

static void onSigint(int sig) {
    (void)sig;
    interrupted = 1;
}

// runningChild is the test binary running, or 0. terminated is set by a
// SIGTERM that was passed on to it.
static volatile pid_t runningChild;
volatile sig_atomic_t terminated;

// onSigterm: ctest: with a test binary running, SIGTERM is passed on to it
// (which stops fuzzing as ^C does, writing what it found), and the driver
// ends by the same signal once the binary's output is through; otherwise
// the driver ends at once, as go test does.
static void onSigterm(int sig) {
    pid_t child = runningChild;
    if (child > 0) {
        terminated = 1;
        interrupted = 1;
        kill(child, sig);
        return;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void onSigpipe(int sig) {
    (void)sig;
    brokenPipe = 1;
    interrupted = 1;
}

go_error *startSigHandlers(void) {
    if (pipe(sigchldPipe) != 0) {
        return fmt_Errorf(NULL, "pipe: %s", strerror(errno));
    }
    for (int i = 0; i < 2; i++) {
        fcntl(sigchldPipe[i], F_SETFL, O_NONBLOCK);
        fcntl(sigchldPipe[i], F_SETFD, FD_CLOEXEC); // not the compiler's nor the test's
    }
    struct sigaction sa = { 0 };
    sa.sa_handler = onSigchld;
    sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    sigaction(SIGCHLD, &sa, NULL);
    sa.sa_handler = onSigint;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = onSigpipe;
    sigaction(SIGPIPE, &sa, NULL);
    sa.sa_handler = onSigterm;
    sigaction(SIGTERM, &sa, NULL);
    return NULL;
}

void runOutput_printHints(runOutput *o) {
    if (strings_Builder_Len(&o->hints) > 0) {
        fflush(stdout);
        fwrite(strings_Builder_String(&o->hints), 1, strings_Builder_Len(&o->hints), stderr);
        fflush(stderr);
    }
    strings_Builder_Reset(&o->hints);
}

// readHints keeps in o what the binary wrote to the hint file h, and
// closes it.
static void readHints(runOutput *o, FILE *h) {
    if (h == NULL) {
        return;
    }
    rewind(h);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, h)) > 0) {
        strings_Builder_Write(&o->hints, buf, n);
    }
    fclose(h);
}

// execChild is runBinary's child: the signals as they were, the output
// into the pipe (when piped), the hint file h (ctest's: testing/hint.c)
// named in CTEST_HINT_FD, in p's directory; it never returns.
static _Noreturn void execChild(const package *p, char **argv, bool piped, const int fds[2],
                                FILE *h) {
    signal(SIGINT, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    close(sigchldPipe[0]);
    close(sigchldPipe[1]);
    if (piped) {
        close(fds[0]);
        dup2(fds[1], 1);
        close(fds[1]);
    }
    int hint = h != NULL ? dup(fileno(h)) : -1; // without FD_CLOEXEC
    if (hint >= 0) {
        char fd[16];
        snprintf(fd, sizeof fd, "%d", hint);
        setenv("CTEST_HINT_FD", fd, 1);
    }
    dup2(1, 2); // cmd.Stderr = cmd.Stdout
    if (chdir(p->Dir) != 0) {
        dprintf(2, "chdir %s: %s\n", p->Dir, strerror(errno));
        _exit(1);
    }
    setenv("PWD", p->Dir, 1); // base.AppendPWD
    execv(argv[0], argv);
    dprintf(2, "fork/exec %s: %s\n", argv[0], strerror(errno));
    _exit(1);
}

int runBinary(const package *p, const strList *args, runOutput *o, bool *ok) {
    int fds[2] = { -1, -1 };
    bool piped = o->toBuf || o->line != NULL || jsonOut != NULL; // test2json reads it
    if (piped && pipe(fds) != 0) {
        runOutput_printf(o, "pipe: %s\n", strerror(errno));
        *ok = false;
        return 0;
    }
    fflush(stdout);
    fflush(stderr);
    char **argv = runtime_calloc(args->len + 1, sizeof(char *));
    memcpy(argv, args->ptr, args->len * sizeof(char *));
    // ctest: the binary's hints, apart from the output that tools read;
    // without a temporary file there are none.
    FILE *hints = tmpfile();
    if (hints != NULL) {
        fcntl(fileno(hints), F_SETFD, FD_CLOEXEC); // only the dup execChild makes is passed on
    }
    pid_t pid = fork();
    if (pid == 0) {
        execChild(p, argv, piped, fds, hints);
    }
    free(argv);
    if (pid > 0) {
        runningChild = pid;
    }
    if (piped) {
        close(fds[1]);
    }
    if (pid < 0) {
        runOutput_printf(o, "fork/exec %s: %s\n", args->ptr[0], strerror(errno));
        readHints(o, hints);
        *ok = false;
        return 0;
    }
    int64_t deadline = time_now() + testKillTimeout;
    bool killed = false, quitSent = false, exited = false, pipeSent = false;
    int status = 0;
    char buf[65536];
    while (!exited || fds[0] >= 0) {
        if (!exited) {
            pid_t r = waitpid(pid, &status, WNOHANG);
            if (r == pid) {
                exited = true;
                runningChild = 0;
                continue;
            }
        }
        if (brokenPipe && !exited && !pipeSent) {
            // Nobody reads the output any more: the test binary would die
            // of SIGPIPE writing to it.
            kill(pid, SIGPIPE);
            pipeSent = true;
        }
        int64_t now = time_now();
        if (!exited && now >= deadline) {
            if (!quitSent) {
                // Past the deadline: SIGQUIT first, as go test does (a Go
                // binary dumps its goroutines on it); SIGKILL if the test
                // is still running five seconds later.
                kill(pid, SIGQUIT);
                quitSent = true;
                deadline = now + 5 * INT64_C(1000000000);
            } else {
                kill(pid, SIGKILL);
                killed = true;
                deadline = INT64_MAX;
            }
            continue;
        }
        struct pollfd pfds[2] = { { sigchldPipe[0], POLLIN, 0 }, { fds[0], POLLIN, 0 } };
        int64_t wait = exited ? -1 : (deadline - now) / 1000000 + 1;
        if (wait > 1000) {
            wait = 1000; // also a backstop should a SIGCHLD be missed
        }
        int n = poll(pfds, fds[0] >= 0 ? 2 : 1, (int)wait);
        if (n < 0 && errno != EINTR) {
            break;
        }
        if (n > 0 && (pfds[0].revents & POLLIN)) {
            char drain[64];
            ssize_t r = read(sigchldPipe[0], drain, sizeof drain);
            (void)r;
        }
        if (fds[0] >= 0 && n > 0 && (pfds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            ssize_t r = read(fds[0], buf, sizeof buf);
            if (r > 0) {
                runOutput_write(o, buf, (size_t)r);
            } else if (r == 0 || errno != EINTR) {
                close(fds[0]);
                fds[0] = -1;
            }
        }
    }
    if (quitSent) {
        char *d = time_Duration_String(testKillTimeout);
        if (killed) {
            runOutput_printf(o, "*** Test killed: ran too long (%s).\n", d);
        } else {
            runOutput_printf(o, "*** Test killed with quit: ran too long (%s).\n", d);
        }
        free(d);
    }
    if (o->line != NULL && strings_Builder_Len(&o->partial) > 0) {
        o->line(o->lineArg, strings_Builder_String(&o->partial), strings_Builder_Len(&o->partial));
    }
    strings_Builder_Reset(&o->partial);
    readHints(o, hints);
    *ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return status;
}
