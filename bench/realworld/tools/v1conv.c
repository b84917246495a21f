// v1conv.c: converts corpus files between raw bytes (what libFuzzer and
// AFL++ read and write) and ctest's "go test fuzz v1" files holding one
// []byte, with ctest's own encoder and decoder (internal/fuzz), so that the
// suite reads and writes ctest's corpora exactly as the engine does.
//
//   v1conv encode OUTDIR [FILE...]   raw FILE -> OUTDIR/<sha256 of the v1 file>,
//                                    the name ctest gives a corpus file
//   v1conv decode OUTDIR [FILE...]   v1 FILE -> OUTDIR/<FILE's base name>
//
// Without FILE arguments the file names are read from standard input, one
// a line. A file that cannot be read or decoded is reported on stderr and
// makes the exit status 1; the others are still converted.
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/fuzz.h"

// readFile returns the contents of path (caller frees) and its size in *n,
// or NULL with a message on stderr.
static uint8_t *readFile(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "v1conv: open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (buf == NULL) {
            fprintf(stderr, "v1conv: out of memory reading %s\n", path);
            fclose(f);
            return NULL;
        }
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap) {
            break;
        }
        cap *= 2;
        uint8_t *bigger = realloc(buf, cap);
        if (bigger == NULL) {
            free(buf);
        }
        buf = bigger;
    }
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad) {
        fprintf(stderr, "v1conv: read %s: %s\n", path, strerror(errno));
        free(buf);
        return NULL;
    }
    *n = len;
    return buf;
}

static bool writeFile(const char *dir, const char *name, const uint8_t *data, size_t n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "v1conv: write %s: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

// encode writes the raw file path as a v1 file of one []byte.
static bool encode(const char *outdir, const char *path) {
    size_t n;
    uint8_t *raw = readFile(path, &n);
    if (raw == NULL) {
        return false;
    }
    go_value v = GO_BYTES_N(raw, n);
    uint8_t *file;
    size_t len;
    fuzz_marshalCorpusFile(&v, 1, &file, &len);
    char *name = fuzz_corpusFileName(file, len);
    bool ok = writeFile(outdir, name, file, len);
    free(name);
    free(file);
    free(raw);
    return ok;
}

// decode writes the bytes of the v1 file path, which must hold one []byte.
static bool decode(const char *outdir, const char *path) {
    size_t n;
    uint8_t *file = readFile(path, &n);
    if (file == NULL) {
        return false;
    }
    go_value *vals = NULL;
    size_t nvals = 0;
    go_error *err = fuzz_unmarshalCorpusFile(file, n, &vals, &nvals);
    free(file);
    if (err != NULL) {
        fprintf(stderr, "v1conv: %s: %s\n", path, go_error_Error(err));
        go_error_free(err);
        return false;
    }
    bool ok = false;
    if (nvals != 1 || vals[0].kind != GO_BYTES) {
        fprintf(stderr, "v1conv: %s: want one []byte value, have %zu values\n", path, nvals);
    } else {
        const char *base = strrchr(path, '/');
        ok = writeFile(outdir, base != NULL ? base + 1 : path, vals[0].v.bytes.ptr,
                       vals[0].v.bytes.len);
    }
    fuzz_freeValues(vals, nvals);
    return ok;
}

int main(int argc, char **argv) {
    bool (*conv)(const char *, const char *) = NULL;
    if (argc >= 3 && strcmp(argv[1], "encode") == 0) {
        conv = encode;
    } else if (argc >= 3 && strcmp(argv[1], "decode") == 0) {
        conv = decode;
    } else {
        fprintf(stderr, "usage: v1conv encode|decode OUTDIR [FILE...]\n");
        return 2;
    }
    const char *outdir = argv[2];
    int status = 0;
    if (argc > 3) {
        for (int i = 3; i < argc; i++) {
            status |= !conv(outdir, argv[i]);
        }
        return status;
    }
    char line[4096];
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] != '\0') {
            status |= !conv(outdir, line);
        }
    }
    return status;
}
