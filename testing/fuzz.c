// Ports go1.19.8 src/testing/fuzz.go: F, Add and Fuzz, in seed-corpus
// mode and, through internal/fuzz, as the fuzzing coordinator or a worker
// (and, ctest's own, as ctest corpus's -test.fuzzmerge). fRunner,
// runFuzzTests and runFuzzing are in frunner.c; F's methods that common
// has are in common_methods.c.
//

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testing/fuzzcall.h"
#include "testing/internal.h"
#include "testing/match.h"

// corpusDir: the seed corpus of fuzz test F is read from testdata/fuzz/F,
// relative to the package directory the test binary runs in.
static const char corpusDir[] = "testdata/fuzz";

// ---- Add ----

// supportedType is fuzz.go's supportedTypes: every kind of go.h.
static bool supportedType(go_kind k) {
    return k > GO_KIND_INVALID && k < GO_KIND_COUNT;
}

void testing_F_Add(testing_F *f, const char *file, int line, const go_value *vals, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (!supportedType(vals[i].kind)) {
            // ctest: a go_value of no known kind is Go's untyped nil.
            go_panic("testing: unsupported type to Add %s", "<nil>");
        }
        // ctest: a C string seed has a NUL to end it; NULL has none.
        if (vals[i].kind == C_STRING && vals[i].v.str.ptr == NULL) {
            go_panic("testing: C_STRING(NULL) given to Add: a C string seed cannot be NULL");
        }
    }
    f->corpus = runtime_realloc(f->corpus, (f->ncorpus + 1) * sizeof *f->corpus);
    corpusEntry *e = &f->corpus[f->ncorpus];
    *e = (corpusEntry){ 0 };
    e->Values = testing_deps_copyValues(vals, n);
    e->NValues = n;
    e->IsSeed = true;
    e->Path = runtime_sprintf("seed#%zu", f->ncorpus);
    // Only f_add's entries are in f->corpus yet: the site's index is the entry's.
    f->addSites = runtime_realloc(f->addSites, (f->ncorpus + 1) * sizeof *f->addSites);
    f->addSites[f->ncorpus] = (struct seedSite){ file, line };
    f->ncorpus++;
}

void testing_F_AddDict(testing_F *f, const char *word) {
    // Words added while fuzzing would reach some processes and not others.
    if (f->inFuzzFn || f->fuzzCalled) {
        go_panic("testing: f_add_dict must be called before f_fuzz, outside the fuzz target");
    }
    size_t n = strlen(word);
    if (n == 0 || n > 64) {
        go_panic("testing: f_add_dict: a word has 1 to 64 bytes, not %zu", n);
    }
    strings_Builder_Write(&f->dict, word, n);
    strings_Builder_WriteByte(&f->dict, '\0');
}

// addFuzzDict hands the engine the words f is fuzzed with besides the
// package's and -test.fuzzdict's (ctest's own): f_add_dict's, then those
// of testdata/fuzz/<name>.dict when there is one. The coordinator and its
// workers each do it as they start fuzzing f, so that all have the same
// words in the same order. It returns NULL or what is wrong with the file.
static go_error *addFuzzDict(testing_F *f) {
    testing_AddFuzzTokens(strings_Builder_String(&f->dict), strings_Builder_Len(&f->dict));
    char *path = runtime_sprintf("%s/%s.dict", corpusDir, f->common.name);
    go_error *err = NULL;
    struct stat st;
    if (stat(path, &st) == 0 || errno != ENOENT) {
        err = testing_deps_LoadFuzzDict(path);
    }
    free(path);
    return err;
}

// ---- Fuzz ----

// fuzzRun is the state of Fuzz's run closure.
typedef struct fuzzRun {
    testing_F *f;
    testing_fuzzCall *call;
    const char *file; // where f_fuzz was called
    int line;
} fuzzRun;

typedef struct fuzzRunArgs {
    testing_fuzzCall *call;
    const corpusEntry *e;
    testing_T *t;
} fuzzRunArgs;

static void fuzzRunBody(testing_T *t, void *arg) {
    fuzzRunArgs *a = arg;
    if (testing_seedMallocLimit() > 0) {
        testing_deps_SeedCall(); // ctest: fuzzing's allocation limit holds
    }
    testing_fuzzCall_call(a->call, t, a->e->Values);
}

