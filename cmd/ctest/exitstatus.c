// Ports go1.19.8 src/os/exec_posix.go: ProcessState.String, the text of
// an exec.ExitError, with syscall's names of Linux's signals
// (zerrors_linux_amd64.go): how the driver says a process ended.
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cmd/ctest/ctest.h"

// signalString is syscall.Signal's String on Linux, as exec.ExitError
// prints it.
static const char *signalString(int sig) {
    switch (sig) {
    case SIGHUP:
        return "hangup";
    case SIGINT:
        return "interrupt";
    case SIGQUIT:
        return "quit";
    case SIGILL:
        return "illegal instruction";
    case SIGTRAP:
        return "trace/breakpoint trap";
    case SIGABRT:
        return "aborted";
    case SIGBUS:
        return "bus error";
    case SIGFPE:
        return "floating point exception";
    case SIGKILL:
        return "killed";
    case SIGUSR1:
        return "user defined signal 1";
    case SIGSEGV:
        return "segmentation fault";
    case SIGUSR2:
        return "user defined signal 2";
    case SIGPIPE:
        return "broken pipe";
    case SIGALRM:
        return "alarm clock";
    case SIGTERM:
        return "terminated";
    default:
        return NULL;
    }
}

// exitErrorString is (*exec.ExitError).Error() for a wait status.
char *exitErrorString(int status) {
    if (WIFEXITED(status)) {
        return runtime_sprintf("exit status %d", WEXITSTATUS(status));
    }
    int sig = WTERMSIG(status);
    const char *name = signalString(sig);
    char *s = name != NULL ? runtime_sprintf("signal: %s", name)
                           : runtime_sprintf("signal: signal %d", sig);
#ifdef WCOREDUMP
    if (WCOREDUMP(status)) {
        char *c = runtime_sprintf("%s (core dumped)", s);
        free(s);
        s = c;
    }
#endif
    return s;
}
