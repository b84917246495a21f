// (none) ctest's own: what a test binary prints when a test crashes it. Go
// turns a nil dereference into a panic that names the test; in C a bad
// pointer, a division by zero or abort() ends the process, and the driver
// could only say "signal: segmentation fault". The handler prints the
// test's "--- FAIL" line and its output so far, the signal as Go's runtime
// reports one ("[signal SIGSEGV: segmentation violation code=... addr=...
// pc=...]"), and the stack, then dies of the signal as before.
//
// The registers of ucontext_t (REG_RIP) are not POSIX.
#define _GNU_SOURCE
#include <execinfo.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "testing/internal.h"

_Thread_local common *testing_running;

// crashSignals are the signals reported, with Go's names for them
// (runtime's sigtable).
static const struct {
    int sig;
    const char *name, *desc;
} crashSignals[] = {
    { SIGSEGV, "SIGSEGV", "segmentation violation" },
    { SIGBUS, "SIGBUS", "bus error" },
    { SIGFPE, "SIGFPE", "floating-point exception" },
    { SIGILL, "SIGILL", "illegal instruction" },
    { SIGABRT, "SIGABRT", "abort" },
};
enum { nCrashSignals = sizeof crashSignals / sizeof crashSignals[0], maxCrashFrames = 64 };

static volatile sig_atomic_t crashSig;
// crashQuiet is set in a fuzz worker: the coordinator reports the crash,
// with the worker's stderr, so only the signal and stack are printed.
static bool crashQuiet;

// onAlarm ends a report that does not finish (the crash may have left a
// lock of malloc held, which the symbolizer needs): die of the signal.
static void onAlarm(int sig) {
    (void)sig;
    signal(crashSig, SIG_DFL);
    raise(crashSig);
}

void testing_printCrashFail(void) {
    common *c = testing_running;
    fflush(stdout);
    if (c != NULL) {
        char *d = testing_fmtDuration(testing_now() - c->start);
        dprintf(1, "--- FAIL: %s (%s)\n", c->name, d);
        // What the test logged so far, which it would print as it ended.
        if (write(1, strings_Builder_String(&c->output), strings_Builder_Len(&c->output)) < 0) {
            // Dying anyway.
        }
    }
}

static void onCrash(int sig, siginfo_t *si, void *ucv) {
    crashSig = sig;
    signal(SIGALRM, onAlarm);
    alarm(5);
    const char *name = "?", *desc = "?";
    for (int i = 0; i < nCrashSignals; i++) {
        if (crashSignals[i].sig == sig) {
            name = crashSignals[i].name;
            desc = crashSignals[i].desc;
        }
    }
    void *pc = NULL;
#if defined(__x86_64__)
    pc = (void *)((ucontext_t *)ucv)->uc_mcontext.gregs[REG_RIP];
#else
    (void)ucv;
#endif
    common *c = testing_running;
    if (!crashQuiet) {
        testing_printCrashFail();
    }
    dprintf(2, "fatal error: unexpected signal in %s\n", c != NULL ? c->name : "the test binary");
    // The fault's address means something for SIGSEGV and SIGBUS only.
    if (sig == SIGSEGV || sig == SIGBUS) {
        dprintf(2, "[signal %s: %s code=0x%x addr=0x%lx pc=0x%lx]\n\n", name, desc,
                (unsigned)si->si_code, (unsigned long)(uintptr_t)si->si_addr,
                (unsigned long)(uintptr_t)pc);
    } else {
        dprintf(2, "[signal %s: %s code=0x%x pc=0x%lx]\n\n", name, desc, (unsigned)si->si_code,
                (unsigned long)(uintptr_t)pc);
    }
    void *pcs[maxCrashFrames];
    int n = backtrace(pcs, maxCrashFrames);
    // Skip this handler and the kernel's signal frame.
    int skip = n > 2 ? 2 : n;
    dprintf(2, "goroutine %d [running]:\n", testing_goid());
    testing_printFrames(2, pcs + skip, n - skip);
    signal(sig, SIG_DFL);
    raise(sig);
}

void testing_installCrashReport(bool quiet) {
    crashQuiet = quiet;
    // backtrace loads its unwinder on first use: not in the handler.
    void *warm[1];
    backtrace(warm, 1);
    for (int i = 0; i < nCrashSignals; i++) {
        struct sigaction old;
        if (sigaction(crashSignals[i].sig, NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) != 0 ||
            old.sa_handler != SIG_DFL) {
            continue; // a sanitizer's handler, or the program's own
        }
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = onCrash;
        // On the thread's own stack: an alternate one (ASan gives each
        // thread a small one) is too small for the symbolizer, and a
        // stack overflow is left to the signal's default action anyway.
        sa.sa_flags = (int)(SA_SIGINFO | SA_RESETHAND);
        sigemptyset(&sa.sa_mask);
        sigaction(crashSignals[i].sig, &sa, NULL);
    }
}