// seedRefusal is a seed's run in place of fuzzRunBody when its file was
// found under a sanitizer this binary lacks (ctest's own: see sanitize.c):
// the seed fails, at the f_fuzz call, with why instead of passing.
typedef struct seedRefusal {
    const char *file;
    int line;
    const char *why;
} seedRefusal;

static void seedRefusalBody(testing_T *t, void *arg) {
    const seedRefusal *r = arg;
    testing_common_logDepth(&t->common, r->file, r->line, r->why);
    testing_common_FailNow(&t->common);
}

// filepathBase is filepath.Base.
static const char *filepathBase(const char *path, char *buf, size_t size) {
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/') {
        n--;
    }
    size_t i = n;
    while (i > 0 && path[i - 1] != '/') {
        i--;
    }
    if (n == 0) {
        return ".";
    }
    if (n - i == 0) {
        return "/";
    }
    size_t len = n - i < size - 1 ? n - i : size - 1;
    memcpy(buf, path + i, len);
    buf[len] = '\0';
    return buf;
}

// fuzzRun_begin is the part of Fuzz's run before the subtest starts: the
// subtest's T, a child of f, or NULL when it is not to run (-failfast).
static testing_T *fuzzRun_begin(fuzzRun *r, const corpusEntry *e) {
    testing_F *f = r->f;
    if (e->Values == NULL && e->NValues == 0 && e->Path != NULL) {
        char *q = strconv_Quote(e->Path, strlen(e->Path));
        go_panic("corpus file %s was not unmarshaled", q);
    }
    if (testing_shouldFailFast()) {
        return NULL;
    }
    char *testName;
    if (e->Path != NULL && e->Path[0] != '\0') {
        char buf[4096];
        testName = runtime_sprintf("%s/%s", f->common.name, filepathBase(e->Path, buf, sizeof buf));
    } else {
        testName = runtime_strdup(f->common.name);
    }
    if (f->testContext->isFuzzing) {
        // Don't preserve subtest names while fuzzing: they would pile up.
        testing_matcher_clearSubNames(f->testContext->match);
    }

    testing_T *t = testing_newSubtest(&f->common, f->testContext, testName);
    f->common.inFuzzFn = true;
    f->inFuzzFn = true;
    if (f->testContext->isFuzzing) {
        // ctest: Go defers SnapshotCoverage inside the subtest's function;
        // the snapshot is taken once the subtest is done instead, which
        // only differs by the user's cleanups.
        testing_deps_ResetCoverage();
    }
    return t;
}

// fuzzRun_end is the part of Fuzz's run once the subtest t has started:
// the wait for it to end or pause (Parallel). Fuzz's run is these two with
// the subtest between: a worker runs its inputs with workerRun_run
// instead, and the seed corpus loop runs each seed inline (seedLoop_run).
static void fuzzRun_end(fuzzRun *r, testing_T *t) {
    testing_F *f = r->f;
    common *c = &t->common;
    testing_boolChan_recv(&c->signal);
    if (!t->isParallel) {
        testing_joinThread(c);
    }
    if (f->testContext->isFuzzing) {
        testing_deps_SnapshotCoverage();
    }
    f->common.inFuzzFn = false;
    f->inFuzzFn = false;
}

// seedLoop is ctest's: the seed corpus, run on a goroutine of its own with
// each seed's subtest inline on it, where Go starts a goroutine a seed (a
// handoff between two threads each, most of a seed's time). A seed that
// calls Parallel must not hold up the loop: it keeps the goroutine, and
// the loop goes on in a new one (testing_seedLoopHandOn).
typedef struct seedLoop {
    fuzzRun r;
    size_t next;       // the corpus entry to run next
    testing_T *paused; // a seed handed on by Parallel, whose run is to finish
    bool *handedOn;    // the running seed's flag, on its loop's stack
    common g;          // the loop's goroutine (thread), and its end (signal)
} seedLoop;

