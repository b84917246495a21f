// Tests testdeps.c and internal/std/regexp_syntax*.c against what Go 1.19.8's
// regexp.Compile and MatchString say (golden/vectors/regexp/regexp.txt,
// from golden/vectors/regexp/main.go): every error text byte for byte, and
// for every valid pattern its match against every subject.
//
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/match.h"
#include "testing/regexp_vm.h"
#include "testing/testing.h"

static const char vectorsPath[] = "../golden/vectors/regexp/regexp.txt";

// readFile returns the file's bytes (caller frees) or NULL.
static char *readFile(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = runtime_malloc(cap);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len - 1 == 0) {
            cap *= 2;
            buf = runtime_realloc(buf, cap);
        }
    }
    fclose(f);
    buf[len] = '\0';
    *n = len;
    return buf;
}

// unquote is strconv.Unquote of the n bytes at s; it fails the test on a
// malformed vector.
static char *unquote(T *t, const char *s, size_t n, size_t *outlen) {
    char *out;
    go_error *err = strconv_Unquote(s, n, &out, outlen);
    if (err != NULL) {
        t_fatalf(t, "bad vector %.*s: %s", (int)(n > 80 ? 80 : n), s, go_error_Error(err));
    }
    return out;
}

// vectors is regexp.txt read: its subjects, and where its rows are.
typedef struct vectors {
    char *data, *line, *end; // the file, the next row, its end
    char **subjects;
    size_t *lens;
    size_t n;
} vectors;

// readVectors reads regexp.txt's subjects; nextRow then reads each row.
static void readVectors(T *t, vectors *v) {
    size_t n;
    v->data = readFile(vectorsPath, &n);
    if (v->data == NULL) {
        t_fatalf(t, "cannot read %s", vectorsPath);
    }
    v->line = v->data;
    v->end = v->data + n;
    if (sscanf(v->line, "subjects %zu", &v->n) != 1) {
        t_fatalf(t, "%s: no subjects line", vectorsPath);
    }
    v->subjects = runtime_calloc(v->n, sizeof(char *));
    v->lens = runtime_calloc(v->n, sizeof(size_t));
    v->line = strchr(v->line, '\n') + 1;
    for (size_t i = 0; i < v->n; i++) {
        char *nl = strchr(v->line, '\n');
        v->subjects[i] = unquote(t, v->line, (size_t)(nl - v->line), &v->lens[i]);
        v->line = nl + 1;
    }
}

// nextRow reads the next row: the pattern and Go's error (to free), and
// the match of each subject ('1' or '0'); false at the end.
static bool nextRow(T *t, vectors *v, char **pat, size_t *patLen, char **wantErr,
                    const char **bits) {
    if (v->line >= v->end) {
        return false;
    }
    char *nl = strchr(v->line, '\n');
    char *tab1 = memchr(v->line, '\t', (size_t)(nl - v->line));
    char *tab2 = memchr(tab1 + 1, '\t', (size_t)(nl - tab1 - 1));
    size_t wantErrLen;
    *pat = unquote(t, v->line, (size_t)(tab1 - v->line), patLen);
    *wantErr = unquote(t, tab1 + 1, (size_t)(tab2 - tab1 - 1), &wantErrLen);
    *bits = tab2 + 1;
    v->line = nl + 1;
    return true;
}

static void freeVectors(vectors *v) {
    for (size_t i = 0; i < v->n; i++) {
        free(v->subjects[i]);
    }
    free(v->subjects);
    free(v->lens);
    free(v->data);
}

