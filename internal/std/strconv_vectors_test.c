// (none) Reads the strconv vector files written by Go 1.19.8 (see
// golden/vectors/strconv/dump_test.go) for the strconv tests.
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "internal/std/strconv_test.h"

void strconv_vecOpen(T *t, strconv_vecFile *v, const char *name) {
    char path[256];
    snprintf(path, sizeof path, "../../golden/vectors/strconv/%s", name);
    *v = (strconv_vecFile){ .name = name };
    v->f = fopen(path, "r");
    if (v->f == NULL) {
        t_fatalf(t, "open %s: %s", path, strerror(errno));
    }
}

bool strconv_vecNext(T *t, strconv_vecFile *v, size_t min) {
    for (;;) {
        ssize_t n = getline(&v->line, &v->cap, v->f);
        if (n < 0) {
            return false;
        }
        v->lineno++;
        if (n > 0 && v->line[n - 1] == '\n') {
            v->line[--n] = '\0';
        }
        if (v->line[0] == '#') {
            continue;
        }
        v->nfield = 0;
        char *p = v->line;
        for (;;) {
            if (v->nfield < strconv_vecMaxFields) {
                v->field[v->nfield++] = p;
            }
            char *tab = strchr(p, '\t');
            if (tab == NULL) {
                break;
            }
            *tab = '\0';
            p = tab + 1;
        }
        if (v->nfield < min) {
            t_fatalf(t, "%s:%d: got %zu fields, want %zu", v->name, v->lineno, v->nfield, min);
        }
        return true;
    }
}

void strconv_vecClose(strconv_vecFile *v) {
    if (v->f != NULL) {
        fclose(v->f);
    }
    free(v->line);
    *v = (strconv_vecFile){ 0 };
}

static int unhexDigit(char c) {
    if ('0' <= c && c <= '9') {
        return c - '0';
    }
    if ('a' <= c && c <= 'f') {
        return c - 'a' + 10;
    }
    return -1;
}

char *strconv_unhex(T *t, const char *hex, size_t *n) {
    size_t len = strlen(hex);
    if (len % 2 != 0) {
        t_fatalf(t, "bad hex field %s", hex);
    }
    char *out = runtime_malloc(len / 2 + 1);
    for (size_t i = 0; i < len / 2; i++) {
        int hi = unhexDigit(hex[2 * i]), lo = unhexDigit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(out);
            t_fatalf(t, "bad hex field %s", hex);
        }
        out[i] = (char)(hi << 4 | lo);
    }
    out[len / 2] = '\0';
    *n = len / 2;
    return out;
}

double strconv_bits64(T *t, const char *hex) {
    char *end;
    errno = 0;
    uint64_t b = strtoull(hex, &end, 16);
    if (errno != 0 || *end != '\0' || strlen(hex) != 16) {
        t_fatalf(t, "bad float bits field %s", hex);
    }
    double f;
    memcpy(&f, &b, sizeof f);
    return f;
}

const char *strconv_errText(const go_error *err) {
    return err == NULL ? "" : go_error_Error(err);
}