// seedLoop_matches reports whether -run selects corpus entry i.
static bool seedLoop_matches(const testing_F *f, size_t i) {
    char buf[4096];
    char *name = runtime_sprintf("%s/%s", f->common.name,
                                 filepathBase(f->corpus[i].Path, buf, sizeof buf));
    char *full = NULL;
    bool ok, partial;
    testing_matcher_fullName(f->testContext->match, NULL, 0, name, &full, &ok, &partial);
    free(name);
    free(full);
    return ok;
}

// seedLoop_run runs the seeds from L->next on, until the last, or until
// one hands the loop on: the goroutine is then that seed's, and L is no
// longer this goroutine's to touch.
static void seedLoop_run(seedLoop *L) {
    testing_F *f = L->r.f;
    if (L->paused != NULL) {
        fuzzRun_end(&L->r, L->paused);
        L->paused = NULL;
    }
    while (L->next < f->ncorpus) {
        const corpusEntry *e = &f->corpus[L->next++];
        if (!seedLoop_matches(f, (size_t)(e - f->corpus))) {
            continue;
        }
        testing_T *t = fuzzRun_begin(&L->r, e);
        if (t == NULL) {
            continue;
        }
        bool handedOn = false;
        L->handedOn = &handedOn;
        t->seedLoop = L;
        fuzzRunArgs a = { L->r.call, e, t };
        // ctest: a file found under a sanitizer this binary lacks fails,
        // saying so, rather than pass.
        char *why = testing_seedSanitizerError(e);
        seedRefusal refusal = { L->r.file, L->r.line, why };
        int prev = testing_enterInline(&t->common);
        if (why != NULL) {
            testing_tRunner(t, seedRefusalBody, &refusal);
        } else {
            testing_tRunner(t, fuzzRunBody, &a);
        }
        free(why);
        if (handedOn) {
            return;
        }
        testing_leaveInline(prev);
        t->seedLoop = NULL;
        fuzzRun_end(&L->r, t);
    }
    testing_boolChan_send(&L->g.signal, true);
}

static void *seedLoopThread(void *p) {
    seedLoop_run(p);
    return NULL;
}

void testing_seedLoopHandOn(testing_T *t) {
    seedLoop *L = t->seedLoop;
    t->seedLoop = NULL;
    *L->handedOn = true;
    // This thread goes on as t's goroutine; its pool slot is joined as
    // t's, once t ends.
    t->common.thread = L->g.thread;
    L->g.thread = NULL;
    L->paused = t;
    testing_startThread(&L->g, seedLoopThread, L);
}

// runSeeds runs the seed corpus of r->f, each entry -run selects as a subtest.
static void runSeeds(fuzzRun *r) {
    seedLoop *L = runtime_calloc(1, sizeof *L);
    L->r = *r;
    testing_common_init(&L->g);
    testing_startThread(&L->g, seedLoopThread, L);
    testing_boolChan_recv(&L->g.signal);
    testing_common_destroy(&L->g); // joins the loop's last goroutine
    free(L);
}

// workerRun is the state of the worker's fn: Fuzz's run with a buffer for
// the output of a failing input.
typedef struct workerRun {
    fuzzRun *r;
    common capture; // the subtests' parent: their output lands in capture.output
    char *msg;      // the last failure's message
    testing_T *t;   // the T every input runs on, made for the first
    bool subNames;  // whether the matcher may hold subtest names to clear
} workerRun;

// workerRun_newT is the T of Fuzz's run for a worker's inputs, made once:
// an input is an entry without a path, so each run's T has f's name.
static testing_T *workerRun_newT(workerRun *w) {
    testing_F *f = w->r->f;
    testing_T *t = runtime_calloc(1, sizeof *t);
    common *c = &t->common;
    testing_common_init(c);
    c->name = runtime_strdup(f->common.name);
    // t.parent aliases f.common in Go's comment: here it is the capture.
    c->parent = &w->capture;
    c->level = f->common.level + 1;
    c->chatty = f->common.chatty;
    c->w = c;
    t->context = f->testContext;
    c->barrier = testing_newBarrierChan();
    return t;
}

