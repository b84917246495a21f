// (none) ctest's own: `ctest corpus import` and `ctest corpus export`, a
// fuzz test's corpus to and from the raw files of other engines (Go has
// neither, and no other engine). libFuzzer and AFL++ write crashes and
// corpora as flat bytes, which hold a fuzz function's arguments in the
// raw layout (internal/fuzz/rawlayout.c) of the binaries ctest
// -fuzzengine builds. import makes each raw file a "go test fuzz v1"
// file in testdata/fuzz/FuzzX/, named as ctest names the files it writes,
// so that a crash an engine found on ClusterFuzz is a regression test that
// ctest -run=FuzzX/<name> runs; export makes the f_add seeds and
// testdata's and the cache's v1 files raw files, the seed corpus of those
// engines. corpuscmd.c finds
// the package and the fuzz function's kinds.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include "cmd/ctest/ctest.h"
#include "internal/fuzz/corpus.h"
#include "internal/fuzz/mem.h"
#include "internal/fuzz/rawlayout.h"

// rawInput is one file import reads, or export writes, with its values.
typedef struct rawInput {
    char *path;
    go_value *vals; // NULL when the file cannot be read
    size_t n;
    char *note; // a v1 file's //ctest:sanitize names, or NULL
} rawInput;

// rawInputs is the files of a run.
typedef struct rawInputs {
    rawInput *in;
    size_t n, cap;
    size_t bad; // how many cannot be read, each said on stderr
} rawInputs;

static void rawInputs_free(rawInputs *r) {
    for (size_t i = 0; i < r->n; i++) {
        free(r->in[i].path);
        free(r->in[i].note);
        fuzz_freeValues(r->in[i].vals, r->in[i].n);
    }
    free(r->in);
}

// shown is path as the command names it: shorter, relative to the
// current directory, or a seed's name (caller frees).
static char *shown(const char *path) {
    return path[0] == '/' ? shortPath(path) : runtime_strdup(path);
}

// addInput appends an input named path (taken), without its values yet.
static rawInput *addInput(rawInputs *r, char *path) {
    if (r->n == r->cap) {
        r->cap = r->cap > 0 ? 2 * r->cap : 16;
        r->in = runtime_realloc(r->in, r->cap * sizeof *r->in);
    }
    rawInput *in = &r->in[r->n++];
    *in = (rawInput){ .path = path };
    return in;
}

// readInput reads the file at path (taking it) as an input of c's fuzz
// function: raw bytes (or a v1 file) with raw, else a v1 file.
static void readInput(const corpusTarget *c, rawInputs *r, char *path, bool raw) {
    rawInput *in = addInput(r, path);
    // A v1 file may carry a sanitizer's note (ctest's own), which a file
    // written from its values alone would lose: without it, a build
    // without that sanitizer would pass the input rather than refuse it.
    go_error *err =
            fuzz_readInputFile(path, raw, c->kinds, c->nkinds, &in->vals, &in->n, &in->note);
    if (err != NULL) {
        char *shown = shortPath(path);
        fprintf(stderr, "%s: %s\n", shown, go_error_Error(err));
        free(shown);
        go_error_free(err);
        in->vals = NULL;
        in->n = 0;
        r->bad++;
    }
}

bool notAnInput(const char *name) {
    return name[0] == '.' || strcmp(name, "README.txt") == 0;
}

// readFiles reads the regular files of dir, in name order (AFL++'s
// queue/.state and other subdirectories are left alone), but for those
// that are notAnInput in another engine's directory (raw). A missing dir
// is an empty corpus when optional.
static void readFiles(const corpusTarget *c, rawInputs *r, const char *dir, bool optional,
                      bool raw) {
    strList names = { 0 };
    if (!readDirNames(dir, &names)) {
        if (!(optional && errno == ENOENT)) {
            char *shown = shortPath(dir);
            fprintf(stderr, "%s: %s\n", shown, strerror(errno));
            free(shown);
            r->bad++;
        }
        return;
    }
    for (size_t i = 0; i < names.len; i++) {
        char *path = filepathJoin(dir, names.ptr[i]);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && !(raw && notAnInput(names.ptr[i]))) {
            readInput(c, r, path, raw);
        } else {
            free(path);
        }
    }
    strList_free(&names);
}

// unreadable stops a run with inputs that cannot be read, before any
// change; it returns the exit status.
static int unreadable(const rawInputs *r) {
    fprintf(stderr, "ctest corpus: %zu %s cannot be read: nothing changed\n", r->bad,
            r->bad == 1 ? "input" : "inputs");
    return 1;
}

