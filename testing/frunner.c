// Ports go1.19.8 src/testing/fuzz.go: fRunner, runFuzzTests and
// runFuzzing, which run each fuzz test's F on a thread of its own, in
// seed-corpus mode or fuzzing (F.Add and F.Fuzz are in fuzz.c).
//

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/fuzzcall.h"
#include "testing/internal.h"
#include "testing/match.h"

// fuzzWorkerExitCode: a worker that fails for a reason other than a crash
// in the fuzz target exits with it, and the coordinator reports an internal
// failure rather than a crasher (internal/fuzz's workerExitCode).
enum { fuzzWorkerExitCode = 70 };

// ---- fRunner ----

static void F_report(testing_F *f) {
    common *c = &f->common;
    if (testing_isFuzzWorker || c->parent == NULL) {
        return;
    }
    char *dstr = testing_fmtDuration(c->duration);
    if (testing_common_Failed(c)) {
        testing_common_flushToParent(c, c->name, "--- %s: %s (%s)\n", "FAIL", c->name, dstr);
    } else if (c->chatty != NULL) {
        if (testing_common_Skipped(c)) {
            testing_common_flushToParent(c, c->name, "--- %s: %s (%s)\n", "SKIP", c->name, dstr);
        } else {
            testing_common_flushToParent(c, c->name, "--- %s: %s (%s)\n", "PASS", c->name, dstr);
        }
    }
    free(dstr);
}

// fDoPanic is fRunner's doPanic: f fails, its cleanups run, it and each
// parent are flushed with a "--- FAIL" line, and the panic continues.
static _Noreturn void fDoPanic(testing_F *f, char *err) {
    common *c = &f->common;
    testing_common_Fail(c);
    char *r = testing_common_runCleanup(c, recoverAndReturnPanic);
    if (r != NULL) {
        char *msg = runtime_sprintf("cleanup panicked with %s", r);
        testing_common_logDepth(c, "fuzz.go", 650, msg);
        free(msg);
        free(r);
    }
    for (common *root = c; root->parent != NULL; root = root->parent) {
        pthread_mutex_lock(&root->mu);
        root->duration += time_now() - root->start;
        int64_t d = root->duration;
        pthread_mutex_unlock(&root->mu);
        char *dstr = testing_fmtDuration(d);
        testing_common_flushToParent(root, root->name, "--- FAIL: %s (%s)\n", root->name, dstr);
        free(dstr);
    }
    testing_repanic(err);
}

// fEndCheck is what fRunner finds wrong with an F whose function has
// returned or stopped, other than a panic: an end by panic(nil) or
// Goexit (returned, caller frees), or no call of Fuzz (f fails).
static char *fEndCheck(testing_F *f) {
    common *c = &f->common;
    char *err = NULL;
    pthread_mutex_lock(&c->mu);
    bool fuzzNotCalled = !f->fuzzCalled && !c->skipped && !c->failed;
    if (!c->finished && !c->skipped && !c->failed) {
        err = runtime_strdup("test executed panic(nil) or runtime.Goexit");
    }
    pthread_mutex_unlock(&c->mu);
    if (fuzzNotCalled && err == NULL) {
        testing_common_logDepth(c, "fuzz.go", 629,
                                "returned without calling F.Fuzz, F.Fail, or F.Skip");
        // ctest: the line above names Go's source file and Go's methods.
        testing_hint("%s returned without calling f_fuzz, f_fail or f_skip (fuzz.go:629 is "
                     "where Go reports it): a fuzz test ends with f_fuzz(f, fn, GO_BYTES, ...)",
                     c->name);
        testing_common_Fail(c);
    }
    return err;
}