// workerRun_run is Fuzz's run for one input in a worker (fuzzing): the
// input runs as a subtest of f whose output goes to the capture, and
// workerRun_run reports whether it passed.
//
// ctest: Go makes a new T and a goroutine per input. Here every input runs
// on the worker's one T, reset in between (testing_T_reset), and on the
// worker's thread (tRunner recovers there just the same), so that an
// execution allocates nothing and makes no system call. A goroutine the
// fuzz function leaves running and that fails the T after it returned
// fails the next input rather than panicking.
static bool workerRun_run(workerRun *w, const corpusEntry *e) {
    testing_F *f = w->r->f;
    if (testing_shouldFailFast()) {
        return true;
    }
    if (w->t == NULL) {
        w->t = workerRun_newT(w);
        w->subNames = true;
    }
    testing_T *t = w->t;
    common *c = &t->common;
    if (w->subNames) {
        // Don't preserve subtest names while fuzzing: they would pile up.
        // Only f's own name, and the subtests of an input that ran some,
        // are there to clear.
        testing_matcher_clearSubNames(f->testContext->match);
        w->subNames = false;
    }
    if (c->chatty != NULL) {
        testing_chattyPrinter_Updatef(c->chatty, c->name, "=== RUN   %s\n", c->name);
    }
    f->common.inFuzzFn = true;
    f->inFuzzFn = true;
    fuzzRunArgs a = { w->r->call, e, t };
    // ctest: Go defers SnapshotCoverage inside the subtest's function;
    // the snapshot is taken once the subtest is done instead, which only
    // differs by the user's cleanups.
    testing_deps_ResetCoverage();
    bool ok = testing_tRunnerInline(t, fuzzRunBody, &a, testing_deps_CallStart());
    testing_deps_SnapshotCoverage();
    f->common.inFuzzFn = false;
    f->inFuzzFn = false;
    w->subNames = __atomic_load_n(&c->hasSub, __ATOMIC_SEQ_CST) != 0;
    testing_T_reset(t);
    return ok;
}

// workerRun_failure is the output of the failure of the input w ran last,
// kept in w->msg: the capture is written through an indenter, and Go's
// buffer is not.
static const char *workerRun_failure(workerRun *w) {
    free(w->msg);
    const char *out = strings_Builder_String(&w->capture.output);
    size_t len = strings_Builder_Len(&w->capture.output);
    w->msg = runtime_malloc(len + 1);
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        if (len - i >= 4 && memcmp(out + i, "    ", 4) == 0) {
            i += 4;
        }
        while (i < len) {
            char ch = out[i++];
            w->msg[o++] = ch;
            if (ch == '\n') {
                break;
            }
        }
    }
    w->msg[o] = '\0';
    return w->msg;
}

// workerFuzzFn is the function Fuzz gives RunFuzzWorker: it runs the values
// and returns the output of a failure (nil otherwise), which Go keeps in a
// bytes.Buffer rather than writing it to stdout.
static const char *workerFuzzFn(void *ctx, const go_value *vals, size_t n) {
    workerRun *w = ctx;
    corpusEntry e = { 0 };
    e.Values = (go_value *)vals;
    e.NValues = n;
    strings_Builder_Truncate(&w->capture.output, 0);
    if (workerRun_run(w, &e)) {
        return NULL;
    }
    return workerRun_failure(w);
}

// fWrite is fmt.Fprintf(f.w, ...): f's output, through its indenter.
static void fWrite(testing_F *f, const char *s) {
    pthread_mutex_lock(&f->common.mu);
    size_t n = strlen(s);
    while (n > 0) {
        const char *nl = memchr(s, '\n', n);
        size_t end = nl == NULL ? n : (size_t)(nl - s) + 1;
        strings_Builder_Write(&f->common.output, "    ", 4);
        strings_Builder_Write(&f->common.output, s, end);
        s += end;
        n -= end;
    }
    pthread_mutex_unlock(&f->common.mu);
}

