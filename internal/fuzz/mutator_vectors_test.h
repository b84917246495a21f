// mutator_vectors_test.h: reading golden/vectors/mutator/*.txt for the
// tests of the mutation engine (pcg_test.c, mutator_test.c,
// mutators_byteslice_test.c, minimize_test.c, coverage_test.c). The files
// are Go 1.19.8's outputs, recorded by golden/vectors/mutator/gen.sh; their
// formats are described in gen_test.go there.
//
#ifndef CTEST_INTERNAL_FUZZ_MUTATOR_VECTORS_TEST_H
#define CTEST_INTERNAL_FUZZ_MUTATOR_VECTORS_TEST_H

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal/fuzz/mutator.h"
#include "testing/testing.h"

// vecDir is where the vectors are, from the test's working directory (the
// source directory, internal/fuzz).
#define vecDir "../../golden/vectors/mutator/"

// vecFile is a vector file read whole; vecFile_next splits off its lines.
typedef struct vecFile {
    char *data;
    size_t len, off;
    int lineno;
} vecFile;

static inline void vecFile_open(T *t, vecFile *f, const char *name) {
    char path[256];
    snprintf(path, sizeof path, "%s%s", vecDir, name);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        t_fatalf(t, "open %s: %s", path, strerror(errno));
    }
    *f = (vecFile){ 0 };
    size_t cap = 1 << 16;
    f->data = runtime_malloc(cap);
    size_t n;
    while ((n = fread(f->data + f->len, 1, cap - f->len - 1, fp)) > 0) {
        f->len += n;
        if (cap - f->len - 1 == 0) {
            cap *= 2;
            f->data = runtime_realloc(f->data, cap);
        }
    }
    fclose(fp);
    f->data[f->len] = '\0';
}

static inline void vecFile_close(vecFile *f) {
    free(f->data);
    f->data = NULL;
}

// vecFile_next splits the next line into at most max space-separated
// fields (NUL-terminated, in place) and returns how many, or -1 at the end.
static inline int vecFile_next(vecFile *f, char **fields, int max) {
    if (f->off >= f->len) {
        return -1;
    }
    char *line = f->data + f->off;
    char *nl = strchr(line, '\n');
    if (nl != NULL) {
        *nl = '\0';
        f->off = (size_t)(nl - f->data) + 1;
    } else {
        f->off = f->len;
    }
    f->lineno++;
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(line, " ", &save); tok != NULL && n < max;
         tok = strtok_r(NULL, " ", &save)) {
        fields[n++] = tok;
    }
    return n;
}

static inline uint64_t vecU64(const char *s) {
    return strtoull(s, NULL, 10);
}

static inline int64_t vecI64(const char *s) {
    return strtoll(s, NULL, 10);
}

// vecHex decodes hex ("-" is empty) into a new buffer with room for cap
// bytes (at least the decoded length); *n is the length.
static inline uint8_t *vecHex(const char *s, size_t *n, size_t cap) {
    size_t len = strcmp(s, "-") == 0 ? 0 : strlen(s) / 2;
    uint8_t *b = runtime_malloc(len > cap ? len : cap);
    for (size_t i = 0; i < len; i++) {
        unsigned x;
        sscanf(s + 2 * i, "%2x", &x);
        b[i] = (uint8_t)x;
    }
    *n = len;
    return b;
}

// vecFormatHex is the reverse of vecHex, into a new string.
static inline char *vecFormatHex(const uint8_t *p, size_t n) {
    char *s = runtime_malloc(2 * n + 2);
    if (n == 0) {
        strcpy(s, "-");
        return s;
    }
    for (size_t i = 0; i < n; i++) {
        snprintf(s + 2 * i, 3, "%02x", p[i]);
    }
    return s;
}

// vecKinds names the kinds as the vectors (and reflect) do.
static const struct {
    const char *name;
    go_kind kind;
} vecKinds[] = {
    { "[]uint8", GO_BYTES }, { "string", GO_STRING },   { "bool", GO_BOOL },
    { "uint8", GO_UINT8 },   { "int32", GO_INT32 },     { "int", GO_INT },
    { "int8", GO_INT8 },     { "int16", GO_INT16 },     { "int64", GO_INT64 },
    { "uint", GO_UINT },     { "uint16", GO_UINT16 },   { "uint32", GO_UINT32 },
    { "uint64", GO_UINT64 }, { "float32", GO_FLOAT32 }, { "float64", GO_FLOAT64 },
};

static inline const char *vecKindName(go_kind k) {
    for (size_t i = 0; i < sizeof vecKinds / sizeof vecKinds[0]; i++) {
        if (vecKinds[i].kind == k) {
            return vecKinds[i].name;
        }
    }
    return "?";
}

