// vectors_test.h: reading the vector files golden/vectors/encoding/gen_test.go
// writes with Go 1.19.8's internal/fuzz, for the package's tests.
#ifndef CTEST_INTERNAL_FUZZ_VECTORS_TEST_H
#define CTEST_INTERNAL_FUZZ_VECTORS_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/fuzz.h"

#define VECTOR_DIR "../../golden/vectors/encoding/"

// readVectorFile returns the lines of a vector file (NUL-terminated, owned
// by the result), or NULL if it cannot be read.
typedef struct vectorLines {
    char **lines;
    size_t n;
} vectorLines;

static inline bool readVectorFile(const char *name, vectorLines *out) {
    FILE *f = fopen(name, "r");
    if (f == NULL) {
        return false;
    }
    *out = (vectorLines){ 0 };
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) > 0) {
        if (line[len - 1] == '\n') {
            line[len - 1] = '\0';
        }
        out->lines = runtime_realloc(out->lines, (out->n + 1) * sizeof out->lines[0]);
        out->lines[out->n++] = runtime_strdup(line);
    }
    free(line);
    fclose(f);
    return true;
}

static inline void vectorLines_free(vectorLines *v) {
    for (size_t i = 0; i < v->n; i++) {
        free(v->lines[i]);
    }
    free(v->lines);
}

// splitFields splits s in place at single spaces; at most max fields.
static inline size_t splitFields(char *s, char **fields, size_t max) {
    size_t n = 0;
    while (n < max) {
        fields[n++] = s;
        char *sp = strchr(s, ' ');
        if (sp == NULL) {
            break;
        }
        *sp = '\0';
        s = sp + 1;
    }
    return n;
}

// unhex decodes a hex field ("-" is empty) into new storage (NUL-terminated
// for convenience); *n is its length.
static inline uint8_t *unhex(const char *h, size_t *n) {
    if (strcmp(h, "-") == 0) {
        *n = 0;
        return runtime_calloc(1, 1);
    }
    size_t len = strlen(h) / 2;
    uint8_t *b = runtime_malloc(len + 1);
    for (size_t i = 0; i < len; i++) {
        unsigned v;
        sscanf(h + 2 * i, "%2x", &v);
        b[i] = (uint8_t)v;
    }
    b[len] = 0;
    *n = len;
    return b;
}

#endif // CTEST_INTERNAL_FUZZ_VECTORS_TEST_H