// readCorpusDir adds the corpus files in dir to f's corpus (seeds says
// whether they are seeds: testdata's), and frees dir. A file that is not a
// corpus file of kinds, or cannot be read, fails f at the f_fuzz call,
// file:line.
static void readCorpusDir(testing_F *f, const char *file, int line, char *dir, bool seeds,
                          const go_kind *kinds, size_t n) {
    corpusEntry *entries = NULL;
    size_t nentries = 0;
    go_error *err = testing_deps_ReadCorpus(dir, kinds, n, &entries, &nentries);
    free(dir); // before FailNow, which does not return
    if (err != NULL) {
        for (size_t i = 0; i < nentries; i++) {
            testing_deps_clearCorpusEntry(&entries[i]);
        }
        free(entries);
        char *msg = runtime_strdup(go_error_Error(err));
        go_error_free(err);
        testing_common_logDepth(&f->common, file, line, msg);
        free(msg);
        testing_common_FailNow(&f->common);
    }
    for (size_t i = 0; i < nentries; i++) {
        entries[i].IsSeed = seeds;
        if (f->fuzzContext->mode == fuzzCoordinator) {
            testing_deps_freeValues(entries[i].Values, entries[i].NValues);
            entries[i].Values = NULL;
            entries[i].NValues = 0;
        }
    }
    if (nentries > 0) {
        f->corpus = runtime_realloc(f->corpus, (f->ncorpus + nentries) * sizeof *f->corpus);
        memcpy(f->corpus + f->ncorpus, entries, nentries * sizeof *entries);
        f->ncorpus += nentries;
    }
    free(entries);
}

// refuseSeedsNeedingSanitizers fails f, at the f_fuzz call, when a file
// of its seed corpus was found under a sanitizer this binary lacks
// (ctest's own: see sanitize.c): fuzzing would take it for a seed that
// passes. The seed run refuses each such file as a failing subtest.
static void refuseSeedsNeedingSanitizers(testing_F *f, const char *file, int line) {
    bool refused = false;
    for (size_t i = 0; i < f->ncorpus; i++) {
        char *why = testing_seedSanitizerError(&f->corpus[i]);
        if (why != NULL) {
            testing_common_logDepth(&f->common, file, line, why);
            free(why);
            refused = true;
        }
    }
    if (refused) {
        testing_common_FailNow(&f->common);
    }
}

// hintSeedKinds says, in C's names, which f_add gave the seed i that does
// not fit the kinds f_fuzz (at file:line) takes: Go's message names Go's
// types and points at f_fuzz alone.
static void hintSeedKinds(testing_F *f, size_t i, const char *file, int line, const go_kind *kinds,
                          size_t n) {
    char *got = testing_kindList(NULL, f->corpus[i].Values, f->corpus[i].NValues);
    char *want = testing_kindList(kinds, NULL, n);
    testing_hint("%s: the seed that f_add gave at %s:%d (%s) is %s, but f_fuzz at %s:%d takes %s",
                 f->common.name, testing_baseName(f->addSites[i].file), f->addSites[i].line,
                 f->corpus[i].Path, got, testing_baseName(file), line, want);
    free(got);
    free(want);
}

// loadSeedCorpus checks the values f_add gave against the kinds and
// appends the seed corpus of testdata/fuzz/<name> to f's; a value of
// another kind, or a file that cannot be read, fails f at the f_fuzz call,
// file:line. The coordinator keeps only the files' paths: its workers read
// them.
static void loadSeedCorpus(testing_F *f, const char *file, int line, const go_kind *kinds,
                           size_t n) {
    for (size_t i = 0; i < f->ncorpus; i++) {
        go_error *err =
                testing_deps_CheckCorpus(f->corpus[i].Values, f->corpus[i].NValues, kinds, n);
        if (err != NULL) {
            char *msg = runtime_strdup(go_error_Error(err));
            go_error_free(err);
            testing_common_logDepth(&f->common, file, line, msg);
            free(msg);
            hintSeedKinds(f, i, file, line, kinds, n); // ctest
            testing_common_FailNow(&f->common);
        }
    }

    if (f->fuzzContext->mode == fuzzMerge || f->fuzzContext->mode == fuzzExternal) {
        return; // ctest corpus lists the files to run; another engine has its corpus
    }
    char *dir = runtime_sprintf("%s/%s", corpusDir, f->common.name);
    readCorpusDir(f, file, line, dir, true, kinds, n);
    if (f->fuzzContext->mode == fuzzCoordinator) {
        refuseSeedsNeedingSanitizers(f, file, line); // ctest: see sanitize.c
    }
    // ctest: -test.fuzzcacheseeds runs what fuzzing cached as well, so that
    // -cover measures what the whole corpus reaches.
    if (testing_fuzzCacheSeeds && f->fuzzContext->mode == seedCorpusOnly &&
        testing_fuzzCacheDir[0] != '\0') {
        dir = runtime_sprintf("%s/%s", testing_fuzzCacheDir, f->common.name);
        readCorpusDir(f, file, line, dir, false, kinds, n);
    }
}

