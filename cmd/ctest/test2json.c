// Ports go1.19.8 src/cmd/internal/test2json/test2json.go: Converter,
// lineBuffer, isBenchmarkName, trimUTF8; and, for its events, the parts of
// encoding/json that json.Marshal(event) uses: encodeState.string (with
// HTML escaping), floatEncoder and time.Time's MarshalJSON (RFC 3339).
//
// ctest: the JSON is written here, not by Jansson, because Go's encoder
// escapes <, > and & as \u003c..., writes \b and \f as \u0008 and \u000c,
// and turns invalid UTF-8 into \ufffd, where Jansson escapes differently
// and rejects invalid UTF-8; test output is arbitrary bytes.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/ctest/ctest.h"

size_t test2jsonInBuffer = 4096;
size_t test2jsonOutBuffer = 1024;

// event is the JSON struct we emit; absent fields are omitted (Go's
// omitempty on nil pointers and empty strings).
typedef struct event {
    char Action[8];     // "run", "pass", "output", ...
    char *Test;         // owned; NULL or "" for none
    bool hasElapsed;    // Elapsed *float64 != nil
    double Elapsed;     // seconds
    const char *Output; // borrowed; NULL for none
    size_t OutputLen;
} event;

// lineBuffer is an I/O buffer that calls line for each whole line that
// fits in its capacity, and part for the pieces of longer lines, split at
// UTF-8 boundaries (the last piece includes the newline).
typedef struct lineBuffer {
    char *b;
    size_t len, cap;
    bool mid; // in the middle of a long line
    void (*line)(converter *c, const char *p, size_t n);
    void (*part)(converter *c, const char *p, size_t n);
} lineBuffer;

struct converter {
    void (*w)(void *arg, const char *p, size_t n); // JSON output stream
    void *warg;
    char *pkg;      // package to name in events
    int mode;       // mode bits
    int64_t start;  // monotonic time the converter started
    char *testName; // name of current test, for output attribution (owned)
    event **report; // pending test result reports (nested for subtests)
    size_t nreport, capreport;
    const char *result; // overall test result if seen, else NULL
    lineBuffer input;   // input buffer
    lineBuffer output;  // output buffer
};

// ---- encoding/json ----

// writeString is encodeState.string with escapeHTML: s[0:n] as a JSON
// string.
static void writeString(strings_Builder *b, const char *s, size_t n) {
    static const char hex[] = "0123456789abcdef";
    const unsigned char *u = (const unsigned char *)s;
    strings_Builder_WriteByte(b, '"');
    size_t start = 0, i = 0;
    while (i < n) {
        unsigned char c = u[i];
        if (c < 0x80) {
            // htmlSafeSet: printable ASCII and DEL, but not " \ < > &.
            if (c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&') {
                i++;
                continue;
            }
            strings_Builder_Write(b, s + start, i - start);
            switch (c) {
            case '\\':
            case '"': {
                char esc[2] = { '\\', (char)c };
                strings_Builder_Write(b, esc, 2);
                break;
            }
            case '\n':
                strings_Builder_Write(b, "\\n", 2);
                break;
            case '\r':
                strings_Builder_Write(b, "\\r", 2);
                break;
            case '\t':
                strings_Builder_Write(b, "\\t", 2);
                break;
            default: {
                // Bytes < 0x20 other than \t, \n and \r, and <, >, &.
                char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF] };
                strings_Builder_Write(b, esc, 6);
                break;
            }
            }
            start = ++i;
            continue;
        }
        size_t size;
        int32_t r = utf8_DecodeRune(s + i, n - i, &size);
        if (r == utf8_RuneError && size == 1) {
            strings_Builder_Write(b, s + start, i - start);
            strings_Builder_WriteString(b, "\\ufffd");
            start = ++i;
            continue;
        }
        // U+2028 is LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR: valid
        // JSON, but not valid JavaScript in a string literal (JSONP).
        if (r == 0x2028 || r == 0x2029) {
            strings_Builder_Write(b, s + start, i - start);
            char esc[6] = { '\\', 'u', '2', '0', '2', hex[r & 0xF] };
            strings_Builder_Write(b, esc, 6);
            i += size;
            start = i;
            continue;
        }
        i += size;
    }
    strings_Builder_Write(b, s + start, n - start);
    strings_Builder_WriteByte(b, '"');
}