static void fRunner(testing_F *f, void (*fn)(testing_F *f)) {
    common *c = &f->common;
    // volatile: it lives across the setjmp below (C11 7.13.2.1).
    char *volatile err = NULL;

    goexitPoint p;
    testing_pushGoexitPoint(&p);
    if (setjmp(p.env) == 0) {
        c->start = time_now();
        fn(f);
        pthread_mutex_lock(&c->mu);
        c->finished = true;
        pthread_mutex_unlock(&c->mu);
    } else {
        err = p.panicMsg;
    }
    testing_popGoexitPoint(&p);

    // The deferred runCleanup, whose panic is recovered below.
    pthread_mutex_lock(&c->mu);
    size_t nsub = c->nsub;
    pthread_mutex_unlock(&c->mu);
    if (nsub == 0) {
        char *perr = testing_common_runCleanup(c, recoverAndReturnPanic);
        if (perr != NULL) {
            free(err);
            err = perr;
        }
    }

    if (testing_common_Failed(c)) {
        __atomic_add_fetch(&testing_numFailed, 1, __ATOMIC_SEQ_CST);
    }
    if (err == NULL) {
        err = fEndCheck(f);
    }
    if (err != NULL) {
        fDoPanic(f, err);
    }

    c->duration += time_now() - c->start;

    if (nsub > 0) {
        testing_testContext_release(f->testContext);
        testing_barrierChan_close(c->barrier, nsub);
        for (size_t i = 0; i < nsub; i++) {
            testing_boolChan_recv(&c->sub[i]->common.signal);
        }
        int64_t cleanupStart = time_now();
        char *cerr = testing_common_runCleanup(c, recoverAndReturnPanic);
        c->duration += time_now() - cleanupStart;
        if (cerr != NULL) {
            fDoPanic(f, cerr);
        }
    }

    F_report(f);
    pthread_mutex_lock(&c->mu);
    c->done = true;
    pthread_mutex_unlock(&c->mu);
    testing_common_setRan(c);
    testing_boolChan_send(&c->signal, true);
}

typedef struct fRunnerArgs {
    testing_F *f;
    void (*fn)(testing_F *f);
} fRunnerArgs;

static void *fRunnerThread(void *p) {
    fRunnerArgs *a = p;
    fRunner(a->f, a->fn);
    return NULL;
}

static void testing_F_free(testing_F *f) {
    for (size_t i = 0; i < f->ncorpus; i++) {
        testing_deps_clearCorpusEntry(&f->corpus[i]);
    }
    free(f->corpus);
    free(f->addSites);
    strings_Builder_Reset(&f->dict);
    testing_common_destroy(&f->common); // joins the seeds' threads first
    testing_fuzzCall_free(f->call);
    free(f);
}

// runF starts fRunner for f on its own thread and waits for its signal.
static void runF(testing_F *f, void (*fn)(testing_F *f)) {
    fRunnerArgs a = { f, fn };
    testing_startThread(&f->common, fRunnerThread, &a);
    testing_boolChan_recv(&f->common.signal);
    testing_joinThread(&f->common);
}

static testing_F *newF(const char *name, common *root, testContext *tctx, fuzzContext *fctx) {
    testing_F *f = runtime_calloc(1, sizeof *f);
    common *c = &f->common;
    testing_common_init(c);
    c->name = runtime_strdup(name);
    c->parent = root;
    c->level = root->level + 1;
    c->chatty = root->chatty;
    c->w = c;
    if (!tctx->isFuzzing) {
        c->barrier = testing_newBarrierChan(); // T.Parallel has no effect when fuzzing.
    }
    f->testContext = tctx;
    f->fuzzContext = fctx;
    return f;
}