int corpusImport(const corpusTarget *c, const strList *paths) {
    rawInputs r = { 0 };
    for (size_t i = 0; i < paths->len; i++) {
        char *path = absPath(paths->ptr[i]);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            readFiles(c, &r, path, false, true);
            free(path);
        } else {
            readInput(c, &r, path, true);
        }
    }
    if (r.bad > 0) {
        int status = unreadable(&r);
        rawInputs_free(&r);
        return status;
    }
    size_t added = 0;
    int status = 0;
    for (size_t i = 0; i < r.n; i++) {
        fuzz_CorpusEntry e = { 0 };
        fuzz_marshalCorpusFile(r.in[i].vals, r.in[i].n, &e.Data, &e.DataLen);
        char *name = fuzz_corpusFileName(e.Data, e.DataLen);
        if (e.DataLen > fuzz_workerValueCap()) {
            // A file no fuzzing run could take (the shared memory's size).
            char *shownSrc = shortPath(r.in[i].path);
            fprintf(stderr,
                    "ctest corpus: %s: %zu bytes as a corpus file, more than a fuzzing input "
                    "can hold (%zu): not added\n",
                    shownSrc, e.DataLen, fuzz_workerValueCap());
            free(shownSrc);
            free(name);
            fuzz_CorpusEntry_clear(&e);
            status = 1;
            continue;
        }
        char *dest = filepathJoin(c->testdataDir, name);
        struct stat st;
        bool exists = stat(dest, &st) == 0;
        go_error *err = exists || c->dryRun ? NULL : fuzz_writeToCorpus(&e, c->testdataDir);
        if (err == NULL && !exists && !c->dryRun && r.in[i].note != NULL) {
            // The file keeps its name, its values' hash, as fuzzing's does.
            err = fuzz_writeCorpusNote(dest, r.in[i].note);
        }
        char *shownSrc = shortPath(r.in[i].path), *shownDest = shortPath(dest);
        if (err != NULL) {
            fprintf(stderr, "ctest corpus: %s: %s\n", shownSrc, go_error_Error(err));
            go_error_free(err);
            status = 1;
        } else {
            added += !exists;
            printf("%s %s (%s)\n",
                   exists      ? "exists"
                   : c->dryRun ? "would add"
                               : "added",
                   shownDest, shownSrc);
        }
        free(shownSrc);
        free(shownDest);
        free(dest);
        free(name);
        fuzz_CorpusEntry_clear(&e);
    }
    char *dir = shortPath(c->testdataDir);
    printf("%s: %s %zu of %zu input%s to %s, which -run=%s runs\n", c->fuzz,
           c->dryRun ? "would add" : "added", added, r.n, r.n == 1 ? "" : "s", dir, c->fuzz);
    free(dir);
    rawInputs_free(&r);
    return status;
}

// readSeedCorpus reads c's f_add seeds, then the v1 files of testdata and,
// with cache, of the fuzz cache into r; *seeds and *testdata count the
// first two.
static void readSeedCorpus(const corpusTarget *c, rawInputs *r, bool cache, size_t *seeds,
                           size_t *testdata) {
    for (size_t i = 0; i < c->nseedFiles; i++) {
        // The test binary checked the seeds' kinds as it wrote them.
        rawInput *in = addInput(r, runtime_sprintf("seed#%zu", i));
        const char *v1 = c->seedFiles[i];
        go_error *err =
                fuzz_unmarshalCorpusFile((const uint8_t *)v1, strlen(v1), &in->vals, &in->n);
        if (err != NULL) {
            fprintf(stderr, "%s: %s\n", in->path, go_error_Error(err));
            go_error_free(err);
            in->vals = NULL;
            in->n = 0;
            r->bad++;
        }
    }
    *seeds = r->n;
    readFiles(c, r, c->testdataDir, true, false);
    *testdata = r->n - *seeds;
    if (cache) {
        readFiles(c, r, c->cacheDir, true, false);
    }
}