// writeFloat is floatEncoder for a float64: 'f' format, or 'e' for very
// small and very large values, with the shortest digits that round-trip.
static void writeFloat(strings_Builder *b, double f) {
    double abs = f < 0 ? -f : f;
    char fmt = 'f';
    if (abs != 0 && (abs < 1e-6 || abs >= 1e21)) {
        fmt = 'e';
    }
    char *s = strconv_FormatFloat(f, fmt, -1, 64);
    size_t n = strlen(s);
    if (fmt == 'e' && n >= 4 && s[n - 4] == 'e' && s[n - 3] == '-' && s[n - 2] == '0') {
        // clean up e-09 to e-9
        s[n - 2] = s[n - 1];
        s[n - 1] = '\0';
    }
    strings_Builder_WriteString(b, s);
    free(s);
}

// writeTime is time.Now().MarshalJSON(): RFC 3339 with nanoseconds
// (trailing zeros dropped) in the local time zone, "Z" for UTC.
static void writeTime(strings_Builder *b) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    localtime_r(&ts.tv_sec, &tm);
    char date[32];
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
    strings_Builder_WriteByte(b, '"');
    strings_Builder_WriteString(b, date);
    if (ts.tv_nsec != 0) {
        char frac[16];
        snprintf(frac, sizeof frac, ".%09ld", ts.tv_nsec);
        size_t n = strlen(frac);
        while (frac[n - 1] == '0') {
            n--;
        }
        strings_Builder_Write(b, frac, n);
    }
    // tm_gmtoff is a glibc and BSD extension, hence strftime's %z.
    char zone[8];
    strftime(zone, sizeof zone, "%z", &tm);
    if (strcmp(zone, "+0000") == 0 || strcmp(zone, "-0000") == 0) {
        strings_Builder_WriteByte(b, 'Z');
    } else {
        char z[7] = { zone[0], zone[1], zone[2], ':', zone[3], zone[4], '\0' };
        strings_Builder_WriteString(b, z);
    }
    strings_Builder_WriteByte(b, '"');
}

// ---- Converter ----

static void event_free(event *e) {
    if (e != NULL) {
        free(e->Test);
        free(e);
    }
}

static void setTestName(converter *c, const char *name) {
    char *s = runtime_strdup(name);
    free(c->testName);
    c->testName = s;
}

// writeEvent emits e as one JSON line, filling in the time (in timestamp
// mode), the package, and the converter's current test when e names none.
static void writeEvent(converter *c, const event *e) {
    strings_Builder b = { 0 };
    strings_Builder_WriteByte(&b, '{');
    if (c->mode & test2jsonTimestamp) {
        strings_Builder_WriteString(&b, "\"Time\":");
        writeTime(&b);
        strings_Builder_WriteByte(&b, ',');
    }
    strings_Builder_WriteString(&b, "\"Action\":");
    writeString(&b, e->Action, strlen(e->Action));
    if (c->pkg[0] != '\0') {
        strings_Builder_WriteString(&b, ",\"Package\":");
        writeString(&b, c->pkg, strlen(c->pkg));
    }
    const char *test = e->Test != NULL && e->Test[0] != '\0' ? e->Test : c->testName;
    if (test[0] != '\0') {
        strings_Builder_WriteString(&b, ",\"Test\":");
        writeString(&b, test, strlen(test));
    }
    if (e->hasElapsed) {
        strings_Builder_WriteString(&b, ",\"Elapsed\":");
        writeFloat(&b, e->Elapsed);
    }
    if (e->Output != NULL) {
        strings_Builder_WriteString(&b, ",\"Output\":");
        writeString(&b, e->Output, e->OutputLen);
    }
    strings_Builder_Write(&b, "}\n", 2);
    c->w(c->warg, strings_Builder_String(&b), strings_Builder_Len(&b));
    strings_Builder_Reset(&b);
}