// writeRerun writes the command that runs the crasher named file again.
// ctest: the re-run command is the driver as it was invoked, with the
// build flags the input needs to fail again (-sanitize=...), which the
// driver passes in CTEST_RERUN; "ctest" when the test binary runs by
// itself. A crash whose message (why) is an allocation over
// -test.fuzzmalloclimit (ctest's report, or ASan's refusal, which the
// limit is in a worker: fuzz_workerEnv) gets the limit too: without it,
// the input runs with no limit.
static void writeRerun(testing_F *f, const char *file, const char *why) {
    const char *cmd = getenv("CTEST_RERUN");
    char limit[64] = "";
    if (strstr(why, "ctest: out-of-memory (malloc") != NULL ||
        strstr(why, "AddressSanitizer: allocation-size-too-big") != NULL) {
        snprintf(limit, sizeof limit, " -fuzzmalloclimit=%" PRId64,
                 testing_fuzzMallocLimit > 0 ? testing_fuzzMallocLimit : testing_fuzzRSSLimit);
    }
    char *msg = runtime_sprintf("To re-run:\n%s%s -run=%s/%s\n",
                                cmd != NULL && cmd[0] != '\0' ? cmd : "ctest", limit,
                                f->common.name, file);
    fWrite(f, msg);
    free(msg);
}

// reportCrashes is the failure of a run that went on after crashes
// (ctest: -test.fuzzkeepgoing): each distinct crash, its crasher and the
// command that runs it again.
static void reportCrashes(testing_F *f, const go_error *err) {
    testing_common_Fail(&f->common);
    size_t n = testing_deps_crashCount(err), inputs = 0;
    for (size_t i = 0; i < n; i++) {
        const char *title, *path;
        size_t count;
        bool seed;
        testing_deps_crash(err, i, &title, &path, &count, &seed);
        inputs += count;
    }
    char *msg = runtime_sprintf("%s (%zu failing input%s in all)\n", go_error_Error(err), inputs,
                                inputs == 1 ? "" : "s");
    fWrite(f, msg);
    free(msg);
    for (size_t i = 0; i < n; i++) {
        const char *title, *path;
        size_t count;
        bool seed;
        testing_deps_crash(err, i, &title, &path, &count, &seed);
        // A crash a seed corpus entry has (a crasher of an earlier run in
        // testdata, or an f_add seed) was not written by this run.
        msg = runtime_sprintf(!seed ? "\ncrash %zu: %s (%zu input%s)\nFailing input written to %s\n"
                                    : "\ncrash %zu: %s (%zu input%s)\nFailing input is seed "
                                      "corpus entry %s\n",
                              i + 1, title, count, count == 1 ? "" : "s", path);
        fWrite(f, msg);
        free(msg);
        // ctest: a crasher a sanitizer reported is noted so (sanitize.c).
        char *note = seed ? NULL : testing_noteCrasher(path, title);
        if (note != NULL) {
            fWrite(f, note);
            free(note);
        }
        char buf[4096];
        writeRerun(f, filepathBase(path, buf, sizeof buf), title);
    }
}

