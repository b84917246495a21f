// (none) ctest's own: the files that OSS-Fuzz's and ClusterFuzzLite's
// build contract puts beside a fuzzer, for each binary FuzzX that ctest -c
// -fuzzengine=libfuzzer builds (Go has no other engine):
//
//   FuzzX_seed_corpus.zip  the f_add seeds and testdata/fuzz/FuzzX/, each a
//                          raw file in the raw layout (corpusraw.c)
//   FuzzX.dict             the words of testdata/fuzz/FuzzX.dict, of
//                          f_add_dict and of -fuzzdict's file, when there
//                          are any
//   FuzzX.options          libFuzzer's flags that match ctest's:
//                          -fuzztimeout, -fuzzrsslimit, -fuzzmalloclimit
//
// and, for ctest -c -fuzz -fuzzdictout=file, the words of the token
// dictionary that the driver reads from the package's code (tokens.c), in
// the same format, for another engine run beside ctest's own.
//
// The f_add seeds and words exist only once FuzzX's body has run, so the
// driver runs the binary it built with CTEST_LISTSEEDS naming a control
// file (internal/fuzz/mergectl.h), which it fills and exits
// (testing/external.c).
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/ctest/ctest.h"
#include "internal/fuzz/mergectl.h"
#include "internal/fuzz/tokens.h"

// writeFile writes text to a new file at path, replacing one there.
static go_error *writeFile(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        return fmt_Errorf(NULL, "open %s: %s", path, strerror(errno));
    }
    bool ok = fputs(text, f) >= 0;
    ok = fclose(f) == 0 && ok;
    return ok ? NULL : fmt_Errorf(NULL, "write %s: %s", path, strerror(errno));
}

// removeStale removes a file of an earlier build that this one would not
// write.
static go_error *removeStale(const char *path) {
    if (unlink(path) != 0 && errno != ENOENT) {
        return fmt_Errorf(NULL, "remove %s: %s", path, strerror(errno));
    }
    return NULL;
}

// listSeeds runs the binary in p's directory with CTEST_LISTSEEDS set to
// a control file of the work directory, and reads what it wrote into ctl.
// A binary that ran cleanly without writing a types record is a fuzz test
// whose body skipped: *skipped.
static go_error *listSeeds(const builder *b, const package *p, const char *binary, const char *name,
                           fuzz_mergeCtl *ctl, bool *skipped) {
    char *path = runtime_sprintf("%s/%s.seeds", b->WorkDir, name);
    go_error *err = fuzz_mergeCtl_create(path, NULL, 0);
    if (err == NULL) {
        strList argv = { 0 };
        strList_append(&argv, binary);
        char *out;
        size_t outLen;
        // A coverage build (OSS-Fuzz's) writes its counts when it exits:
        // to the work directory, not the package's default.profraw.
        char *profile = runtime_sprintf("%s/%s.profraw", b->WorkDir, name);
        char *oldProfile = getenv("LLVM_PROFILE_FILE");
        oldProfile = oldProfile != NULL ? runtime_strdup(oldProfile) : NULL;
        setenv("LLVM_PROFILE_FILE", profile, 1);
        setenv("CTEST_LISTSEEDS", path, 1);
        bool ok = runOut(p->Dir, &argv, &out, &outLen);
        unsetenv("CTEST_LISTSEEDS");
        if (oldProfile != NULL) {
            setenv("LLVM_PROFILE_FILE", oldProfile, 1);
        } else {
            unsetenv("LLVM_PROFILE_FILE");
        }
        free(oldProfile);
        free(profile);
        strList_free(&argv);
        err = fuzz_mergeCtl_read(path, ctl);
        if (err == NULL && (!ok || ctl->types == NULL)) {
            *skipped = ok;
            if (!ok) {
                fuzz_mergeCtl_free(ctl);
                err = fmt_Errorf(NULL, "%s failed before it listed its seeds:\n%s", binary, out);
            }
        }
        free(out);
    }
    free(path);
    return err;
}

// addDictFile adds the words of the dictionary file at path to d; a
// missing file adds none when optional.
static go_error *addDictFile(tokenDict *d, const char *path, bool optional) {
    char *text;
    size_t n;
    go_error *err = os_ReadFile(path, &text, &n);
    if (err != NULL) {
        struct stat st;
        if (optional && stat(path, &st) != 0 && errno == ENOENT) {
            go_error_free(err);
            return NULL;
        }
        return err;
    }
    int line;
    const char *perr = fuzz_tokenDict_parse(d, text, n, &line);
    free(text);
    if (perr != NULL) {
        char *shown = shortPath(path);
        err = fmt_Errorf(NULL, "%s:%d: %s", shown, line, perr);
        free(shown);
    }
    return err;
}

// writeDict writes FuzzX.dict, or removes an old one when FuzzX has no
// words; *nwords says how many it wrote.
static go_error *writeDict(const package *p, const char *name, const fuzz_mergeCtl *ctl,
                           const char *dictFlag, const char *outPath, size_t *nwords) {
    tokenDict d = { 0 };
    char *path = runtime_sprintf("%s/testdata/fuzz/%s.dict", p->Dir, name);
    go_error *err = addDictFile(&d, path, true);
    free(path);
    for (size_t i = 0; err == NULL && i < ctl->ndictWords; i++) {
        const char *w = ctl->dictWords[i];
        fuzz_tokenDict_add(&d, (const uint8_t *)w, strlen(w));
    }
    if (err == NULL && dictFlag != NULL) {
        err = addDictFile(&d, dictFlag, false);
    }
    *nwords = d.n;
    if (err == NULL && d.n == 0) {
        err = removeStale(outPath);
    } else if (err == NULL) {
        char *text = fuzz_tokenDict_format(&d);
        err = writeFile(outPath, text);
        free(text);
    }
    fuzz_tokenDict_free(&d);
    return err;
}