// writeOutputEvent writes a single output event with the given bytes.
static void writeOutputEvent(converter *c, const char *p, size_t n) {
    event e = { .Action = "output", .Output = p, .OutputLen = n };
    writeEvent(c, &e);
}

// isBenchmarkName: could b[:n], the first field of a line, name a benchmark
// ("Benchmark" alone, or followed by anything but a lower-case letter)?
static bool isBenchmarkName(const char *b, size_t n) {
    if (n < 9 || memcmp(b, "Benchmark", 9) != 0) {
        return false;
    }
    if (n == 9) { // just "Benchmark"
        return true;
    }
    // ctest: unicode.IsLower for ASCII only; ctest has no benchmarks.
    return !(b[9] >= 'a' && b[9] <= 'z');
}

// trimUTF8 returns where to cut b[:n] so as not to split a UTF-8 sequence
// that more bytes could still complete: n itself, or at most 3 bytes less.
static size_t trimUTF8(const char *b, size_t n) {
    // Scan backward to find non-continuation byte.
    for (size_t i = 1; i < 4 && i <= n; i++) {
        unsigned char c = (unsigned char)b[n - i];
        if ((c & 0xc0) != 0x80) {
            if ((c & 0xe0) == 0xc0) {
                if (i < 2) {
                    return n - i;
                }
            } else if ((c & 0xf0) == 0xe0) {
                if (i < 3) {
                    return n - i;
                }
            } else if ((c & 0xf8) == 0xf0) {
                if (i < 4) {
                    return n - i;
                }
            }
            break;
        }
    }
    return n;
}

// lineBuffer_write writes p[0:n] to the buffer.
static void lineBuffer_write(converter *c, lineBuffer *l, const char *p, size_t n) {
    while (n > 0) {
        // Copy what we can into b.
        size_t m = l->cap - l->len < n ? l->cap - l->len : n;
        memcpy(l->b + l->len, p, m);
        l->len += m;
        p += m;
        n -= m;

        // Process lines in b.
        size_t i = 0;
        while (i < l->len) {
            const char *nl = memchr(l->b + i, '\n', l->len - i);
            if (nl == NULL) {
                if (!l->mid) {
                    const char *tab = memchr(l->b + i, '\t', l->len - i);
                    if (tab != NULL) {
                        size_t j = (size_t)(tab - (l->b + i)), k = j;
                        while (k > 0 && l->b[i + k - 1] == ' ') {
                            k--;
                        }
                        if (isBenchmarkName(l->b + i, k)) {
                            l->part(c, l->b + i, j + 1);
                            l->mid = true;
                            i += j + 1;
                        }
                    }
                }
                break;
            }
            size_t e = (size_t)(nl - l->b) + 1;
            if (l->mid) {
                // Found the end of a partial line.
                l->part(c, l->b + i, e - i);
                l->mid = false;
            } else {
                // Found a whole line.
                l->line(c, l->b + i, e - i);
            }
            i = e;
        }

        // Whatever's left in b is a line fragment.
        if (i == 0 && l->len == l->cap) {
            // A full buffer with no newline in it: pass it on as the start,
            // or the next piece, of a partial line.
            size_t t = trimUTF8(l->b, l->len);
            l->part(c, l->b, t);
            memmove(l->b, l->b + t, l->len - t);
            l->len -= t;
            l->mid = true;
        }

        // Move what is left to the front: the next write may end its line,
        // and there is room for it now.
        if (i > 0) {
            memmove(l->b, l->b + i, l->len - i);
            l->len -= i;
        }
    }
}

// lineBuffer_flush flushes the line buffer.
static void lineBuffer_flush(converter *c, lineBuffer *l) {
    if (l->len > 0) {
        // Must be a line without a \n, so a partial line.
        l->part(c, l->b, l->len);
        l->len = 0;
    }
}

static void outputWrite(converter *c, const char *p, size_t n) {
    lineBuffer_write(c, &c->output, p, n);
}

// flushReport flushes all pending PASS/FAIL reports at levels >= depth.
static void flushReport(converter *c, size_t depth) {
    setTestName(c, "");
    while (c->nreport > depth) {
        event *e = c->report[--c->nreport];
        writeEvent(c, e);
        event_free(e);
    }
}

