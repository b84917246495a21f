// (none) ctest's own, with -test.fuzzcmp: the token dictionary, words the
// mutator writes into []byte and string values. Go's mutator has none.
// The words come from a dictionary file in the format of libFuzzer's -dict
// and AFL's -x, and from the string constants of the package's own code
// (the driver collects them when it builds the test binary: a parser's
// keywords are there, and a keyword that is looked up in a table, as Lua
// and mujs do, is never a comparison operand for trace.c to record).
//
// The dictionary is fixed for the run and the same in the coordinator and
// in every worker, so the coordinator replays a worker's mutations.
#include "internal/fuzz/tokens.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/mutator.h"
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

bool fuzz_tokenMutateBytes(mutator *m, byteSlice *b) {
    const tokenDict *d = m->tokens;
    const tokenWord *w = &d->words[fuzz_mutator_rand(m, (go_int)d->n)];
    return fuzz_dictWrite(m, b, NULL, 0, w->b, w->len);
}

// processTokens is the run's dictionary: the driver's words and the
// -test.fuzzdict file's.
static tokenDict processTokens;

void fuzz_AddTokens(const char *blob, size_t len) {
    const char *p = blob, *end = blob + len;
    while (p < end) {
        const char *nul = memchr(p, '\0', (size_t)(end - p));
        const char *e = nul != NULL ? nul : end;
        fuzz_tokenDict_add(&processTokens, (const uint8_t *)p, (size_t)(e - p));
        p = e + 1;
    }
}

go_error *fuzz_LoadDictFile(const char *path) {
    char *text;
    size_t n;
    go_error *err = os_ReadFile(path, &text, &n);
    if (err != NULL) {
        return err;
    }
    int line;
    const char *perr = fuzz_tokenDict_parse(&processTokens, text, n, &line);
    free(text);
    if (perr != NULL) {
        return fmt_Errorf(NULL, "%s:%d: %s", path, line, perr);
    }
    return NULL;
}

const tokenDict *fuzz_processTokens(void) {
    return processTokens.n > 0 ? &processTokens : NULL;
}