go_error *writeTokenDict(const strList *words, const char *path) {
    tokenDict d = { 0 };
    for (size_t i = 0; i < words->len; i++) {
        fuzz_tokenDict_add(&d, (const uint8_t *)words->ptr[i], strlen(words->ptr[i]));
    }
    char *text = fuzz_tokenDict_format(&d);
    go_error *err = writeFile(path, text);
    free(text);
    fuzz_tokenDict_free(&d);
    return err;
}

// formatOptions is FuzzX.options: libFuzzer's flags for ctest's limits,
// which ClusterFuzz and OSS-Fuzz's run_fuzzer pass to the binary.
// -fuzztimeout (10s unless given) is -timeout, in whole seconds rounded
// up; -fuzzrsslimit (2048 unless given, as libFuzzer's) is -rss_limit_mb;
// -fuzzmalloclimit, given, is -malloc_limit_mb (else both default to the
// RSS limit). Caller frees.
static go_error *formatOptions(const testFlagsState *flags, char **text) {
    time_Duration timeout = 10 * INT64_C(1000000000);
    if (flags->engineTimeout != NULL) {
        go_error *err =
                time_ParseDuration(flags->engineTimeout, strlen(flags->engineTimeout), &timeout);
        if (err != NULL) {
            go_error *e = fmt_Errorf(NULL, "-fuzztimeout: %s", go_error_Error(err));
            go_error_free(err);
            return e;
        }
    }
    const int64_t second = INT64_C(1000000000);
    int64_t secs = timeout <= 0 ? 0 : (timeout + second - 1) / second;
    strings_Builder b = { 0 };
    strings_Builder_Printf(&b, "[libfuzzer]\ntimeout = %" PRId64 "\n", secs);
    strings_Builder_Printf(&b, "rss_limit_mb = %" PRId64 "\n",
                           flags->engineRSSLimit >= 0 ? flags->engineRSSLimit : 2048);
    if (flags->engineMallocLimit >= 0) {
        strings_Builder_Printf(&b, "malloc_limit_mb = %" PRId64 "\n", flags->engineMallocLimit);
    }
    *text = strings_Builder_Detach(&b);
    return NULL;
}

// writeFuzzTestFiles writes the three files of the fuzz test name.
static go_error *writeFuzzTestFiles(builder *b, const package *p, const char *name,
                                    const char *outDir, const testFlagsState *flags) {
    char *binary = filepathJoin(outDir, name);
    fuzz_mergeCtl ctl;
    bool skipped = false;
    go_error *err = listSeeds(b, p, binary, name, &ctl, &skipped);
    free(binary);
    if (err != NULL) {
        return err;
    }
    char *zipPath = runtime_sprintf("%s/%s_seed_corpus.zip", outDir, name);
    char *dictPath = runtime_sprintf("%s/%s.dict", outDir, name);
    char *optionsPath = runtime_sprintf("%s/%s.options", outDir, name);
    char *testdataDir = runtime_sprintf("%s/testdata/fuzz/%s", p->Dir, name);
    seedZipCounts counts = { 0 };
    size_t nwords = 0;
    if (skipped) {
        // Its body skips: every input passes, and it has no seeds to list.
        fflush(stdout);
        fprintf(stderr, "ctest: %s skips: no seed corpus or dictionary\n", name);
        err = removeStale(zipPath);
        if (err == NULL) {
            err = removeStale(dictPath);
        }
    } else {
        go_kind kinds[64];
        corpusTarget target = {
            .fuzz = name,
            .testdataDir = testdataDir,
            .kinds = kinds,
            .nkinds = kindsOfTypes(ctl.types, kinds, 64),
            .seedFiles = ctl.seedFiles,
            .nseedFiles = ctl.nseedFiles,
        };
        err = corpusSeedZip(&target, zipPath, &counts);
        if (err == NULL) {
            err = writeDict(p, name, &ctl, flags->engineDict, dictPath, &nwords);
        }
    }
    char *options = NULL;
    if (err == NULL) {
        err = formatOptions(flags, &options);
    }
    if (err == NULL) {
        err = writeFile(optionsPath, options);
    }
    if (err == NULL) {
        // What was written, in one line for the build's log.
        char *dir = shortPath(outDir);
        printf("%s: wrote %s/%s", name, dir, name);
        if (counts.files > 0) {
            printf(", %s_seed_corpus.zip (%zu inputs: %zu f_add, %zu testdata)", name, counts.files,
                   counts.seeds, counts.testdata);
        }
        if (nwords > 0) {
            printf(", %s.dict (%zu %s)", name, nwords, nwords == 1 ? "word" : "words");
        }
        printf(", %s.options\n", name);
        free(dir);
    }
    free(options);
    free(zipPath);
    free(dictPath);
    free(optionsPath);
    free(testdataDir);
    fuzz_mergeCtl_free(&ctl);
    return err;
}

bool writeEngineFiles(builder *b, const package *p, const testFuncs *t, const char *outDir,
                      const testFlagsState *flags) {
    bool ok = true;
    for (size_t i = 0; i < t->FuzzTargets.len; i++) {
        go_error *err = writeFuzzTestFiles(b, p, t->FuzzTargets.ptr[i], outDir, flags);
        if (err != NULL) {
            fflush(stdout);
            fprintf(stderr, "ctest: %s: %s\n", t->FuzzTargets.ptr[i], go_error_Error(err));
            go_error_free(err);
            ok = false;
        }
    }
    fflush(stdout);
    return ok;
}