static bool hasPrefix(const char *s, size_t n, const char *prefix) {
    size_t m = strlen(prefix);
    return n >= m && memcmp(s, prefix, m) == 0;
}

static bool isSpace(char ch) {
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f';
}

// trimSpace is strings.TrimSpace for ASCII space (caller frees).
static char *trimSpace(const char *s, size_t n) {
    while (n > 0 && isSpace(s[0])) {
        s++;
        n--;
    }
    while (n > 0 && isSpace(s[n - 1])) {
        n--;
    }
    return runtime_strndup(s, n);
}

// handleReport is handleInputLine's case for a "--- PASS: name (0.00s)"
// line, indent levels deep (action "pass", "fail", "skip" or "bench"; name
// still carries the time, which is cut off here): its event waits on the
// report stack until flushReport, so that output that follows still
// belongs to its test.
static void handleReport(converter *c, const char *origLine, size_t origLen, const char *action,
                         char *name, size_t indent) {
    event *e = runtime_calloc(1, sizeof *e);
    snprintf(e->Action, sizeof e->Action, "%s", action);
    // Parse out elapsed time.
    char *paren = strstr(name, " (");
    if (paren != NULL) {
        size_t nl = strlen(name);
        if (hasSuffix(name, nl, "s)")) {
            double t;
            const char *num = paren + 2;
            go_error *err = strconv_ParseFloat(num, (size_t)(name + nl - 2 - num), 64, &t);
            if (err == NULL) {
                if (c->mode & test2jsonTimestamp) {
                    e->hasElapsed = true;
                    e->Elapsed = t;
                }
            }
            go_error_free(err);
        }
        *paren = '\0';
    }
    if (c->nreport < indent) {
        // Nested deeper than expected. Treat this line as plain output.
        event_free(e);
        outputWrite(c, origLine, origLen);
        return;
    }
    // Flush reports at this indentation level or deeper.
    flushReport(c, indent);
    e->Test = runtime_strdup(name);
    setTestName(c, name);
    if (c->nreport == c->capreport) {
        c->capreport = 2 * c->capreport + 4;
        c->report = runtime_realloc(c->report, c->capreport * sizeof *c->report);
    }
    c->report[c->nreport++] = e;
    outputWrite(c, origLine, origLen);
}