void testing_runFuzzTests(const testing_InternalFuzzTarget *fuzzTests, size_t n, int64_t deadline,
                          bool *ranOut, bool *okOut) {
    *ranOut = false;
    *okOut = true;
    if (n == 0 || testing_isFuzzWorker) {
        return;
    }
    testing_matcher *m = testing_newMatcher(testing_matchString, testing_match, "-test.run");
    testContext *tctx = testing_newTestContext((int)testing_parallel, m);
    tctx->deadline = deadline;
    testing_matcher *mFuzz = NULL;
    if (testing_matchFuzz[0] != '\0') {
        mFuzz = testing_newMatcher(testing_matchString, testing_matchFuzz, "-test.fuzz");
    }
    fuzzContext fctx = { seedCorpusOnly };
    common root = { 0 }; // gather output in one place
    testing_common_init(&root);
    root.name = runtime_strdup("");
    root.w = NULL; // os.Stdout
    if (testing_chatty) {
        root.chatty = testing_newChattyPrinter();
    }
    for (size_t i = 0; i < n; i++) {
        if (testing_shouldFailFast()) {
            break;
        }
        char *testName = NULL;
        bool matched, partial;
        testing_matcher_fullName(tctx->match, NULL, 0, fuzzTests[i].Name, &testName, &matched,
                                 &partial);
        if (!matched) {
            free(testName);
            continue;
        }
        if (mFuzz != NULL) {
            char *fname = NULL;
            bool fuzzMatched;
            testing_matcher_fullName(mFuzz, NULL, 0, fuzzTests[i].Name, &fname, &fuzzMatched,
                                     &partial);
            free(fname);
            if (fuzzMatched) {
                free(testName);
                continue;
            }
        }
        testing_F *f = newF(testName, &root, tctx, &fctx);
        free(testName);
        if (f->common.chatty != NULL) {
            testing_chattyPrinter_Updatef(f->common.chatty, f->common.name, "=== RUN   %s\n",
                                          f->common.name);
        }
        runF(f, fuzzTests[i].Fn);
        testing_F_free(f);
    }
    *ranOut = root.ran;
    *okOut = !testing_common_Failed(&root);
    testing_chattyPrinter_free(root.chatty);
    root.chatty = NULL;
    testing_common_destroy(&root);
    testing_testContext_free(tctx);
    testing_matcher_free(m);
    testing_matcher_free(mFuzz);
}

bool testing_runFuzzing(const testing_InternalFuzzTarget *fuzzTests, size_t n, int *exitCode) {
    if (n == 0 || testing_matchFuzz[0] == '\0') {
        return true;
    }
    testing_matcher *m = testing_newMatcher(testing_matchString, testing_matchFuzz, "-test.fuzz");
    strings_Builder matched = { 0 };
    size_t nmatched = 0;
    for (size_t i = 0; i < n; i++) {
        char *name = NULL;
        bool ok, partial;
        testing_matcher_fullName(m, NULL, 0, fuzzTests[i].Name, &name, &ok, &partial);
        if (ok) {
            strings_Builder_WriteString(&matched, nmatched > 0 ? " " : "");
            strings_Builder_WriteString(&matched, name);
            nmatched++;
        }
        free(name);
    }
    testing_matcher_free(m);
    if (nmatched == 0) {
        fflush(stdout);
        fprintf(stderr, "testing: warning: no fuzz tests to fuzz\n");
        strings_Builder_Reset(&matched);
        return true;
    }
    // ctest: the driver's -fuzzmulti asks which fuzz tests -fuzz matches.
    bool listed;
    if (testing_fuzzList(strings_Builder_String(&matched), &listed)) {
        strings_Builder_Reset(&matched);
        if (!listed) {
            *exitCode = 1;
        }
        return listed;
    }
    if (nmatched > 1) {
        fflush(stdout);
        fprintf(stderr, "testing: will not fuzz, -fuzz matches more than one fuzz test: [%s]\n",
                strings_Builder_String(&matched));
        // ctest: Go has no way to fuzz them all; ctest has.
        testing_hint("-fuzzmulti fuzzes every fuzz test that -fuzz matches, in turns that share "
                     "-fuzztime; or make -fuzz match one (-fuzz='^FuzzX$')");
        strings_Builder_Reset(&matched);
        *exitCode = testing_isFuzzWorker ? fuzzWorkerExitCode : 1;
        return false;
    }
    strings_Builder_Reset(&matched);

    testing_matcher *mt = testing_newMatcher(testing_matchString, testing_matchFuzz, "-test.fuzz");
    testContext *tctx = testing_newTestContext(1, mt);
    tctx->isFuzzing = true;
    fuzzContext fctx = { testing_isFuzzWorker        ? fuzzWorker
                         : testing_fuzzMerge[0] != 0 ? fuzzMerge
                                                     : fuzzCoordinator };
    common root = { 0 };
    testing_common_init(&root);
    root.name = runtime_strdup("");
    root.w = NULL; // os.Stdout; a worker reports nothing (F_report)
    if (testing_chatty && !testing_isFuzzWorker) {
        root.chatty = testing_newChattyPrinter();
    }
    const testing_InternalFuzzTarget *fuzzTest = NULL;
    char *testName = NULL;
    for (size_t i = 0; i < n; i++) {
        char *name = NULL;
        bool ok, partial;
        testing_matcher_fullName(tctx->match, NULL, 0, fuzzTests[i].Name, &name, &ok, &partial);
        if (ok) {
            fuzzTest = &fuzzTests[i];
            free(testName);
            testName = name;
        } else {
            free(name);
        }
    }
    testing_F *f = newF(testName, &root, tctx, &fctx);
    free(testName);
    if (f->common.chatty != NULL) {
        testing_chattyPrinter_Updatef(f->common.chatty, f->common.name, "=== FUZZ  %s\n",
                                      f->common.name);
    }
    runF(f, fuzzTest->Fn);
    bool ok = !f->common.failed;
    testing_F_free(f);
    testing_chattyPrinter_free(root.chatty);
    root.chatty = NULL;
    testing_common_destroy(&root);
    testing_testContext_free(tctx);
    testing_matcher_free(mt);
    if (!ok) {
        *exitCode = testing_isFuzzWorker ? fuzzWorkerExitCode : 1;
    }
    return ok;
}

