// (none) Tests of sys_posix.c's fuzz_workerEnv: the variables a worker
// runs with, each default before the user's own value, and the rest of the
// environment as it is; and of how a worker's end is read with the flags
// of its shared memory's header.
//
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal/fuzz/rpc.h"
#include "internal/fuzz/sys_posix.h"
#include "testing/testing.h"

// envValue is the entry of env for name, or NULL.
static const char *envValue(char **env, const char *name) {
    size_t l = strlen(name);
    const char *found = NULL;
    for (size_t i = 0; env[i] != NULL; i++) {
        if (strncmp(env[i], name, l) == 0 && env[i][l] == '=') {
            if (found != NULL) {
                return "twice";
            }
            found = env[i] + l + 1;
        }
    }
    return found;
}

static void expectEnv(T *t, char **env, const char *name, const char *want) {
    const char *got = envValue(env, name);
    if (got == NULL || strcmp(got, want) != 0) {
        t_errorf(t, "worker's %s = %s; want %s", name, got != NULL ? got : "(unset)", want);
    }
}

void TestWorkerEnvDefaults(T *t) {
    unsetenv("ASAN_OPTIONS");
    unsetenv("UBSAN_OPTIONS");
    unsetenv("GLIBC_TUNABLES");
    setenv("CTEST_WORKERENV_OTHER", "a=b:c", 1);
    char **env = fuzz_workerEnv(0);
    expectEnv(t, env, "ASAN_OPTIONS", "detect_leaks=0");
    expectEnv(t, env, "UBSAN_OPTIONS", "print_stacktrace=1");
    expectEnv(t, env, "GLIBC_TUNABLES", "glibc.malloc.tcache_count=1000");
    expectEnv(t, env, "CTEST_WORKERENV_OTHER", "a=b:c");
    fuzz_freeEnv(env);
    unsetenv("CTEST_WORKERENV_OTHER");
}

void TestWorkerEnvUserWins(T *t) {
    // The user's settings come after the defaults, so they win where
    // both set the same thing.
    setenv("ASAN_OPTIONS", "detect_leaks=1", 1);
    setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=7:glibc.malloc.perturb=5", 1);
    char **env = fuzz_workerEnv(0);
    expectEnv(t, env, "ASAN_OPTIONS", "detect_leaks=0:detect_leaks=1");
    expectEnv(t, env, "UBSAN_OPTIONS", "print_stacktrace=1");
    expectEnv(t, env, "GLIBC_TUNABLES",
              "glibc.malloc.tcache_count=1000:glibc.malloc.tcache_count=7:glibc.malloc.perturb=5");
    fuzz_freeEnv(env);
    unsetenv("ASAN_OPTIONS");
    unsetenv("GLIBC_TUNABLES");
}

void TestWorkerEnvAllocLimit(T *t) {
    // A limit on one allocation reaches ASan as its own, before the
    // user's settings.
    unsetenv("ASAN_OPTIONS");
    char **env = fuzz_workerEnv(2048);
    expectEnv(t, env, "ASAN_OPTIONS", "detect_leaks=0:max_allocation_size_mb=2048");
    expectEnv(t, env, "UBSAN_OPTIONS", "print_stacktrace=1");
    fuzz_freeEnv(env);
    setenv("ASAN_OPTIONS", "max_allocation_size_mb=0", 1);
    env = fuzz_workerEnv(100);
    expectEnv(t, env, "ASAN_OPTIONS",
              "detect_leaks=0:max_allocation_size_mb=100:max_allocation_size_mb=0");
    fuzz_freeEnv(env);
    unsetenv("ASAN_OPTIONS");
}

// endStatus is the wait status of a child that exits with code, or, if sig
// is not 0, dies of sig.
static int endStatus(int code, int sig) {
    pid_t pid = fork();
    if (pid == 0) {
        if (sig != 0) {
            signal(sig, SIG_DFL);
            raise(sig);
        }
        _exit(code);
    }
    int status = -1;
    waitpid(pid, &status, 0);
    return status;
}

void TestEndedFlagsNeedTheirEnd(T *t) {
    int hang = endStatus(2, 0), engine = endStatus(workerExitCode, 0), clean = endStatus(0, 0);
    int intr = endStatus(0, SIGINT), abrt = endStatus(0, SIGABRT), one = endStatus(1, 0);
    sharedMemHeader h = { 0 };
    h.hung = h.engineFailed = h.interrupted = true;
    // Each flag with the end of a worker that sets it.
    if (!fuzz_endedHung(&h, hang) || !fuzz_endedEngineFailed(&h, engine) ||
        !fuzz_endedInterrupted(&h, clean) || !fuzz_endedInterrupted(&h, intr)) {
        t_errorf(t, "a flag with its own end of the process is not believed");
    }
    // The same flags, written by a fuzz function that then crashed.
    const int crashes[] = { abrt, one };
    for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) {
        if (fuzz_endedHung(&h, crashes[i]) || fuzz_endedEngineFailed(&h, crashes[i]) ||
            fuzz_endedInterrupted(&h, crashes[i])) {
            t_errorf(t, "status %#x: a flag is believed for a crash", crashes[i]);
        }
    }
    if (fuzz_endedHung(&h, engine) || fuzz_endedEngineFailed(&h, hang) ||
        fuzz_endedInterrupted(&h, hang)) {
        t_errorf(t, "a flag is believed for another flag's end");
    }
    // No flag, no such end.
    h = (sharedMemHeader){ 0 };
    if (fuzz_endedHung(&h, hang) || fuzz_endedEngineFailed(&h, engine) ||
        fuzz_endedInterrupted(&h, clean)) {
        t_errorf(t, "an end is read as a flag's without the flag");
    }
}

void TestSharedMemHeaderLayout(T *t) {
    // faultpkg's FuzzTamper (faults_e2e.sh) writes these bytes of the file.
    if (offsetof(sharedMemHeader, hung) != 41 || offsetof(sharedMemHeader, engineFailed) != 42 ||
        offsetof(sharedMemHeader, interrupted) != 43) {
        t_errorf(t,
                 "hung, engineFailed, interrupted at %zu, %zu, %zu; faultpkg's tamper writes "
                 "41, 42, 43: change both",
                 offsetof(sharedMemHeader, hung), offsetof(sharedMemHeader, engineFailed),
                 offsetof(sharedMemHeader, interrupted));
    }
}