// handleInputLine takes one whole line of test output. It writes the line
// to c->output itself, before or after the events the line gives rise to,
// whichever suits the kind of line.
static void handleInputLine(converter *c, const char *line, size_t n) {
    static const char *const updates[] = { "=== RUN   ", "=== PAUSE ", "=== CONT  " };
    static const char *const reports[] = { "--- PASS: ", "--- FAIL: ", "--- SKIP: ",
                                           "--- BENCH: " };
    // The binary's closing PASS or FAIL, or the "FAIL\t" line ctest prints
    // (with the error) when the binary exits with an error.
    bool bigPass = n == 5 && memcmp(line, "PASS\n", 5) == 0;
    bool bigFail = n == 5 && memcmp(line, "FAIL\n", 5) == 0;
    if (bigPass || bigFail || hasPrefix(line, n, "FAIL\t")) {
        flushReport(c, 0);
        outputWrite(c, line, n);
        c->result = bigPass ? "pass" : "fail";
        return;
    }

    // A package without tests prints nothing but "?   \tpkgname\t[no test
    // files]\n": plain output, but the final result becomes "skip".
    if (hasPrefix(line, n, "?   \t") && hasSuffix(line, n, "\t[no test files]\n") &&
        c->nreport == 0) {
        c->result = "skip";
    }

    // "=== RUN   ", "=== PAUSE ", "=== CONT  "
    bool actionColon = false, ok = false;
    const char *origLine = line;
    size_t origLen = n;
    size_t indent = 0;
    for (size_t k = 0; k < 3; k++) {
        if (hasPrefix(line, n, updates[k])) {
            ok = true;
            break;
        }
    }
    if (!ok) {
        // "--- PASS: ", "--- FAIL: ", "--- SKIP: ", "--- BENCH: ", but
        // possibly indented.
        while (hasPrefix(line, n, "    ")) {
            line += 4;
            n -= 4;
            indent++;
        }
        for (size_t k = 0; k < 4; k++) {
            if (hasPrefix(line, n, reports[k])) {
                actionColon = true;
                ok = true;
                break;
            }
        }
    }

    // Not a special test output line.
    if (!ok) {
        // Plain output. Its indentation, one level per subtest depth, picks
        // its test from the stack of subtests still reporting. Deeper than
        // that stack, the test indented the text itself and whose it is
        // cannot be told: it stays with the current test, as test2json did
        // before it read indentation.
        if (indent > 0 && indent <= c->nreport) {
            setTestName(c, c->report[indent - 1]->Test);
        }
        outputWrite(c, origLine, origLen);
        return;
    }

    // Parse out action and test name.
    size_t i = 0;
    if (actionColon) {
        const char *colon = memchr(line, ':', n);
        i = colon != NULL ? (size_t)(colon - line) + 1 : 0;
    }
    if (i == 0) {
        i = strlen(updates[0]);
    }
    char *action = trimSpace(line + 4, i - 4);
    size_t al = strlen(action);
    if (al > 0 && action[al - 1] == ':') {
        action[al - 1] = '\0';
    }
    for (char *a = action; *a != '\0'; a++) {
        if (*a >= 'A' && *a <= 'Z') {
            *a = (char)(*a - 'A' + 'a');
        }
    }
    char *name = trimSpace(line + i, n - i);

    if (line[0] == '-') { // PASS or FAIL report
        handleReport(c, origLine, origLen, action, name, indent);
        goto out;
    }
    // === update. Finish any pending PASS/FAIL reports.
    flushReport(c, 0);
    setTestName(c, name);
    event e = { 0 };
    snprintf(e.Action, sizeof e.Action, "%s", action);
    if (strcmp(action, "pause") == 0) {
        // The "=== PAUSE" line goes out before its event, or it would read as
        // output of a test that had just paused.
        outputWrite(c, origLine, origLen);
    }
    writeEvent(c, &e);
    if (strcmp(action, "pause") != 0) {
        outputWrite(c, origLine, origLen);
    }
out:
    free(action);
    free(name);
}

converter *newConverter(void (*w)(void *arg, const char *p, size_t n), void *arg, const char *pkg,
                        int mode) {
    converter *c = runtime_calloc(1, sizeof *c);
    c->w = w;
    c->warg = arg;
    c->pkg = runtime_strdup(pkg);
    c->mode = mode;
    c->start = time_now();
    c->testName = runtime_strdup("");
    c->input = (lineBuffer){ .b = runtime_malloc(test2jsonInBuffer),
                             .cap = test2jsonInBuffer,
                             .line = handleInputLine,
                             .part = outputWrite };
    c->output = (lineBuffer){ .b = runtime_malloc(test2jsonOutBuffer),
                              .cap = test2jsonOutBuffer,
                              .line = writeOutputEvent,
                              .part = writeOutputEvent };
    return c;
}

void converter_write(converter *c, const char *p, size_t n) {
    lineBuffer_write(c, &c->input, p, n);
}

void converter_exited(converter *c, bool ok) {
    c->result = ok ? "pass" : "fail";
}

void converter_close(converter *c) {
    lineBuffer_flush(c, &c->input);
    lineBuffer_flush(c, &c->output);
    if (c->result != NULL) {
        event e = { 0 };
        snprintf(e.Action, sizeof e.Action, "%s", c->result);
        if (c->mode & test2jsonTimestamp) {
            // time.Since(c.start).Round(time.Millisecond).Seconds()
            int64_t d = time_now() - c->start, m = 1000000, r = d % m;
            d = r + r < m ? d - r : d + m - r;
            e.hasElapsed = true;
            e.Elapsed = (double)(d / 1000000000) + (double)(d % 1000000000) / 1e9;
        }
        writeEvent(c, &e);
    }
    for (size_t i = 0; i < c->nreport; i++) {
        event_free(c->report[i]);
    }
    free(c->report);
    free(c->input.b);
    free(c->output.b);
    free(c->testName);
    free(c->pkg);
    free(c);
}
