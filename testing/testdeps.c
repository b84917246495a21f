// Ports go1.19.8 src/testing/internal/testdeps/deps.go: MatchString, with
// regexp.Compile and (*Regexp).MatchString done by PCRE2 after
// internal/std/regexp_syntax.c has parsed the pattern as Go does; and the
// fuzzing engine's entry points (CoordinateFuzzing, RunFuzzWorker,
// ReadCorpus, CheckCorpus, ResetCoverage, SnapshotCoverage, and ctest's
// RunMerge for ctest corpus, the raw layout and ListSeeds for other
// engines, and the sanitizer notes of corpus files). As Go's
// testdeps is, this is the one file of package testing that sees
// internal/fuzz.
//
#define PCRE2_CODE_UNIT_WIDTH 8

#include <pcre2.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/corpus.h"
#include "internal/fuzz/crashes.h"
#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/memlimit.h"
#include "internal/fuzz/rawlayout.h"
#include "internal/std/std.h"
#include "testing/internal.h"
#include "testing/match.h"
#include "testing/regexp_vm.h"

// compiled is one cached pattern. Go keeps only the last one (matchPat,
// matchRe); a -test.run with several elements or alternations asks for
// several in turn, so all are kept: there are as many as the flags hold.
typedef struct compiled {
    char *pat;
    // code holds the PCRE2 programs, ncode of them (none when pat is
    // invalid): one, or the parts of a pattern too large for one program,
    // of which a string matches one exactly when it matches pat.
    pcre2_code **code;
    size_t ncode;
    // ctest: vm runs pat instead when PCRE2 cannot hold it (code is then
    // empty).
    testing_regexpVM *vm;
    go_error *err; // why pat is invalid (its text is copied out)
    struct compiled *next;
} compiled;

// mu guards cache. Go's callers serialize MatchString with matchMutex; a
// lock of our own keeps it safe for any caller.
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static compiled *cache;

pcre2_code *testing_compilePCRE2(const char *pcre, int *errcode, PCRE2_SIZE *erroffset) {
    pcre2_compile_context *cc = pcre2_compile_context_create(NULL);
    pcre2_set_newline(cc, PCRE2_NEWLINE_LF);
    // Go accepts 1000 levels of nesting; each level may be a few groups here.
    pcre2_set_parens_nest_limit(cc, 10000);
    // ALT_CIRCUMFLEX: Go's (?m)^ matches after a final "\n" too. Subjects
    // are made valid UTF-8 before matching (see validUTF8).
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pcre, PCRE2_ZERO_TERMINATED,
                                     PCRE2_UTF | PCRE2_ALT_CIRCUMFLEX, errcode, erroffset, cc);
    pcre2_compile_context_free(cc);
    return code;
}

// addProgram is regexp_syntax_ToPCRE2's accept: it compiles one PCRE2
// pattern into the compiled ctx, false if PCRE2 cannot take it.
static bool addProgram(void *ctx, const char *pcre) {
    compiled *c = ctx;
    int errcode;
    PCRE2_SIZE erroffset;
    pcre2_code *code = testing_compilePCRE2(pcre, &errcode, &erroffset);
    if (code == NULL) {
        return false;
    }
    c->code = runtime_realloc(c->code, (c->ncode + 1) * sizeof *c->code);
    c->code[c->ncode++] = code;
    return true;
}

// compile is regexp.Compile(pat): Go's parser first, for Go's acceptance and
// error texts, then PCRE2 on the equivalent pattern (or its parts) it
// writes.
static compiled *compile(const char *pat) {
    compiled *c = runtime_calloc(1, sizeof *c);
    c->pat = runtime_strdup(pat);
    regexp_prog prog = { 0 };
    c->err = regexp_syntax_ToPCRE2(pat, strlen(pat), addProgram, c, &prog);
    if (c->err != NULL || prog.inst != NULL) {
        for (size_t i = 0; i < c->ncode; i++) {
            pcre2_code_free(c->code[i]);
        }
        free(c->code);
        c->code = NULL;
        c->ncode = 0;
    }
    if (prog.inst != NULL) {
        c->vm = testing_newRegexpVM(&prog);
    }
    return c;
}

// validUTF8 returns str with each byte that is not part of valid UTF-8
// replaced by U+FFFD, which is how Go's regexp reads a string (as its range
// loop does), or NULL when str is valid already. Caller frees.
static char *validUTF8(const char *str, size_t n) {
    size_t i = 0, width;
    while (i < n) {
        int32_t r = utf8_DecodeRune(str + i, n - i, &width);
        if (r == 0xFFFD && width == 1) {
            break;
        }
        i += width;
    }
    if (i == n) {
        return NULL;
    }
    char *out = runtime_malloc(i + 3 * (n - i) + 1);
    memcpy(out, str, i);
    size_t o = i;
    while (i < n) {
        int32_t r = utf8_DecodeRune(str + i, n - i, &width);
        if (r == 0xFFFD && width == 1) {
            memcpy(out + o, "\xEF\xBF\xBD", 3);
            o += 3;
        } else {
            memcpy(out + o, str + i, width);
            o += width;
        }
        i += width;
    }
    out[o] = '\0';
    return out;
}

