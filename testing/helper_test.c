// Ports go1.19.8 src/testing/helper_test.go and helperfuncs_test.go: which
// file:line a message marked by t_helper reports.
//
// Go's want names helperfuncs_test.go's lines; here each is the line of this
// file that MARK recorded. The helpers are noinline and end in a barrier so
// that an optimizing build keeps their frames (Go's pc tables see through
// inlining, C's debug info for a tail call does not).
//
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "testing/internal.h"
#include "testing/match.h"
#include "testing/testing.h"

// KEEP_FRAME follows a call that must not become a tail call.
#define KEEP_FRAME() __asm__ volatile("" ::: "memory")
#define NOINLINE __attribute__((noinline))
#define MARK(v) ((v) = __LINE__)

// The lines each message is expected at, recorded as the code runs.
static int lineNotHelper, lineNotHelperCallingHelper, line1, line3, line4, line5, lineSub, line8,
        line9, line10, line11, line12, lineGenericFloat64, lineGenericInt;

NOINLINE void notHelper(T *t, const char *msg) {
    MARK(lineNotHelper), t_error(t, msg);
    KEEP_FRAME();
}

NOINLINE void helper(T *t, const char *msg) {
    t_helper(t);
    t_error(t, msg);
    KEEP_FRAME();
}

NOINLINE void notHelperCallingHelper(T *t, const char *msg) {
    MARK(lineNotHelperCallingHelper), helper(t, msg);
    KEEP_FRAME();
}

NOINLINE void helperCallingHelper(T *t, const char *msg) {
    t_helper(t);
    helper(t, msg);
    KEEP_FRAME();
}

// genericHelper stands for Go's genericHelper[G any]: ctest: C has no
// generics, so both of Go's instantiations are this one function, one of
// them called through a variable as Go's genericIntHelper is.
NOINLINE void genericHelper(T *t, const char *msg) {
    t_helper(t);
    t_error(t, msg);
    KEEP_FRAME();
}

static void (*volatile genericIntHelper)(T *t, const char *msg) = genericHelper;

// fn is testHelper's function literal closing over t that uses Helper.
NOINLINE void fn(T *t, const char *msg) {
    t_helper(t);
    t_error(t, msg);
    KEEP_FRAME();
}

static void sub(T *t, void *arg) {
    (void)arg;
    MARK(line5), helper(t, "5");
    notHelperCallingHelper(t, "6");
    // A subtest function marked helper is skipped like any other helper:
    // "7" is reported at the t_run that started the subtest.
    t_helper(t);
    t_error(t, "7");
    KEEP_FRAME();
}

static void cleanup10(void *arg) {
    T *t = arg;
    t_helper(t);
    t_error(t, "10");
    KEEP_FRAME();
}

static void cleanup9(void *arg) {
    T *t = arg;
    t_helper(t);
    t_error(t, "9");
    KEEP_FRAME();
}

static void sub2(T *t, void *arg) {
    t_helper(t);
    t_fatal(t, (const char *)arg);
}

NOINLINE void helperSubCallingHelper(T *t, const char *msg) {
    t_helper(t);
    t_run(t, "sub2", sub2, (void *)msg);
    KEEP_FRAME();
}

NOINLINE void doPanic(T *t, const char *msg) {
    t_helper(t);
    go_panic("%s", msg);
}

NOINLINE void recoverHelper(T *t, const char *msg) {
    t_helper(t);
    // The deferred recover: a panic below returns here.
    goexitPoint p;
    testing_pushGoexitPoint(&p);
    if (setjmp(p.env) == 0) {
        doPanic(t, msg);
    }
    testing_popGoexitPoint(&p);
    if (p.panicMsg != NULL) {
        t_errorf(t, "recover %s", p.panicMsg);
        free(p.panicMsg);
    }
    KEEP_FRAME();
}

static void testHelper(T *t, void *arg) {
    (void)arg;
    // Check combinations of directly and indirectly
    // calling helper functions.
    notHelper(t, "0");
    MARK(line1), helper(t, "1");
    notHelperCallingHelper(t, "2");
    MARK(line3), helperCallingHelper(t, "3");

    // Check a function closing over t that uses Helper.
    MARK(line4), fn(t, "4");

    MARK(lineSub), t_run(t, "sub", sub, NULL);

    // Marking the test function itself as a helper changes nothing: there
    // is no caller above it in the test, so "8" stays on its own line.
    t_helper(t);
    MARK(line8), t_error(t, "8");

    // Two cleanups, each a helper: each message is reported at the line
    // of the t_cleanup that registered that cleanup, not the other's.
    MARK(line10), t_cleanup(t, cleanup10, t);
    MARK(line9), t_cleanup(t, cleanup9, t);

    // A helper runs a subtest whose function is a helper too: "11" is
    // reported here, past both (https://golang.org/issue/44887).
    MARK(line11), helperSubCallingHelper(t, "11");

    // A helper recovers a panic raised in another helper: the report is
    // still at this call (https://golang.org/issue/31154).
    MARK(line12), recoverHelper(t, "12");

    MARK(lineGenericFloat64), genericHelper(t, "GenericFloat64");
    MARK(lineGenericInt), genericIntHelper(t, "GenericInt");
    KEEP_FRAME();
}

static void bufWrite(void *ctx, const char *p, size_t n) {
    strings_Builder_Write(ctx, p, n);
}

