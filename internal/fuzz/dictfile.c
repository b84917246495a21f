// (none) ctest's own: dictionary files in the format of libFuzzer's -dict
// and AFL's -x, read for the token dictionary (tokens.c) and, by the
// driver, for the .dict file beside a -fuzzengine binary; Go's mutator has
// no dictionary. The fuzzing engine and the driver both link this file.
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/tokens.h"
#include "internal/std/std.h"

void fuzz_tokenDict_add(tokenDict *d, const uint8_t *p, size_t n) {
    if (n == 0 || n > tokenMax) {
        return;
    }
    for (size_t i = 0; i < d->n; i++) {
        if (d->words[i].len == n && memcmp(d->words[i].b, p, n) == 0) {
            return;
        }
    }
    if (d->n == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 64;
        d->words = runtime_realloc(d->words, d->cap * sizeof *d->words);
    }
    tokenWord *w = &d->words[d->n++];
    w->len = (uint8_t)n;
    memcpy(w->b, p, n);
}

void fuzz_tokenDict_free(tokenDict *d) {
    free(d->words);
    *d = (tokenDict){ 0 };
}

// parseEntry reads the quoted word of one dictionary line, [s, end): an
// optional name (`kw1=`, or AFL's `kw1@2=`) before the opening quote, the
// escapes \\, \" and \xNN inside. It returns NULL or what is wrong.
static const char *parseEntry(const char *s, const char *end, uint8_t *out, size_t *outLen) {
    const char *open = memchr(s, '"', (size_t)(end - s));
    if (open == NULL) {
        return "no opening quote";
    }
    const char *close = end;
    while (close > open + 1 && close[-1] != '"') {
        close--;
    }
    if (close == open + 1) {
        return "no closing quote";
    }
    close--; // the closing quote
    for (const char *q = close + 1; q < end; q++) {
        if (*q != ' ' && *q != '\t' && *q != '\r') {
            return "text after the closing quote";
        }
    }
    size_t n = 0;
    for (const char *p = open + 1; p < close; p++) {
        uint8_t c = (uint8_t)*p;
        if (c == '\\') {
            if (p + 1 < close && (p[1] == '\\' || p[1] == '"')) {
                c = (uint8_t) * ++p;
            } else if (p + 3 < close && p[1] == 'x' && strconv_unhexDigit(p[2]) >= 0 &&
                       strconv_unhexDigit(p[3]) >= 0) {
                c = (uint8_t)(strconv_unhexDigit(p[2]) << 4 | strconv_unhexDigit(p[3]));
                p += 3;
            } else {
                return "bad escape";
            }
        } else if (c < 0x20 || c > 0x7e) {
            return "unescaped byte that is not printable";
        }
        if (n == tokenMax) {
            return "word longer than 64 bytes";
        }
        out[n++] = c;
    }
    *outLen = n;
    return NULL;
}

const char *fuzz_tokenDict_parse(tokenDict *d, const char *text, size_t len, int *line) {
    const char *p = text, *end = text + len;
    *line = 0;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *le = eol != NULL ? eol : end;
        ++*line;
        const char *s = p;
        while (s < le && (*s == ' ' || *s == '\t' || *s == '\r')) {
            s++;
        }
        if (s < le && *s != '#') {
            uint8_t w[tokenMax];
            size_t n = 0;
            const char *err = parseEntry(s, le, w, &n);
            if (err != NULL) {
                return err;
            }
            fuzz_tokenDict_add(d, w, n);
        }
        p = eol != NULL ? eol + 1 : end;
    }
    return NULL;
}

char *fuzz_tokenDict_format(const tokenDict *d) {
    strings_Builder b = { 0 };
    for (size_t i = 0; i < d->n; i++) {
        strings_Builder_WriteByte(&b, '"');
        for (size_t k = 0; k < d->words[i].len; k++) {
            uint8_t c = d->words[i].b[k];
            if (c == '"' || c == '\\') {
                strings_Builder_WriteByte(&b, '\\');
                strings_Builder_WriteByte(&b, (char)c);
            } else if (c < 0x20 || c > 0x7e) {
                strings_Builder_Printf(&b, "\\x%02x", c);
            } else {
                strings_Builder_WriteByte(&b, (char)c);
            }
        }
        strings_Builder_WriteString(&b, "\"\n");
    }
    return strings_Builder_Detach(&b);
}