int corpusExport(const corpusTarget *c, const char *outDir) {
    rawInputs r = { 0 };
    size_t seeds, testdata;
    readSeedCorpus(c, &r, true, &seeds, &testdata);
    if (r.bad > 0) {
        int status = unreadable(&r);
        rawInputs_free(&r);
        return status;
    }
    go_error *err = os_MkdirAll(outDir);
    if (err != NULL) {
        fprintf(stderr, "ctest corpus: %s\n", go_error_Error(err));
        go_error_free(err);
        rawInputs_free(&r);
        return 1;
    }
    // Each file is named by its bytes, as ctest names corpus files: an
    // input both in testdata and in the cache is written once.
    int status = 0;
    for (size_t i = 0; i < r.n; i++) {
        fuzz_CorpusEntry e = { 0 };
        fuzz_marshalRaw(r.in[i].vals, r.in[i].n, &e.Data, &e.DataLen);
        err = fuzz_writeToCorpus(&e, outDir);
        char *shownSrc = shown(r.in[i].path);
        if (err != NULL) {
            fprintf(stderr, "ctest corpus: %s: %s\n", shownSrc, go_error_Error(err));
            go_error_free(err);
            status = 1;
        } else if (c->verbose) {
            char *shownDest = shortPath(e.Path);
            printf("wrote %s (%s)\n", shownDest, shownSrc);
            free(shownDest);
        }
        free(shownSrc);
        fuzz_CorpusEntry_clear(&e);
    }
    char *dir = shortPath(outDir);
    printf("%s: wrote %zu input%s (%zu f_add, %zu testdata, %zu cache) to %s as raw files\n",
           c->fuzz, r.n, r.n == 1 ? "" : "s", seeds, testdata, r.n - seeds - testdata, dir);
    free(dir);
    rawInputs_free(&r);
    return status;
}

// zipError is the error of libzip's last call on z, or of its code zerr
// when z is NULL (caller frees).
static go_error *zipError(const char *path, zip_t *z, int zerr) {
    if (z != NULL) {
        return fmt_Errorf(NULL, "writing %s: %s", path, zip_strerror(z));
    }
    zip_error_t e;
    zip_error_init_with_code(&e, zerr);
    go_error *err = fmt_Errorf(NULL, "writing %s: %s", path, zip_error_strerror(&e));
    zip_error_fini(&e);
    return err;
}

// zipTime is the time of every file in a seed corpus zip: a fixed one
// (1980-01-02, near the start of the zip format's clock), so that the same
// inputs make the same archive.
static const time_t zipTime = 315619200;

go_error *corpusSeedZip(const corpusTarget *c, const char *path, seedZipCounts *counts) {
    rawInputs r = { 0 };
    readSeedCorpus(c, &r, false, &counts->seeds, &counts->testdata);
    if (r.bad > 0) {
        // An archive of an earlier build would be taken for this one's.
        unlink(path);
        char *shown = shortPath(path);
        go_error *err = fmt_Errorf(NULL, "%zu %s of the seed corpus cannot be read: no %s", r.bad,
                                   r.bad == 1 ? "input" : "inputs", shown);
        free(shown);
        rawInputs_free(&r);
        return err;
    }
    int zerr = 0;
    zip_t *z = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &zerr);
    if (z == NULL) {
        rawInputs_free(&r);
        return zipError(path, NULL, zerr);
    }
    // Each file is named by its bytes, as ctest names corpus files: an
    // input both an f_add seed and in testdata is in the archive once.
    go_error *err = NULL;
    for (size_t i = 0; err == NULL && i < r.n; i++) {
        uint8_t *data;
        size_t len;
        fuzz_marshalRaw(r.in[i].vals, r.in[i].n, &data, &len);
        char *name = fuzz_corpusFileName(data, len);
        // The source frees data when the archive is written; libzip never
        // frees the buffer of an empty input (an f_add("") seed), which
        // it does not read.
        if (len == 0) {
            free(data);
            data = NULL;
        }
        zip_source_t *src = zip_source_buffer(z, data, len, 1);
        zip_int64_t idx = -1;
        if (src == NULL) {
            free(data);
        } else if ((idx = zip_file_add(z, name, src, ZIP_FL_OVERWRITE)) < 0) {
            zip_source_free(src);
        }
        if (idx < 0 || zip_file_set_mtime(z, (zip_uint64_t)idx, zipTime, 0) < 0) {
            err = zipError(path, z, 0);
        }
        free(name);
    }
    counts->files = (size_t)zip_get_num_entries(z, 0);
    if (err != NULL) {
        zip_discard(z);
    } else if (zip_close(z) < 0) {
        err = zipError(path, z, 0);
        zip_discard(z);
    }
    rawInputs_free(&r);
    return err;
}