go_error *testing_matchString(const char *pat, const char *str, bool *ok) {
    pthread_mutex_lock(&mu);
    compiled *c = cache;
    while (c != NULL && strcmp(c->pat, pat) != 0) {
        c = c->next;
    }
    if (c == NULL) {
        c = compile(pat);
        c->next = cache;
        cache = c;
    }
    go_error *err = NULL;
    if (c->err != NULL) {
        err = errors_New(go_error_Error(c->err));
    } else {
        size_t n = strlen(str);
        char *valid = validUTF8(str, n);
        if (valid != NULL) {
            str = valid;
            n = strlen(valid);
        }
        *ok = c->vm != NULL && testing_regexpVMMatch(c->vm, str, n);
        for (size_t i = 0; i < c->ncode && !*ok; i++) {
            pcre2_match_data *md = pcre2_match_data_create_from_pattern(c->code[i], NULL);
            int rc = pcre2_match(c->code[i], (PCRE2_SPTR)str, n, 0, PCRE2_NO_UTF_CHECK, md, NULL);
            pcre2_match_data_free(md);
            *ok = rc >= 0;
        }
        free(valid);
    }
    pthread_mutex_unlock(&mu);
    return err;
}

// ---- the fuzzing engine ----

// toEngine and fromEngine move an entry between testing's corpusEntry and
// the engine's fuzz_CorpusEntry, field by field (the pointers go along; the
// two types are distinct to C, as they are to Go's packages).
static fuzz_CorpusEntry toEngine(const corpusEntry *e) {
    return (fuzz_CorpusEntry){ e->Parent, e->Path,    e->Data,       e->DataLen,
                               e->Values, e->NValues, e->Generation, e->IsSeed };
}

static corpusEntry fromEngine(const fuzz_CorpusEntry *e) {
    return (corpusEntry){ e->Parent,  e->Path,       e->Data,   e->DataLen, e->Values,
                          e->NValues, e->Generation, e->IsSeed, NULL };
}

void testing_deps_SetFuzzCmp(bool useCmp) {
    fuzz_UseCmp = useCmp;
}

go_error *testing_deps_LoadFuzzDict(const char *path) {
    return fuzz_LoadDictFile(path);
}

void testing_AddFuzzTokens(const char *blob, size_t len) {
    fuzz_AddTokens(blob, len);
}

go_value *testing_deps_copyValues(const go_value *vals, size_t n) {
    return fuzz_copyValues(vals, n);
}

void testing_deps_freeValues(go_value *vals, size_t n) {
    fuzz_freeValues(vals, n);
}

void testing_deps_clearCorpusEntry(corpusEntry *e) {
    free(e->Sanitize);
    fuzz_CorpusEntry fe = toEngine(e);
    fuzz_CorpusEntry_clear(&fe);
    *e = (corpusEntry){ 0 };
}

go_error *testing_deps_CheckCorpus(const go_value *vals, size_t n, const go_kind *types,
                                   size_t ntypes) {
    return fuzz_CheckCorpus(vals, n, types, ntypes);
}

go_error *testing_deps_ReadCorpus(const char *dir, const go_kind *types, size_t ntypes,
                                  corpusEntry **entries, size_t *n) {
    fuzz_CorpusEntry *got = NULL;
    // ctest: each file's bytes are kept long enough to read its note.
    go_error *err = fuzz_readCorpusDir(dir, types, ntypes, true, &got, n);
    *entries = *n > 0 ? runtime_malloc(*n * sizeof **entries) : NULL;
    for (size_t i = 0; i < *n; i++) {
        (*entries)[i] = fromEngine(&got[i]);
        corpusEntry *e = &(*entries)[i];
        if (e->Data != NULL) {
            e->Sanitize = fuzz_corpusNote(e->Data, e->DataLen);
            free(e->Data);
            e->Data = NULL;
            e->DataLen = 0;
        }
    }
    free(got);
    return err;
}

go_error *testing_deps_noteCorpusFile(const char *path, const char *sanitizers) {
    return fuzz_writeCorpusNote(path, sanitizers);
}

// seedsToEngine is the engine's view of n seeds, which it borrows: the
// copies share their pointers (caller frees the array alone).
static fuzz_CorpusEntry *seedsToEngine(const corpusEntry *seed, size_t n) {
    fuzz_CorpusEntry *s = n > 0 ? runtime_malloc(n * sizeof *s) : NULL;
    for (size_t i = 0; i < n; i++) {
        s[i] = toEngine(&seed[i]);
    }
    return s;
}

