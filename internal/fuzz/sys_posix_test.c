// (none) Tests of sys_posix.c's fuzz_workerEnv: the variables a worker
// runs with, each default before the user's own value, and the rest of the
// environment as it is.
//
#include <stdlib.h>
#include <string.h>

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
