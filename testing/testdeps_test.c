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

// Checks testing_matchString over every row of Go's vectors.
void TestMatchStringVectors(T *t) {
    size_t n;
    char *data = readFile(vectorsPath, &n);
    if (data == NULL) {
        t_fatalf(t, "cannot read %s", vectorsPath);
    }
    char *line = data, *end = data + n;
    size_t nsubjects = 0;
    if (sscanf(line, "subjects %zu", &nsubjects) != 1) {
        t_fatalf(t, "%s: no subjects line", vectorsPath);
    }
    char **subjects = runtime_calloc(nsubjects, sizeof(char *));
    size_t *subjectLens = runtime_calloc(nsubjects, sizeof(size_t));
    line = strchr(line, '\n') + 1;
    for (size_t i = 0; i < nsubjects; i++) {
        char *nl = strchr(line, '\n');
        subjects[i] = unquote(t, line, (size_t)(nl - line), &subjectLens[i]);
        line = nl + 1;
    }
    int rows = 0, failures = 0;
    while (line < end && failures < 200) {
        char *nl = strchr(line, '\n');
        char *tab1 = memchr(line, '\t', (size_t)(nl - line));
        char *tab2 = memchr(tab1 + 1, '\t', (size_t)(nl - tab1 - 1));
        size_t patLen, wantErrLen;
        char *pat = unquote(t, line, (size_t)(tab1 - line), &patLen);
        char *wantErr = unquote(t, tab1 + 1, (size_t)(tab2 - tab1 - 1), &wantErrLen);
        const char *bits = tab2 + 1;
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
        line = nl + 1;
    }
    if (rows < 500) {
        t_errorf(t, "%s: got %d rows, want at least 500", vectorsPath, rows);
    }
    for (size_t i = 0; i < nsubjects; i++) {
        free(subjects[i]);
    }
    free(subjects);
    free(subjectLens);
    free(data);
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
    size_t n;
    char *data = readFile(vectorsPath, &n);
    if (data == NULL) {
        t_fatalf(t, "cannot read %s", vectorsPath);
    }
    char *line = data, *end = data + n;
    size_t nsubjects = 0;
    if (sscanf(line, "subjects %zu", &nsubjects) != 1) {
        t_fatalf(t, "%s: no subjects line", vectorsPath);
    }
    char **subjects = runtime_calloc(nsubjects, sizeof(char *));
    size_t *subjectLens = runtime_calloc(nsubjects, sizeof(size_t));
    line = strchr(line, '\n') + 1;
    for (size_t i = 0; i < nsubjects; i++) {
        char *nl = strchr(line, '\n');
        subjects[i] = unquote(t, line, (size_t)(nl - line), &subjectLens[i]);
        line = nl + 1;
    }
    int programs = 0, failures = 0;
    while (line < end && failures < 50) {
        char *nl = strchr(line, '\n');
        char *tab1 = memchr(line, '\t', (size_t)(nl - line));
        char *tab2 = memchr(tab1 + 1, '\t', (size_t)(nl - tab1 - 1));
        size_t patLen, wantErrLen;
        char *pat = unquote(t, line, (size_t)(tab1 - line), &patLen);
        char *wantErr = unquote(t, tab1 + 1, (size_t)(tab2 - tab1 - 1), &wantErrLen);
        const char *bits = tab2 + 1;
        regexp_prog prog = { 0 };
        go_error *err = wantErr[0] == '\0' && strlen(pat) == patLen
                                ? regexp_syntax_ToPCRE2(pat, patLen, refuseAll, NULL, &prog)
                                : NULL;
        if (err == NULL && prog.inst != NULL) {
            programs++;
            testing_regexpVM *vm = testing_newRegexpVM(&prog);
            for (size_t i = 0; i < nsubjects; i++) {
                if (strlen(subjects[i]) != subjectLens[i] ||
                    !validUTF8(subjects[i], subjectLens[i])) {
                    continue;
                }
                bool got = testing_regexpVMMatch(vm, subjects[i], subjectLens[i]);
                if (got != (bits[i] == '1')) {
                    char *qp = strconv_Quote(pat, patLen > 100 ? 100 : patLen);
                    char *qs = strconv_Quote(subjects[i], subjectLens[i]);
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
        line = nl + 1;
    }
    if (programs < 300) {
        t_errorf(t, "%s: ran %d programs, want at least 300", vectorsPath, programs);
    }
    for (size_t i = 0; i < nsubjects; i++) {
        free(subjects[i]);
    }
    free(subjects);
    free(subjectLens);
    free(data);
}