go_error *testing_deps_CoordinateFuzzing(const testing_deps_CoordinateFuzzingOpts *o) {
    fuzz_CorpusEntry *seed = seedsToEngine(o->seed, o->nseed);
    fuzz_CoordinateFuzzingOpts opts = {
        .Log = stderr,
        .Timeout = o->timeout,
        .Limit = o->limit,
        .MinimizeTimeout = o->minimizeTimeout,
        .MinimizeLimit = o->minimizeLimit,
        .Parallel = o->parallel,
        .Seed = seed,
        .NSeed = o->nseed,
        .Types = o->types,
        .NTypes = o->ntypes,
        .CorpusDir = o->corpusDir,
        .CacheDir = o->cacheDir,
        .FuzzTimeout = o->fuzzTimeout,
        .KeepGoing = o->keepGoing,
        .Stats = o->stats,
        .MallocLimitMB = o->mallocLimit,
        .AllocLimitMB = o->allocLimit,
        .Argc = testing_argc,
        .Argv = testing_argv,
    };
    go_error *err = fuzz_CoordinateFuzzing(&opts);
    free(seed);
    return err;
}

bool testing_deps_isInternalError(const go_error *err) {
    return err != NULL && errors_IsType(err, &fuzz_InternalErrorType);
}

const char *testing_deps_crashPath(const go_error *err) {
    return errors_As(err, &fuzz_crashErrorType);
}

size_t testing_deps_crashCount(const go_error *err) {
    const crashList *l = errors_As(err, &fuzz_crashesErrorType);
    return l != NULL ? l->len : 0;
}

void testing_deps_crash(const go_error *err, size_t i, const char **title, const char **path,
                        size_t *inputs, bool *seed) {
    const crashList *l = errors_As(err, &fuzz_crashesErrorType);
    *title = l->items[i].sig.title;
    *path = l->items[i].path;
    *inputs = l->items[i].count;
    *seed = l->items[i].seed;
}

go_error *testing_deps_RunFuzzWorker(testing_fuzzFn fn, void *ctx,
                                     const testing_deps_RunFuzzWorkerOpts *o) {
    fuzz_RunFuzzWorkerOpts opts = {
        .Timeout = o->fuzzTimeout,
        .RSSLimitMB = o->rssLimit,
        .MallocLimitMB = o->mallocLimit,
        // ctest: an allocation over the limit shows its stack as a crash
        // does (callers.c).
        .PrintFrames = testing_printFrames,
        // ctest: the engine goes on after a crash of a recorded cause
        // (-test.fuzzkeepgoing) by cutting the input short.
        .AbortInput = testing_abortInput,
    };
    return fuzz_RunFuzzWorker(fn, ctx, &opts);
}

void testing_deps_ArmSeedMallocLimit(int64_t mb) {
    fuzz_startMemLimits(0, mb, testing_printFrames);
    fuzz_SetMemLimitHeader(testing_printCrashFail);
}

void testing_deps_SeedCall(void) {
    fuzz_SeedCallMallocLimit();
}

go_error *testing_deps_RunMerge(const char *ctl, testing_fuzzFn fn, void *ctx, const go_kind *types,
                                size_t ntypes, const corpusEntry *seed, size_t nseed,
                                int64_t timeout) {
    fuzz_CorpusEntry *s = seedsToEngine(seed, nseed);
    fuzz_MergeOpts opts = {
        .CtlPath = ctl,
        .Fn = fn,
        .Ctx = ctx,
        .Types = types,
        .NTypes = ntypes,
        .Seed = s,
        .NSeed = nseed,
        .Timeout = timeout,
    };
    go_error *err = fuzz_RunMerge(&opts);
    free(s);
    return err;
}

go_error *testing_deps_ListSeeds(const char *ctl, const go_kind *types, size_t ntypes,
                                 const corpusEntry *seed, size_t nseed, const char *dict,
                                 size_t dictLen) {
    fuzz_CorpusEntry *s = seedsToEngine(seed, nseed);
    fuzz_ListSeedsOpts opts = {
        .CtlPath = ctl,
        .Types = types,
        .NTypes = ntypes,
        .Seed = s,
        .NSeed = nseed,
        .Dict = dict,
        .DictLen = dictLen,
    };
    go_error *err = fuzz_ListSeeds(&opts);
    free(s);
    return err;
}

int64_t testing_deps_CallStart(void) {
    return fuzz_CallStart();
}

void testing_deps_ResetCoverage(void) {
    fuzz_ResetCoverage();
}

void testing_deps_SnapshotCoverage(void) {
    fuzz_SnapshotCoverage();
}

go_value *testing_deps_unmarshalRaw(const uint8_t *data, size_t len, const go_kind *types,
                                    size_t n) {
    return fuzz_unmarshalRaw(data, len, types, n);
}