// runRoot runs fn as t1.Run("Test", fn) on a root T writing to a buffer, as
// Go's tests do, and returns the output (caller frees).
static char *runRoot(void (*f)(T *t, void *arg)) {
    strings_Builder buf = { 0 };
    writer w = { bufWrite, &buf };
    testing_matcher *m = testing_newMatcher(testing_matchString, "", "");
    testContext *ctx = testing_newTestContext(1, m);
    T *t1 = runtime_calloc(1, sizeof *t1);
    testing_common_init(&t1->common);
    t1->common.name = runtime_strdup("");
    t1->common.out = &w;
    t1->context = ctx;
    t_run(t1, "Test", f, NULL);
    testing_T_free(t1);
    testing_testContext_free(ctx);
    testing_matcher_free(m);
    return strings_Builder_Detach(&buf);
}

// Ports TestTBHelper.
void TestTBHelper(T *t) {
    char *out = runRoot(testHelper);

    strings_Builder want = { 0 };
    strings_Builder_Printf(&want,
                           "--- FAIL: Test (?s)\n"
                           "helper_test.c:%d: 0\n"
                           "helper_test.c:%d: 1\n"
                           "helper_test.c:%d: 2\n"
                           "helper_test.c:%d: 3\n"
                           "helper_test.c:%d: 4\n"
                           "--- FAIL: Test/sub (?s)\n"
                           "helper_test.c:%d: 5\n"
                           "helper_test.c:%d: 6\n"
                           "helper_test.c:%d: 7\n"
                           "helper_test.c:%d: 8\n"
                           "--- FAIL: Test/sub2 (?s)\n"
                           "helper_test.c:%d: 11\n"
                           "helper_test.c:%d: recover 12\n"
                           "helper_test.c:%d: GenericFloat64\n"
                           "helper_test.c:%d: GenericInt\n"
                           "helper_test.c:%d: 9\n"
                           "helper_test.c:%d: 10\n",
                           lineNotHelper, line1, lineNotHelperCallingHelper, line3, line4, line5,
                           lineNotHelperCallingHelper, lineSub, line8, line11, line12,
                           lineGenericFloat64, lineGenericInt, line9, line10);
    // Each line trimmed, with its final parenthesized duration as "(?s)".
    strings_Builder got = { 0 };
    for (char *line = out; line != NULL;) {
        char *nl = strchr(line, '\n');
        size_t n = nl != NULL ? (size_t)(nl - line) : strlen(line);
        while (n > 0 && (*line == ' ' || *line == '\t')) {
            line++;
            n--;
        }
        while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t')) {
            n--;
        }
        char *open = memchr(line, '(', n);
        if (n > 0 && line[n - 1] == ')' && open != NULL) {
            strings_Builder_Write(&got, line, (size_t)(open - line));
            strings_Builder_WriteString(&got, "(?s)");
        } else {
            strings_Builder_Write(&got, line, n);
        }
        if (nl != NULL) {
            strings_Builder_WriteByte(&got, '\n');
        }
        line = nl != NULL ? nl + 1 : NULL;
    }
    if (strcmp(strings_Builder_String(&got), strings_Builder_String(&want)) != 0) {
        t_errorf(t, "got output:\n\n%s\nwant:\n\n%s", strings_Builder_String(&got),
                 strings_Builder_String(&want));
    }
    strings_Builder_Reset(&got);
    strings_Builder_Reset(&want);
    free(out);
}

typedef struct parallelHelper {
    T *t;
    pthread_t thread;
} parallelHelper;

static void *parallelHelperThread(void *arg) {
    notHelperCallingHelper(((parallelHelper *)arg)->t, "parallel");
    return NULL;
}

static void parallelTestHelper(T *t, void *arg) {
    (void)arg;
    parallelHelper hs[5];
    for (int i = 0; i < 5; i++) {
        hs[i].t = t;
        pthread_create(&hs[i].thread, NULL, parallelHelperThread, &hs[i]);
    }
    for (int i = 0; i < 5; i++) { // wg.Wait()
        pthread_join(hs[i].thread, NULL);
    }
}

// Ports TestTBHelperParallel.
void TestTBHelperParallel(T *t) {
    char *out = runRoot(parallelTestHelper);
    size_t n = strlen(out);
    while (n > 0 && strchr(" \t\n", out[n - 1]) != NULL) {
        out[--n] = '\0';
    }
    char *lines[8];
    int nlines = 0;
    for (char *p = out; p != NULL && nlines < 8;) {
        lines[nlines++] = p;
        char *nl = strchr(p, '\n');
        if (nl != NULL) {
            *nl = '\0';
        }
        p = nl != NULL ? nl + 1 : NULL;
    }
    if (nlines != 6) {
        t_fatalf(t, "parallelTestHelper gave %d lines of output; want 6", nlines);
    }
    char *want = runtime_sprintf("helper_test.c:%d: parallel", lineNotHelperCallingHelper);
    const char *got = lines[1];
    while (*got == ' ' || *got == '\t') {
        got++;
    }
    if (strcmp(got, want) != 0) {
        char *qg = strconv_Quote(got, strlen(got));
        char *qw = strconv_Quote(want, strlen(want));
        t_errorf(t, "got output line %s; want %s", qg, qw);
        free(qg);
        free(qw);
    }
    free(want);
    free(out);
}

// Not ported: BenchmarkTBHelper (ctest has no benchmarks).