// runCoordinator is -fuzz in the test binary ctest started: it runs the
// coordinator, which starts the workers, hands them inputs and gathers
// results, and reports the failing input it found, if any.
static void runCoordinator(testing_F *f, const go_kind *kinds, size_t n) {
    char *corpusTargetDir = runtime_sprintf("%s/%s", corpusDir, f->common.name);
    char *cacheTargetDir = runtime_sprintf("%s/%s", testing_fuzzCacheDir, f->common.name);
    testing_deps_CoordinateFuzzingOpts opts = {
        .timeout = testing_fuzzDuration,
        .limit = testing_fuzzDurationN,
        .minimizeTimeout = testing_minimizeDuration,
        .minimizeLimit = testing_minimizeDurationN,
        .parallel = testing_parallel,
        .seed = f->corpus,
        .nseed = f->ncorpus,
        .types = kinds,
        .ntypes = n,
        .corpusDir = corpusTargetDir,
        .cacheDir = cacheTargetDir,
        .fuzzTimeout = testing_fuzzTimeout,
        .keepGoing = testing_fuzzKeepGoing,
        .stats = testing_fuzzStats,
        .mallocLimit = testing_fuzzMallocLimit, // ctest: for its warning
        .allocLimit = testing_seedMallocLimit(),
    };
    fflush(stdout);
    go_error *err = testing_deps_CoordinateFuzzing(&opts);
    if (testing_deps_isInternalError(err)) {
        // ctest: the engine failed, not the test: say so and exit 2, as
        // a Go program ends on a fatal runtime error.
        fflush(stdout);
        fprintf(stderr, "%s\n", go_error_Error(err));
        exit(2);
    }
    if (testing_deps_crashCount(err) > 0) {
        reportCrashes(f, err);
    } else if (err != NULL) {
        testing_common_Fail(&f->common);
        char *msg = runtime_sprintf("%s\n", go_error_Error(err));
        fWrite(f, msg);
        free(msg);
        const char *crashPath = testing_deps_crashPath(err);
        if (crashPath != NULL) {
            msg = runtime_sprintf("Failing input written to %s\n", crashPath);
            fWrite(f, msg);
            free(msg);
            // ctest: a crasher a sanitizer reported is noted so (sanitize.c).
            char *note = testing_noteCrasher(crashPath, go_error_Error(err));
            if (note != NULL) {
                fWrite(f, note);
                free(note);
            }
            char buf[4096];
            writeRerun(f, filepathBase(crashPath, buf, sizeof buf), go_error_Error(err));
        }
    }
    go_error_free(err);
    free(corpusTargetDir);
    free(cacheTargetDir);
}

// workerRun_init readies w to run inputs with r; workerRun_destroy
// releases it.
static void workerRun_init(workerRun *w, fuzzRun *r) {
    memset(w, 0, sizeof *w);
    w->r = r;
    testing_common_init(&w->capture);
    w->capture.w = &w->capture;
}

static void workerRun_destroy(workerRun *w) {
    free(w->msg);
    testing_T_free(w->t);
    testing_common_destroy(&w->capture);
}

// runMerge is -test.fuzzmerge (ctest's own, for ctest corpus): the inputs
// of the control file run in this process, as a worker runs its inputs,
// after the f_add seeds, and their coverage goes to the file.
static void runMerge(testing_F *f, fuzzRun *r, const char *file, int line, const go_kind *kinds,
                     size_t n) {
    workerRun w;
    workerRun_init(&w, r);
    go_error *err = testing_deps_RunMerge(testing_fuzzMerge, workerFuzzFn, &w, kinds, n, f->corpus,
                                          f->ncorpus, testing_fuzzTimeout);
    workerRun_destroy(&w);
    if (err != NULL) {
        char *msg = runtime_sprintf("testing: -test.fuzzmerge: %s", go_error_Error(err));
        go_error_free(err);
        testing_common_logDepth(&f->common, file, line, msg);
        free(msg);
        testing_common_Fail(&f->common);
    }
}

// runWorker is -fuzz in a worker the coordinator started: it serves the
// coordinator's calls with r until the coordinator stops it.
static void runWorker(testing_F *f, fuzzRun *r, const char *file, int line) {
    workerRun w;
    workerRun_init(&w, r);
    // ctest: Go's worker has a fixed timeout and no memory limits.
    testing_deps_RunFuzzWorkerOpts opts = {
        .fuzzTimeout = testing_fuzzTimeout,
        .rssLimit = testing_fuzzRSSLimit,
        .mallocLimit = testing_fuzzMallocLimit,
    };
    go_error *err = testing_deps_RunFuzzWorker(workerFuzzFn, &w, &opts);
    workerRun_destroy(&w);
    if (err != NULL) {
        // Internal errors are marked with f.Fail; the worker exits
        // with workerExitCode, and no failing input is recorded.
        char *msg =
                runtime_sprintf("communicating with fuzzing coordinator: %s", go_error_Error(err));
        go_error_free(err);
        testing_common_logDepth(&f->common, file, line, msg);
        free(msg);
        testing_common_Fail(&f->common);
    }
}

