// Ports go1.19.8 src/internal/testlog/exit.go (PanicOnExit0,
// SetPanicOnExit0) and the check at the top of os/proc.go's Exit: with
// -test.paniconexit0, which the driver always passes, a test that calls
// exit(0) panics instead of ending the binary with status 0, so a test
// that stops early cannot pass.
//
// C's exit is not ours to change, so the check is an exit handler that
// glibc's on_exit hands the status to (as libFuzzer catches a fuzz
// target's exit with an atexit hook). The handler runs inside exit; its
// panic unwinds out of it to the test's recover point as any panic does,
// and glibc, which calls each handler with its list unlocked, runs the
// rest of the list at the binary's real exit.
//
// on_exit is glibc's, not POSIX's.
#undef _POSIX_C_SOURCE
#define _DEFAULT_SOURCE 1

#include <stdbool.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#include "testing/internal.h"

// panicOnExit0 is PanicOnExit0's value, read by the exit handler on
// whichever thread calls exit (atomic).
static bool panicOnExit0;
// armedPid is the process that set panicOnExit0: a child the test forks
// inherits the handler, and its exit(0) is its own business.
static pid_t armedPid;

// onExit is os.Exit's check, run by exit(status).
static void onExit(int status, void *arg) {
    (void)arg;
    if (status != 0 || !__atomic_load_n(&panicOnExit0, __ATOMIC_SEQ_CST) ||
        getpid() != __atomic_load_n(&armedPid, __ATOMIC_SEQ_CST)) {
        return;
    }
    // exit has taken this handler off its list; the panic may be
    // recovered and the binary go on to exit again, so put it back.
    on_exit(onExit, NULL);
    // ctest: exit handlers registered after this one (by the code under
    // test) have already run; _exit and quick_exit are not caught, as Go's
    // syscall.Exit is not.
    go_panic("unexpected call to os.Exit(0) during test");
}

void testing_setPanicOnExit0(bool v) {
    static bool registered;
    if (v && !registered) {
        on_exit(onExit, NULL);
        registered = true;
    }
    __atomic_store_n(&armedPid, getpid(), __ATOMIC_SEQ_CST);
    __atomic_store_n(&panicOnExit0, v, __ATOMIC_SEQ_CST);
}

void testing_togglePanicOnExit0(bool v) {
    __atomic_store_n(&panicOnExit0, v, __ATOMIC_SEQ_CST);
}
