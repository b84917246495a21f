// Tests of test2json.c: Go 1.19.8's test2json_test.go (TestGolden over its
// testdata, here testdata/test2json/, and TestTrimUTF8), and the events Go's
// `go tool test2json -t` made of golden/vectors/test2json/input.txt.
#include <glob.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"
#include "testing/testing.h"

// sink collects a converter's JSON.
typedef struct sink {
    char *p;
    size_t len, cap;
} sink;

static void sink_write(void *arg, const char *p, size_t n) {
    sink *s = arg;
    if (s->len + n + 1 > s->cap) {
        s->cap = 2 * (s->len + n + 1);
        s->p = runtime_realloc(s->p, s->cap);
    }
    memcpy(s->p + s->len, p, n);
    s->len += n;
    s->p[s->len] = '\0';
}

// writeAndKill writes p[0:n] to c and then fills it with Zs, so that a
// converter holding on to it would show obviously wrong data.
static void writeAndKill(converter *c, char *p, size_t n) {
    converter_write(c, p, n);
    memset(p, 'Z', n);
}

// How the input is written to the converter.
typedef enum writeMode { byLine, bulk, even2, odd2 } writeMode;

// convert runs in[0:n] through a converter (pkg "", mode 0, or as given)
// and returns the JSON (caller frees).
static char *convert(const char *in, size_t n, writeMode how, const char *pkg, int mode) {
    sink s = { 0 };
    sink_write(&s, "", 0);
    converter *c = newConverter(sink_write, &s, pkg, mode);
    char *copy = runtime_malloc(n + 1);
    memcpy(copy, in, n);
    size_t i = 0;
    switch (how) {
    case byLine:
        while (i < n) {
            const char *nl = memchr(copy + i, '\n', n - i);
            size_t e = nl != NULL ? (size_t)(nl - copy) + 1 : n;
            writeAndKill(c, copy + i, e - i);
            i = e;
        }
        break;
    case bulk:
        writeAndKill(c, copy, n);
        break;
    case even2:
    case odd2:
        // 2 bytes at a time, on even or odd boundaries.
        if (how == odd2 && n > 0) {
            writeAndKill(c, copy, 1);
            i = 1;
        }
        for (; i < n; i += 2) {
            writeAndKill(c, copy + i, i + 2 <= n ? 2 : n - i);
        }
        break;
    }
    converter_close(c);
    free(copy);
    return s.p;
}

// parseEvents parses one JSON event per line, merging consecutive output
// events of the same test (diffJSON's freedom in breaking up output).
static json_t *parseEvents(T *t, const char *name, const char *js) {
    json_t *events = json_array();
    const char *p = js;
    while (*p != '\0') {
        const char *nl = strchr(p, '\n');
        size_t n = nl != NULL ? (size_t)(nl - p) : strlen(p);
        json_error_t jerr;
        json_t *e = json_loadb(p, n, JSON_ALLOW_NUL, &jerr);
        if (e == NULL) {
            t_errorf(t, "%s: unmarshal %.*s: %s", name, (int)n, p, jerr.text);
        } else {
            size_t last = json_array_size(events);
            json_t *prev = last > 0 ? json_array_get(events, last - 1) : NULL;
            json_t *prevTest = prev != NULL ? json_object_get(prev, "Test") : NULL;
            json_t *test = json_object_get(e, "Test");
            const char *pt = prevTest != NULL ? json_string_value(prevTest) : "";
            const char *et = test != NULL ? json_string_value(test) : "";
            if (prev != NULL &&
                strcmp(json_string_value(json_object_get(prev, "Action")), "output") == 0 &&
                strcmp(json_string_value(json_object_get(e, "Action")), "output") == 0 &&
                strcmp(pt, et) == 0) {
                json_t *a = json_object_get(prev, "Output"), *b = json_object_get(e, "Output");
                size_t an = json_string_length(a), bn = json_string_length(b);
                char *ab = runtime_malloc(an + bn + 1);
                memcpy(ab, json_string_value(a), an);
                memcpy(ab + an, json_string_value(b), bn);
                json_object_set_new(prev, "Output", json_stringn_nocheck(ab, an + bn));
                free(ab);
                json_decref(e);
            } else {
                json_array_append_new(events, e);
            }
        }
        p += n;
        if (*p == '\n') {
            p++;
        }
    }
    return events;
}

// diffJSON fails t if the event streams have and want differ other than in
// how output is broken up into events.
static void diffJSON(T *t, const char *name, const char *have, const char *want) {
    json_t *h = parseEvents(t, name, have), *w = parseEvents(t, name, want);
    size_t hn = json_array_size(h), wn = json_array_size(w);
    for (size_t i = 0; i < hn || i < wn; i++) {
        json_t *he = json_array_get(h, i), *we = json_array_get(w, i);
        if (he == NULL || we == NULL || !json_equal(he, we)) {
            char *hs = he != NULL ? json_dumps(he, JSON_COMPACT) : NULL;
            char *ws = we != NULL ? json_dumps(we, JSON_COMPACT) : NULL;
            t_errorf(t, "%s: event %zu: got %s, want %s", name, i, hs != NULL ? hs : "(end)",
                     ws != NULL ? ws : "(end)");
            free(hs);
            free(ws);
            break;
        }
    }
    json_decref(h);
    json_decref(w);
}

