// Ports go1.19.8 src/testing/testing_test.go: TempDir and Setenv.
//
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testing/internal.h"
#include "testing/testing.h"

// recoverCall is Go's deferred recover around fn(t): it returns the panic's
// message (caller frees) or NULL.
static char *recoverCall(T *t, void (*fn)(T *t)) {
    goexitPoint p;
    testing_pushGoexitPoint(&p);
    char *msg = NULL;
    if (setjmp(p.env) == 0) {
        fn(t);
    } else {
        msg = p.panicMsg;
    }
    testing_popGoexitPoint(&p);
    return msg;
}

static void tempDirInCleanup(void *arg) {
    T *t = ((void **)arg)[0];
    char **dir = ((void **)arg)[1];
    *dir = runtime_strdup(t_tempdir(t));
    free(arg);
}

static void tempDirInCleanupTest(T *t, void *arg) {
    void **ctx = runtime_malloc(2 * sizeof(void *));
    ctx[0] = t;
    ctx[1] = arg;
    t_cleanup(t, tempDirInCleanup, ctx);
    (void)t_tempdir(t);
}

// Ports TestTempDirInCleanup.
void TestTempDirInCleanup(T *t) {
    char *dir = NULL;
    t_run(t, "test", tempDirInCleanupTest, &dir);
    if (dir == NULL) {
        t_fatal(t, "cleanup did not run");
    }
    struct stat st;
    int r = stat(dir, &st);
    if (r == 0) {
        t_fatalf(t, "Directory \"%s\" from user Cleanup still exists", dir);
    }
    if (errno != ENOENT) {
        t_fatalf(t, "Unexpected error: %s", strerror(errno));
    }
    free(dir);
}

// Not ported: TestTempDirInBenchmark (ctest has no benchmarks).

typedef struct tempDirCheck {
    T *t;
    char *dir; // Go's dirCh
} tempDirCheck;

static void tempDirCheckCleanup(void *arg) {
    tempDirCheck *c = arg;
    T *t = c->t;
    // Verify directory has been removed.
    if (c->dir != NULL) {
        struct stat st;
        int r = stat(c->dir, &st);
        if (r != 0 && errno == ENOENT) {
            free(c->dir);
            free(c);
            return; // All good
        }
        if (r != 0) {
            t_fatal(t, strerror(errno));
        }
        t_errorf(t, "directory \"%s\" still exists: isDir=%d", c->dir, S_ISDIR(st.st_mode));
        free(c->dir);
        free(c);
        return;
    }
    free(c);
    if (!t_failed(t)) {
        t_fatal(t, "never received dir channel");
    }
}

static size_t dirLen(const char *p) {
    const char *slash = strrchr(p, '/');
    return slash == NULL ? 0 : (size_t)(slash - p);
}

static void testTempDir(T *t, void *arg) {
    (void)arg;
    tempDirCheck *check = runtime_calloc(1, sizeof *check);
    check->t = t;
    t_cleanup(t, tempDirCheckCleanup, check);

    const char *dir = t_tempdir(t);
    if (dir == NULL || dir[0] == '\0') {
        t_fatal(t, "expected dir");
    }
    const char *dir2 = t_tempdir(t);
    if (strcmp(dir, dir2) == 0) {
        t_fatal(t, "subsequent calls to TempDir returned the same directory");
    }
    if (dirLen(dir) != dirLen(dir2) || strncmp(dir, dir2, dirLen(dir)) != 0) {
        t_fatalf(t, "calls to TempDir do not share a parent; got \"%s\", \"%s\"", dir, dir2);
    }
    check->dir = runtime_strdup(dir);
    struct stat st;
    if (stat(dir, &st) != 0) {
        t_fatal(t, strerror(errno));
    }
    if (!S_ISDIR(st.st_mode)) {
        t_errorf(t, "dir \"%s\" is not a dir", dir);
    }
    DIR *d = opendir(dir);
    if (d == NULL) {
        t_fatal(t, strerror(errno));
    }
    int files = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            files++;
        }
    }
    closedir(d);
    if (files > 0) {
        t_errorf(t, "unexpected %d files in TempDir", files);
    }
    // Not ported: the filepath.Glob check (no glob metacharacter can reach
    // the name, which the next check states directly).
    const char *base = strrchr(dir, '/');
    for (const char *p = dir; p < base; p++) {
        if (*p == '*' || *p == '[' || *p == ']' || *p == '?' || *p == '\\' || *p == ':') {
            t_errorf(t, "TempDir %s contains %c", dir, *p);
            break;
        }
    }
}

// Ports TestTempDir.
void TestTempDir(T *t) {
    testTempDir(t, NULL);
    t_run(t, "InSubtest", testTempDir, NULL);
    t_run(t, "test/subtest", testTempDir, NULL);
    t_run(t, "test\\subtest", testTempDir, NULL);
    t_run(t, "test:subtest", testTempDir, NULL);
    t_run(t, "test/..", testTempDir, NULL);
    t_run(t, "../test", testTempDir, NULL);
    t_run(t, "test[]", testTempDir, NULL);
    t_run(t, "test*", testTempDir, NULL);
    t_run(t, "äöüéè", testTempDir, NULL);
}

typedef struct setenvTest {
    const char *name;
    const char *key;
    bool initialValueExists;
    const char *initialValue;
    const char *newValue;
} setenvTest;