// externalRun is Fuzz's run for another engine (fuzzExternal, ctest's
// own): Fuzz's closure and a worker's way of running one input, kept in
// f after Fuzz has returned, since the other engine calls the fuzz
// function, input by input, from its own loop (external.c).
typedef struct externalRun {
    fuzzRun r;
    workerRun w;
    go_kind *kinds; // the fuzz function's, copied from f_fuzz's
    size_t n;
} externalRun;

static void startExternal(testing_F *f, const fuzzRun *r, const go_kind *kinds, size_t n) {
    externalRun *x = runtime_calloc(1, sizeof *x);
    x->r = *r;
    workerRun_init(&x->w, &x->r);
    x->kinds = runtime_calloc(n, sizeof *x->kinds);
    memcpy(x->kinds, kinds, n * sizeof *kinds);
    x->n = n;
    f->external = x;
}

const go_kind *testing_F_externalKinds(const testing_F *f, size_t *n) {
    *n = f->external->n;
    return f->external->kinds;
}

const char *testing_F_runExternal(testing_F *f, const go_value *vals, size_t n) {
    workerRun *w = &f->external->w;
    // While fuzzing, tRunner makes a panic of the fuzz function its
    // failure, as Go's does. One that still gets out would end the
    // process with status 2, which AFL++ does not take for a crash: this
    // recover point hands it to the caller, which aborts.
    goexitPoint p;
    testing_pushGoexitPoint(&p);
    if (setjmp(p.env) == 0) {
        const char *failure = workerFuzzFn(w, vals, n);
        testing_popGoexitPoint(&p);
        return failure;
    }
    testing_popGoexitPoint(&p);
    char *msg = p.panicMsg != NULL ? p.panicMsg : runtime_strdup("");
    char *text = testing_repanicText(msg);
    free(msg);
    char *out = runtime_sprintf("%s%s", workerRun_failure(w), text);
    free(text);
    free(w->msg);
    w->msg = out;
    return w->msg;
}

void testing_F_Fuzz(testing_F *f, const char *file, int line, void (*fn)(void),
                    const go_kind *kinds, size_t n) {
    if (f->fuzzCalled) {
        go_panic("testing: F.Fuzz called more than once");
    }
    f->fuzzCalled = true;
    if (f->common.failed) {
        return;
    }
    testing_F_Helper(f, "testing_F_Fuzz");

    if (fn == NULL) {
        go_panic("testing: F.Fuzz must receive a function");
    }
    if (n < 1) {
        go_panic(
                "testing: fuzz target must receive at least two arguments, where the first argument is a *T");
    }
    for (size_t i = 0; i < n; i++) {
        if (!supportedType(kinds[i])) {
            go_panic("testing: unsupported type for fuzzing %s", "<nil>");
        }
    }

    if (f->fuzzContext->mode != fuzzWorker) {
        loadSeedCorpus(f, file, line, kinds, n);
    }

    testing_fuzzCall *call = testing_fuzzCall_new(fn, kinds, n);
    if (call == NULL) {
        // ctest: libffi could not describe the signature.
        go_panic(
                "testing: fuzz target must receive at least two arguments, where the first argument is a *T");
    }
    f->call = call;
    fuzzRun r = { f, call, file, line };
    if (f->fuzzContext->mode == fuzzCoordinator || f->fuzzContext->mode == fuzzWorker) {
        go_error *err = addFuzzDict(f);
        if (err != NULL) {
            char *msg = runtime_sprintf("testing: reading the dictionary: %s", go_error_Error(err));
            go_error_free(err);
            testing_common_logDepth(&f->common, file, line, msg);
            free(msg);
            testing_common_FailNow(&f->common);
        }
    }

    switch (f->fuzzContext->mode) {
    case fuzzCoordinator:
        runCoordinator(f, kinds, n);
        break;
    case fuzzWorker:
        runWorker(f, &r, file, line);
        break;
    case fuzzMerge:
        runMerge(f, &r, file, line, kinds, n);
        break;
    case fuzzExternal:
        // ctest: another engine runs the inputs once Fuzz has returned.
        startExternal(f, &r, kinds, n);
        break;
    case seedCorpusOnly:
        runSeeds(&r);
        break;
    }
}