// vecParseValue parses <type>:<v>; bytes and strings get new storage, which
// the caller frees.
static inline bool vecParseValue(const char *s, go_value *v) {
    const char *colon = strchr(s, ':');
    if (colon == NULL) {
        return false;
    }
    size_t tlen = (size_t)(colon - s);
    const char *x = colon + 1;
    *v = (go_value){ 0 };
    for (size_t i = 0; i < sizeof vecKinds / sizeof vecKinds[0]; i++) {
        if (strlen(vecKinds[i].name) == tlen && memcmp(vecKinds[i].name, s, tlen) == 0) {
            v->kind = vecKinds[i].kind;
        }
    }
    size_t n;
    switch (v->kind) {
    case GO_BYTES:
        v->v.bytes.ptr = vecHex(x, &n, 0);
        v->v.bytes.len = n;
        return true;
    case GO_STRING:
        v->v.str.ptr = (const char *)vecHex(x, &n, 0);
        v->v.str.len = n;
        return true;
    case GO_BOOL:
        v->v.b = strcmp(x, "true") == 0;
        return true;
    case GO_INT:
    case GO_INT8:
    case GO_INT16:
    case GO_INT32:
    case GO_INT64:
        v->v.i = vecI64(x);
        return true;
    case GO_UINT:
    case GO_UINT8:
    case GO_UINT16:
    case GO_UINT32:
    case GO_UINT64:
        v->v.u = vecU64(x);
        return true;
    case GO_FLOAT32: {
        uint32_t bits = (uint32_t)strtoul(x + 2, NULL, 16);
        memcpy(&v->v.f32, &bits, sizeof bits);
        return true;
    }
    case GO_FLOAT64: {
        uint64_t bits = strtoull(x + 2, NULL, 16);
        memcpy(&v->v.f64, &bits, sizeof bits);
        return true;
    }
    default:
        return false;
    }
}

static inline void vecFreeValue(go_value *v) {
    if (v->kind == GO_BYTES) {
        free((void *)v->v.bytes.ptr);
    } else if (v->kind == GO_STRING) {
        free((void *)v->v.str.ptr);
    }
    *v = (go_value){ 0 };
}

// vecFormatValue formats v as the vectors do, into a new string.
static inline char *vecFormatValue(const go_value *v) {
    char buf[64];
    const char *name = vecKindName(v->kind);
    switch (v->kind) {
    case GO_BYTES:
    case GO_STRING: {
        const uint8_t *p = v->kind == GO_BYTES ? v->v.bytes.ptr : (const uint8_t *)v->v.str.ptr;
        size_t n = v->kind == GO_BYTES ? v->v.bytes.len : v->v.str.len;
        char *h = vecFormatHex(p, n);
        char *s = runtime_malloc(strlen(name) + strlen(h) + 2);
        sprintf(s, "%s:%s", name, h);
        free(h);
        return s;
    }
    case GO_BOOL:
        snprintf(buf, sizeof buf, "bool:%s", v->v.b ? "true" : "false");
        break;
    case GO_INT:
    case GO_INT8:
    case GO_INT16:
    case GO_INT32:
    case GO_INT64:
        snprintf(buf, sizeof buf, "%s:%" PRId64, name, v->v.i);
        break;
    case GO_FLOAT32: {
        uint32_t bits;
        memcpy(&bits, &v->v.f32, sizeof bits);
        snprintf(buf, sizeof buf, "float32:0x%" PRIx32, bits);
        break;
    }
    case GO_FLOAT64: {
        uint64_t bits;
        memcpy(&bits, &v->v.f64, sizeof bits);
        snprintf(buf, sizeof buf, "float64:0x%" PRIx64, bits);
        break;
    }
    default:
        snprintf(buf, sizeof buf, "%s:%" PRIu64, name, v->v.u);
        break;
    }
    return runtime_strdup(buf);
}

// vecPanic runs fn(arg) in a child process with no recover point and
// returns the message it panicked with (caller frees), or NULL if fn
// returned: Go's tests recover(); here the child's "panic: <msg>" report
// and its exit status show the panic (munit's way).
static inline char *vecPanic(void (*fn)(void *arg), void *arg) {
    int p[2];
    if (pipe(p) != 0) {
        return runtime_strdup("pipe failed");
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        dup2(p[1], 2);
        runtime_setPanicHandler(NULL, NULL);
        fn(arg);
        _exit(0);
    }
    close(p[1]);
    char buf[4096];
    size_t len = 0;
    ssize_t n;
    char drain[4096];
    // Read all the child writes (a sanitizer's report may follow the panic),
    // keeping the start.
    while ((n = read(p[0], drain, sizeof drain)) > 0) {
        size_t keep = (size_t)n < sizeof buf - 1 - len ? (size_t)n : sizeof buf - 1 - len;
        memcpy(buf + len, drain, keep);
        len += keep;
    }
    close(p[0]);
    buf[len] = '\0';
    int status = 0;
    waitpid(pid, &status, 0);
    // The status is 2, unless LeakSanitizer changed it at exit.
    if (!WIFEXITED(status) || WEXITSTATUS(status) == 0 || strncmp(buf, "panic: ", 7) != 0) {
        return NULL;
    }
    char *nl = strchr(buf + 7, '\n');
    return runtime_strndup(buf + 7, nl != NULL ? (size_t)(nl - buf - 7) : len - 7);
}

// containsBytes reports whether the n bytes at s occur in b (bytes.Contains).
static inline bool containsBytes(go_bytes b, const void *s, size_t n) {
    if (n == 0) {
        return true;
    }
    for (size_t i = 0; i + n <= b.len; i++) {
        if (memcmp(b.ptr + i, s, n) == 0) {
            return true;
        }
    }
    return false;
}

#endif // CTEST_INTERNAL_FUZZ_MUTATOR_VECTORS_TEST_H
