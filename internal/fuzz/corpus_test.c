// Tests of corpus.c: CheckCorpus, ReadCorpus's MalformedCorpusError and
// the file names writeToCorpus gives (vectors from Go 1.19.8's
// writeToCorpus, golden/vectors/encoding/filename.txt).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal/fuzz/corpus.h"
#include "internal/fuzz/vectors_test.h"
#include "testing/testing.h"

// TestCorpusFileName checks corpusFileName and writeToCorpus against the
// names Go 1.19.8's writeToCorpus gave the same data.
void TestCorpusFileName(T *t) {
    vectorLines v;
    if (!readVectorFile(VECTOR_DIR "filename.txt", &v)) {
        t_fatalf(t, "reading %s failed", VECTOR_DIR "filename.txt");
    }
    const char *dir = t_tempdir(t);
    size_t checked = 0;
    for (size_t i = 0; i < v.n; i++) {
        char *f[3];
        if (splitFields(v.lines[i], f, 3) != 3 || strcmp(f[0], "H") != 0) {
            t_errorf(t, "filename.txt:%zu: malformed vector", i + 1);
            continue;
        }
        checked++;
        size_t len;
        uint8_t *data = unhex(f[1], &len);
        char *got = fuzz_corpusFileName(data, len);
        if (strcmp(got, f[2]) != 0) {
            t_errorf(t, "filename.txt:%zu: corpusFileName: got %s, want %s", i + 1, got, f[2]);
        }
        fuzz_CorpusEntry e = { .Data = data, .DataLen = len };
        char *sub = runtime_sprintf("%s/a/b", dir);
        go_error *err = fuzz_writeToCorpus(&e, sub);
        char *wantPath = runtime_sprintf("%s/%s", sub, f[2]);
        if (err != NULL) {
            t_errorf(t, "writeToCorpus: %s", go_error_Error(err));
            go_error_free(err);
        } else if (strcmp(e.Path, wantPath) != 0) {
            t_errorf(t, "writeToCorpus: got Path %s, want %s", e.Path, wantPath);
        } else {
            struct stat st;
            if (stat(wantPath, &st) != 0 || (size_t)st.st_size != len) {
                t_errorf(t, "writeToCorpus: %s not written", wantPath);
            }
        }
        free(wantPath);
        free(sub);
        free(got);
        fuzz_CorpusEntry_clear(&e);
    }
    if (checked < 50) {
        t_errorf(t, "filename.txt: got %zu rows, want at least 50", checked);
    }
    vectorLines_free(&v);
}

// TestCheckCorpus checks CheckCorpus's texts (fuzz.go).
void TestCheckCorpus(T *t) {
    go_value vals[] = { GO_INT(1), GO_BYTES("x") };
    go_kind two[] = { GO_INT, GO_BYTES }, swapped[] = { GO_BYTES, GO_INT }, one[] = { GO_STRING };
    go_error *err = fuzz_CheckCorpus(vals, 2, two, 2);
    if (err != NULL) {
        t_errorf(t, "CheckCorpus: got %s, want nil", go_error_Error(err));
        go_error_free(err);
    }
    const struct {
        size_t nvals;
        const go_kind *types;
        size_t ntypes;
        const char *want;
    } tests[] = {
        { 2, one, 1, "wrong number of values in corpus entry: 2, want 1" },
        { 1, one, 1, "mismatched types in corpus entry: [int], want [string]" },
        { 2, swapped, 2, "mismatched types in corpus entry: [int []uint8], want [[]uint8 int]" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        err = fuzz_CheckCorpus(vals, tests[i].nvals, tests[i].types, tests[i].ntypes);
        const char *got = err ? go_error_Error(err) : "nil";
        if (strcmp(got, tests[i].want) != 0) {
            t_errorf(t, "CheckCorpus #%zu: got %s, want %s", i, got, tests[i].want);
        }
        go_error_free(err);
    }
}

static void writeFile(T *t, const char *dir, const char *name, const char *data) {
    char *path = runtime_sprintf("%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        t_fatalf(t, "create %s failed", path);
    }
    fputs(data, f);
    fclose(f);
    free(path);
}

// TestReadCorpus checks ReadCorpus on a directory with good, malformed and
// mistyped files and a subdirectory: the good entries in name order, and a
// MalformedCorpusError whose lines are as ReadCorpus/readCorpusData write.
void TestReadCorpus(T *t) {
    const char *dir = t_tempdir(t);
    writeFile(t, dir, "a", "go test fuzz v1\nint(1)\n");
    writeFile(t, dir, "b", "go test fuzz v1\nint(\n");
    writeFile(t, dir, "c", "go test fuzz v1\nstring(\"x\")\n");
    writeFile(t, dir, "d", "go test fuzz v1\nint(2)\n");
    writeFile(t, dir, "e", "");
    char *sub = runtime_sprintf("%s/sub", dir);
    mkdir(sub, 0777);
    free(sub);
    go_kind types[] = { GO_INT };
    fuzz_CorpusEntry *entries;
    size_t n;
    go_error *err = fuzz_ReadCorpus(dir, types, 1, &entries, &n);
    if (err == NULL || errors_As(err, &fuzz_MalformedCorpusErrorType) == NULL) {
        t_errorf(t, "ReadCorpus: got %s, want a MalformedCorpusError",
                 err ? go_error_Error(err) : "nil");
    }
    char *want =
            runtime_sprintf("\"%s/b\": unmarshal: malformed line \"int(\": (test):1:5: "
                            "expected ')', found 'EOF'\n"
                            "\"%s/c\": mismatched types in corpus entry: [string], want [int]\n"
                            "\"%s/e\": unmarshal: cannot unmarshal empty string",
                            dir, dir, dir);
    if (err == NULL || strcmp(go_error_Error(err), want) != 0) {
        t_errorf(t, "ReadCorpus error:\ngot  %s\nwant %s", err ? go_error_Error(err) : "nil", want);
    }
    free(want);
    go_error_free(err);
    if (n != 2) {
        t_fatalf(t, "ReadCorpus: got %zu entries, want 2", n);
    }
    for (size_t i = 0; i < n; i++) {
        char *wantPath = runtime_sprintf("%s/%s", dir, i == 0 ? "a" : "d");
        if (strcmp(entries[i].Path, wantPath) != 0 || entries[i].NValues != 1 ||
            entries[i].Values[0].v.i != (int64_t)i + 1) {
            t_errorf(t, "entry %zu: got %s, want %s with int(%zu)", i, entries[i].Path, wantPath,
                     i + 1);
        }
        free(wantPath);
        fuzz_CorpusEntry_clear(&entries[i]);
    }
    free(entries);

    // A missing directory is no corpus and no error.
    char *missing = runtime_sprintf("%s/missing", dir);
    err = fuzz_ReadCorpus(missing, types, 1, &entries, &n);
    if (err != NULL || n != 0) {
        t_errorf(t, "ReadCorpus(missing): got %zu entries, error %s; want none", n,
                 err ? go_error_Error(err) : "nil");
    }
    go_error_free(err);
    free(missing);
}