static void setenvSub(T *t, void *arg) {
    const setenvTest *test = arg;
    t_setenv(t, test->key, test->newValue);
    const char *got = getenv(test->key);
    if (got == NULL || strcmp(got, test->newValue) != 0) {
        t_fatalf(t, "unexpected value after t.Setenv: got %s, want %s", got ? got : "",
                 test->newValue);
    }
}

// Ports TestSetenv.
void TestSetenv(T *t) {
    static const setenvTest tests[] = {
        { "initial value exists", "GO_TEST_KEY_1", true, "111", "222" },
        { "initial value exists but empty", "GO_TEST_KEY_2", true, "", "222" },
        { "initial value is not exists", "GO_TEST_KEY_3", false, "", "222" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        const setenvTest *test = &tests[i];
        if (test->initialValueExists) {
            if (setenv(test->key, test->initialValue, 1) != 0) {
                t_fatalf(t, "unable to set env: got %s", strerror(errno));
            }
        } else {
            unsetenv(test->key);
        }

        t_run(t, test->name, setenvSub, (void *)test);

        const char *got = getenv(test->key);
        bool exists = got != NULL;
        if (strcmp(got ? got : "", test->initialValue) != 0) {
            t_fatalf(t, "unexpected value after t.Setenv cleanup: got %s, want %s", got,
                     test->initialValue);
        }
        if (exists != test->initialValueExists) {
            t_fatalf(t, "unexpected value after t.Setenv cleanup: got %d, want %d", exists,
                     test->initialValueExists);
        }
    }
}

static void parallelAfterSetenv(T *t) {
    t_setenv(t, "GO_TEST_KEY_1", "value");
    t_parallel(t);
}

// Ports TestSetenvWithParallelAfterSetenv.
void TestSetenvWithParallelAfterSetenv(T *t) {
    const char *want =
            "testing: t.Parallel called after t.Setenv; cannot set environment variables in parallel tests";
    char *got = recoverCall(t, parallelAfterSetenv);
    if (got == NULL || strcmp(got, want) != 0) {
        t_fatalf(t, "expected panic; got %s want \"%s\"", got ? got : "<nil>", want);
    }
    free(got);
}

static void parallelBeforeSetenv(T *t) {
    t_parallel(t);
    t_setenv(t, "GO_TEST_KEY_1", "value");
}

// Ports TestSetenvWithParallelBeforeSetenv.
void TestSetenvWithParallelBeforeSetenv(T *t) {
    const char *want =
            "testing: t.Setenv called after t.Parallel; cannot set environment variables in parallel tests";
    char *got = recoverCall(t, parallelBeforeSetenv);
    if (got == NULL || strcmp(got, want) != 0) {
        t_fatalf(t, "expected panic; got %s want \"%s\"", got ? got : "<nil>", want);
    }
    free(got);
}

// inlineFn is the body TestTRunnerInlineNoAllocation runs: it fails when
// *arg is set.
static void inlineFn(T *t, void *arg) {
    if (*(const bool *)arg) {
        t_errorf(t, "failing");
    }
}

// TestTRunnerInlineNoAllocation checks a fuzz worker's per-input runner:
// once warm, running an input that passes on the reused T, and resetting
// it, allocates nothing; a failing input is reported as a new T's would be,
// and the T passes again after the reset. ctest: not in Go (its worker makes
// a new T per input).
void TestTRunnerInlineNoAllocation(T *t) {
    common capture = { 0 };
    testing_common_init(&capture);
    capture.w = &capture;
    testContext *tctx = testing_newTestContext(1, NULL);
    tctx->isFuzzing = true;
    T *sub = runtime_calloc(1, sizeof *sub);
    testing_common_init(&sub->common);
    sub->common.name = runtime_strdup("FuzzX");
    sub->common.parent = &capture;
    sub->common.level = 1;
    sub->common.w = &sub->common;
    sub->context = tctx;
    sub->common.barrier = testing_newBarrierChan();

    bool fail = false;
    for (int i = 0; i < 2; i++) {
        testing_tRunnerInline(sub, inlineFn, &fail, 0);
        testing_T_reset(sub);
    }
    uint64_t before = runtime_Mallocs();
    for (int i = 0; i < 1000; i++) {
        if (!testing_tRunnerInline(sub, inlineFn, &fail, 0)) {
            t_fatalf(t, "run %d failed: got false, want true", i);
        }
        testing_T_reset(sub);
    }
    uint64_t allocs = runtime_Mallocs() - before;
    if (allocs != 0) {
        t_errorf(t, "allocations in 1000 runs: got %llu, want 0", (unsigned long long)allocs);
    }

    fail = true;
    if (testing_tRunnerInline(sub, inlineFn, &fail, 0)) {
        t_errorf(t, "failing run: got true, want false");
    }
    testing_T_reset(sub);
    const char *out = strings_Builder_String(&capture.output);
    if (strstr(out, "--- FAIL: FuzzX (") == NULL || strstr(out, "failing") == NULL) {
        t_errorf(t, "failing run's output: got %s, want a --- FAIL report", out);
    }
    fail = false;
    if (!testing_tRunnerInline(sub, inlineFn, &fail, 0)) {
        t_errorf(t, "run after a failure: got false, want true");
    }
    testing_T_free(sub);
    testing_testContext_free(tctx);
    testing_common_destroy(&capture);
}