// externalF is the fuzz test that another engine runs (fuzzExternal),
// whose cleanups run when the process exits.
static testing_F *externalF;

static void runExternalCleanup(void) {
    char *err = testing_common_runCleanup(&externalF->common, recoverAndReturnPanic);
    if (err != NULL) {
        fflush(stdout);
        fprintf(stderr, "%s: cleanup panicked with %s\n", externalF->common.name, err);
        free(err);
    }
}

// ctest: fRunner for another engine. The body runs on this thread and
// stops after f_fuzz; its cleanups run when the process exits, since the
// fuzz function may use what they release (a t_tempdir). Its report is
// fRunner's, but that only a failure is shown and ends the process.
testing_F *testing_startExternal(const testing_InternalFuzzTarget *target) {
    common *root = runtime_calloc(1, sizeof *root);
    testing_common_init(root);
    root->name = runtime_strdup("");
    root->w = NULL; // os.Stdout
    testing_matcher *m = testing_newMatcher(testing_matchString, "", "-test.fuzz");
    testContext *tctx = testing_newTestContext(1, m);
    tctx->isFuzzing = true;
    static fuzzContext fctx = { fuzzExternal };
    testing_F *f = newF(target->Name, root, tctx, &fctx);
    common *c = &f->common;
    char *volatile err = NULL;
    goexitPoint p;
    testing_pushGoexitPoint(&p);
    if (setjmp(p.env) == 0) {
        c->start = time_now();
        target->Fn(f);
        pthread_mutex_lock(&c->mu);
        c->finished = true;
        pthread_mutex_unlock(&c->mu);
    } else {
        err = p.panicMsg;
    }
    testing_popGoexitPoint(&p);
    if (err == NULL) {
        err = fEndCheck(f);
    }
    if (err != NULL) {
        fDoPanic(f, err);
    }
    c->duration += time_now() - c->start;
    if (testing_common_Failed(c) || testing_common_Skipped(c)) {
        // Nothing is fuzzed: the cleanups run now, as fRunner runs them.
        err = testing_common_runCleanup(c, recoverAndReturnPanic);
        if (err != NULL) {
            fDoPanic(f, err);
        }
    }
    if (testing_common_Failed(c)) {
        F_report(f);
        exit(1);
    }
    if (testing_common_Skipped(c)) {
        char *dstr = testing_fmtDuration(c->duration);
        testing_common_flushToParent(c, c->name, "--- %s: %s (%s)\n", "SKIP", c->name, dstr);
        free(dstr);
        return NULL;
    }
    externalF = f;
    atexit(runExternalCleanup);
    return f;
}