// Checks testing_matchString over every row of Go's vectors.
void TestMatchStringVectors(T *t) {
    vectors v;
    readVectors(t, &v);
    size_t nsubjects = v.n;
    char **subjects = v.subjects;
    size_t *subjectLens = v.lens;
    int rows = 0, failures = 0;
    char *pat, *wantErr;
    size_t patLen;
    const char *bits;
    while (failures < 200 && nextRow(t, &v, &pat, &patLen, &wantErr, &bits)) {
        rows++;
        char *qpat = strconv_Quote(pat, patLen > 100 ? 100 : patLen);
        if (strlen(pat) != patLen) {
            // ctest: a pattern holding NUL cannot reach a C string API;
            // only its prefix is checked, for not crashing.
            bool ok;
            go_error_free(testing_matchString(pat, "", &ok));
        } else {
            bool ok = false;
            go_error *err = testing_matchString(pat, "x", &ok);
            const char *gotErr = err != NULL ? go_error_Error(err) : "";
            if (strcmp(gotErr, wantErr) != 0) {
                t_errorf(t, "regexp.Compile(%s): got error %.200s, want %.200s", qpat, gotErr,
                         wantErr);
                failures++;
            } else if (err == NULL) {
                int rowFailures = 0;
                for (size_t i = 0; i < nsubjects && rowFailures < 3; i++) {
                    bool want = bits[i] == '1';
                    if (strlen(subjects[i]) != subjectLens[i]) {
                        continue; // ctest: subjects holding NUL are not C strings
                    }
                    go_error *e = testing_matchString(pat, subjects[i], &ok);
                    go_error_free(e);
                    if (ok != want) {
                        char *qs = strconv_Quote(subjects[i], subjectLens[i]);
                        t_errorf(t, "MatchString(%s, %s): got %d, want %d", qpat, qs, ok, want);
                        free(qs);
                        failures++;
                        rowFailures++;
                    }
                }
            }
            go_error_free(err);
        }
        free(qpat);
        free(pat);
        free(wantErr);
    }
    if (rows < 500) {
        t_errorf(t, "%s: got %d rows, want at least 500", vectorsPath, rows);
    }
    freeVectors(&v);
}

// refuseAll is an accept that takes no PCRE2 pattern, so that every valid
// pattern comes back as a program.
static bool refuseAll(void *ctx, const char *pcre) {
    (void)ctx;
    (void)pcre;
    return false;
}

// validUTF8 reports whether the n bytes at s are valid UTF-8.
static bool validUTF8(const char *s, size_t n) {
    for (size_t i = 0, w; i < n; i += w) {
        if (utf8_DecodeRune(s + i, n - i, &w) == 0xFFFD && w == 1) {
            return false;
        }
    }
    return true;
}

// Checks the program of every valid pattern of Go's vectors, as
// regexp_vm.c runs it, against Go's match of every subject (those in
// valid UTF-8 without NUL: testing_matchString makes them so first).
void TestRegexpVMVectors(T *t) {
    vectors v;
    readVectors(t, &v);
    int programs = 0, failures = 0;
    char *pat, *wantErr;
    size_t patLen;
    const char *bits;
    while (failures < 50 && nextRow(t, &v, &pat, &patLen, &wantErr, &bits)) {
        regexp_prog prog = { 0 };
        go_error *err = wantErr[0] == '\0' && strlen(pat) == patLen
                                ? regexp_syntax_ToPCRE2(pat, patLen, refuseAll, NULL, &prog)
                                : NULL;
        if (err == NULL && prog.inst != NULL) {
            programs++;
            testing_regexpVM *vm = testing_newRegexpVM(&prog);
            for (size_t i = 0; i < v.n; i++) {
                if (strlen(v.subjects[i]) != v.lens[i] || !validUTF8(v.subjects[i], v.lens[i])) {
                    continue;
                }
                bool got = testing_regexpVMMatch(vm, v.subjects[i], v.lens[i]);
                if (got != (bits[i] == '1')) {
                    char *qp = strconv_Quote(pat, patLen > 100 ? 100 : patLen);
                    char *qs = strconv_Quote(v.subjects[i], v.lens[i]);
                    t_errorf(t, "program of %s on %s: got %d, want %d", qp, qs, got, !got);
                    free(qs);
                    free(qp);
                    failures++;
                }
            }
            testing_freeRegexpVM(vm);
        }
        regexp_prog_free(&prog);
        go_error_free(err);
        free(pat);
        free(wantErr);
    }
    if (programs < 300) {
        t_errorf(t, "%s: ran %d programs, want at least 300", vectorsPath, programs);
    }
    freeVectors(&v);
}