// firstDiff fails t at the first line where have and want differ.
static void firstDiff(T *t, const char *name, const char *have, const char *want) {
    if (strcmp(have, want) == 0) {
        return;
    }
    size_t line = 1, i = 0, start = 0;
    while (have[i] != '\0' && have[i] == want[i]) {
        if (have[i++] == '\n') {
            line++;
            start = i;
        }
    }
    const char *h = have + start, *w = want + start;
    t_errorf(t, "%s: line %zu:\ngot  %.*s\nwant %.*s", name, line, (int)strcspn(h, "\n"), h,
             (int)strcspn(w, "\n"), w);
}

static void readOrFatal(T *t, const char *path, char **data, size_t *n) {
    go_error *err = os_ReadFile(path, data, n);
    if (err != NULL) {
        t_fatalf(t, "%s", go_error_Error(err));
    }
}

void TestGolden(T *t) {
    glob_t g;
    if (glob("testdata/test2json/*.test", 0, NULL, &g) != 0 || g.gl_pathc == 0) {
        t_fatalf(t, "no testdata/test2json/*.test files");
    }
    for (size_t f = 0; f < g.gl_pathc; f++) {
        const char *file = g.gl_pathv[f];
        char *in, *want;
        size_t inLen, wantLen;
        readOrFatal(t, file, &in, &inLen);
        char *jsonPath = runtime_sprintf("%.*s.json", (int)(strlen(file) - 5), file);
        readOrFatal(t, jsonPath, &want, &wantLen);

        // One line written at a time: the exact bytes Go wrote.
        char *have = convert(in, inLen, byLine, "", 0);
        firstDiff(t, file, have, want);
        free(have);
        if (!t_failed(t)) {
            static const struct {
                writeMode how;
                const char *name;
            } modes[] = { { bulk, "bulk" }, { even2, "even2" }, { odd2, "odd2" } };
            for (size_t m = 0; m < 3; m++) {
                char *name = runtime_sprintf("%s/%s", file, modes[m].name);
                have = convert(in, inLen, modes[m].how, "", 0);
                diffJSON(t, name, have, want);
                free(have);
                free(name);
            }
            // Very small output buffers, to check that UTF-8 sequences are
            // not broken up.
            size_t oldIn = test2jsonInBuffer, oldOut = test2jsonOutBuffer;
            for (size_t b = 5; b <= 8; b++) {
                test2jsonInBuffer = 64;
                test2jsonOutBuffer = b;
                char *name = runtime_sprintf("%s/tiny%zu", file, b);
                have = convert(in, inLen, bulk, "", 0);
                diffJSON(t, name, have, want);
                free(have);
                free(name);
            }
            test2jsonInBuffer = oldIn;
            test2jsonOutBuffer = oldOut;
        }
        free(in);
        free(want);
        free(jsonPath);
    }
    globfree(&g);
}

// normalize drops the "Time" fields and sets the package-level Elapsed
// (of the event with no Test) to 0, as golden/vectors/test2json/main.go
// does to Go's output (caller frees).
static char *normalize(const char *js) {
    char *out = runtime_malloc(strlen(js) + 1), *w = out;
    for (const char *p = js; *p != '\0';) {
        size_t n = strcspn(p, "\n");
        const char *end = p + n;
        if (strncmp(p, "{\"Time\":\"", 9) == 0) {
            *w++ = '{';
            p = strchr(p + 9, '"') + 2; // past the closing quote and the comma
        }
        const char *elapsed = strstr(p, ",\"Elapsed\":"), *test = strstr(p, "\"Test\":");
        if (elapsed != NULL && elapsed < end && (test == NULL || test > end)) {
            size_t k = (size_t)(elapsed - p) + 11;
            memcpy(w, p, k);
            w += k;
            *w++ = '0';
            p = strchr(elapsed, '}');
        }
        memcpy(w, p, (size_t)(end - p));
        w += end - p;
        p = end;
        if (*p == '\n') {
            *w++ = *p++;
        }
    }
    *w = '\0';
    return out;
}

// isRFC3339 reports whether s begins with a quoted time as Go's
// time.Time.MarshalJSON writes it: 2006-01-02T15:04:05.999999999Z07:00.
static bool isRFC3339(const char *s) {
    static const char layout[] = "\"dddd-dd-ddTdd:dd:dd";
    for (size_t i = 0; layout[i] != '\0'; i++) {
        if (layout[i] == 'd' ? s[i] < '0' || s[i] > '9' : s[i] != layout[i]) {
            return false;
        }
    }
    s += strlen(layout);
    if (*s == '.') {
        size_t n = strspn(s + 1, "0123456789");
        if (n == 0 || n > 9 || s[n] == '0') {
            return false; // trailing zeros are dropped
        }
        s += 1 + n;
    }
    if (s[0] == 'Z') {
        return s[1] == '"';
    }
    return (s[0] == '+' || s[0] == '-') && strspn(s + 1, "0123456789") == 2 && s[3] == ':' &&
           strspn(s + 4, "0123456789") == 2 && s[6] == '"';
}

void TestGoTest2jsonVectors(T *t) {
    char *in, *want;
    size_t inLen, wantLen;
    readOrFatal(t, "../../golden/vectors/test2json/input.txt", &in, &inLen);
    readOrFatal(t, "../../golden/vectors/test2json/output.json", &want, &wantLen);
    char *have = convert(in, inLen, byLine, "example.com/p", test2jsonTimestamp);
    if (strncmp(have, "{\"Time\":", 8) != 0 || !isRFC3339(have + 8)) {
        t_errorf(t, "first event: got %.50s, want an RFC 3339 Time field first", have);
    }
    char *got = normalize(have);
    firstDiff(t, "input.txt", got, want);
    free(got);
    free(have);
    free(in);
    free(want);
}
