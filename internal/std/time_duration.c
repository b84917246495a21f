// Ports go1.19.8 src/time/format.go (ParseDuration, leadingInt,
// leadingFraction, quote) and src/time/time.go (Duration.String, fmtFrac,
// fmtInt), and stands in for time.Now where only intervals matter.
//
// The scanning is time_duration_lex.re's; this file keeps ParseDuration's
// shape, its overflow checks against 1<<63 and its three error texts.
//
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal/std/std.h"
#include "internal/std/time_internal.h"

// quote is time's own quote (format.go), not strconv.Quote: bytes of
// non-ASCII or control runes become \x escapes, '"' and '\' are escaped.
static char *quote(const char *s, size_t n) {
    static const char lowerhex[] = "0123456789abcdef";
    // At most 4 output bytes per input byte, the quotes and the NUL.
    char *buf = runtime_malloc(4 * n + 3);
    size_t w = 0;
    buf[w++] = '"';
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t size;
        int32_t c = utf8_DecodeRune(s + i, n - i, &size);
        if (c >= utf8_RuneSelf || c < ' ') {
            // Go escapes the rune's bytes: one for an invalid byte, three for
            // an encoded U+FFFD, the encoding's length otherwise.
            size_t width = size;
            if (c == utf8_RuneError) {
                width = 1;
                if (i + 2 < n && memcmp(u + i, "\xef\xbf\xbd", 3) == 0) {
                    width = 3;
                }
            }
            for (size_t j = 0; j < width; j++) {
                buf[w++] = '\\';
                buf[w++] = 'x';
                buf[w++] = lowerhex[u[i + j] >> 4];
                buf[w++] = lowerhex[u[i + j] & 0xF];
            }
        } else {
            if (c == '"' || c == '\\') {
                buf[w++] = '\\';
            }
            buf[w++] = (char)c;
        }
        i += size;
    }
    buf[w++] = '"';
    buf[w] = '\0';
    return buf;
}

// durationError is errors.New(prefix + quote(orig)), for ParseDuration's
// "time: invalid duration" and "time: missing unit in duration".
static go_error *durationError(const char *prefix, const char *orig, size_t n) {
    char *q = quote(orig, n);
    go_error *err = fmt_Errorf(NULL, "%s%s", prefix, q);
    free(q);
    return err;
}

// leadingInt is format.go's leadingInt over the digits [s, end): false on
// overflow past 1<<63 (Go's errLeadingInt).
static bool leadingInt(const char *s, const char *end, uint64_t *x) {
    uint64_t v = 0;
    for (; s < end; s++) {
        if (v > (UINT64_C(1) << 63) / 10) {
            return false; // overflow
        }
        v = v * 10 + (uint64_t)(*s - '0');
        if (v > UINT64_C(1) << 63) {
            return false; // overflow
        }
    }
    *x = v;
    return true;
}

// leadingFraction is format.go's leadingFraction over the digits [s, end):
// digits past what fits only stop adding precision, they are no error.
static void leadingFraction(const char *s, const char *end, uint64_t *x, double *scale) {
    uint64_t v = 0;
    double sc = 1;
    bool overflow = false;
    for (; s < end; s++) {
        if (overflow) {
            continue;
        }
        if (v > ((UINT64_C(1) << 63) - 1) / 10) {
            // v*10 would pass 1<<63 (in Go's int64 it could even wrap
            // back to a positive value): stop taking digits.
            overflow = true;
            continue;
        }
        uint64_t y = v * 10 + (uint64_t)(*s - '0');
        if (y > UINT64_C(1) << 63) {
            overflow = true;
            continue;
        }
        v = y;
        sc *= 10;
    }
    *x = v;
    *scale = sc;
}

// parseDuration is ParseDuration over text, a copy of the n bytes at orig
// followed by a 0; errors quote orig.
static go_error *parseDuration(const char *orig, const char *text, size_t n, time_Duration *out) {
    // [-+]?([0-9]*(\.[0-9]*)?[a-z]+)+
    const char *s = text, *end = text + n;
    uint64_t d = 0;
    bool neg = false;

    // Consume [-+]?
    if (s < end && (*s == '-' || *s == '+')) {
        neg = *s == '-';
        s++;
    }
    // Special case: if all that is left is "0", this is zero.
    if (end - s == 1 && *s == '0') {
        *out = 0;
        return NULL;
    }
    if (s == end) {
        return durationError("time: invalid duration ", orig, n);
    }
    while (s < end) {
        uint64_t v = 0, f = 0; // integers before, after decimal point
        double scale = 1;      // value = v + f/scale
        uint64_t unit = 0;
        const char *next = s; // the end of the token starting at s
        durationToken tok = time_durationLex(&next, end, &unit);

        // The next character must be [0-9.]
        if (tok != durationDigits && tok != durationDot) {
            return durationError("time: invalid duration ", orig, n);
        }
        // Consume [0-9]*
        bool pre = false; // whether we consumed anything before a period
        if (tok == durationDigits) {
            if (!leadingInt(s, next, &v)) {
                return durationError("time: invalid duration ", orig, n);
            }
            pre = true;
            s = next;
            tok = time_durationLex(&next, end, &unit);
        }
        // Consume (\.[0-9]*)?
        bool post = false;
        if (tok == durationDot) {
            s = next;
            tok = time_durationLex(&next, end, &unit);
            if (tok == durationDigits) {
                leadingFraction(s, next, &f, &scale);
                post = true;
                s = next;
                tok = time_durationLex(&next, end, &unit);
            }
        }
        if (!pre && !post) {
            // no digits (e.g. ".s" or "-.s")
            return durationError("time: invalid duration ", orig, n);
        }

        // Consume unit.
        if (tok != durationUnit && tok != durationBadUnit) {
            return durationError("time: missing unit in duration ", orig, n);
        }
        const char *u = s;
        size_t ulen = (size_t)(next - s);
        s = next;
        if (tok == durationBadUnit) {
            char *qu = quote(u, ulen), *qorig = quote(orig, n);
            go_error *err = fmt_Errorf(NULL, "time: unknown unit %s in duration %s", qu, qorig);
            free(qu);
            free(qorig);
            return err;
        }
        if (v > (UINT64_C(1) << 63) / unit) {
            // overflow
            return durationError("time: invalid duration ", orig, n);
        }
        v *= unit;
        if (f > 0) {
            // In double, since f*unit can overflow 64 bits; the result is at
            // most 3.6e12 (an hour, the largest unit, in ns), still exact to
            // the nanosecond.
            v += (uint64_t)((double)f * ((double)unit / scale));
            if (v > UINT64_C(1) << 63) {
                // overflow
                return durationError("time: invalid duration ", orig, n);
            }
        }
        d += v;
        if (d > UINT64_C(1) << 63) {
            return durationError("time: invalid duration ", orig, n);
        }
    }
    if (neg) {
        // -Duration(d): d is at most 1<<63, whose negation wraps to itself
        // in Go; the unsigned negation then conversion does the same here.
        *out = (time_Duration)(0 - d);
        return NULL;
    }
    if (d > (UINT64_C(1) << 63) - 1) {
        return durationError("time: invalid duration ", orig, n);
    }
    *out = (time_Duration)d;
    return NULL;
}

go_error *time_ParseDuration(const char *orig, size_t n, time_Duration *out) {
    // The lexer needs a 0 at the end (time_durationLex): orig is any n
    // bytes (a flag's value, or a piece of a line, as "3s" in "elapsed: 3s,
    // execs: ..."), so the scan is over a copy that ends with one.
    char *text = runtime_malloc(n + 1);
    if (n > 0) {
        memcpy(text, orig, n);
    }
    text[n] = '\0';
    go_error *err = parseDuration(orig, text, n, out);
    free(text);
    return err;
}

// fmtFrac writes the prec digits after the decimal point of *v/10**prec
// (".12345") at the end of buf[0:w], without trailing zeros, and writes
// nothing at all when those digits are all 0. It returns where the text now
// starts, and leaves *v divided by 10**prec.
static size_t fmtFrac(char *buf, size_t w, uint64_t *v, int prec) {
    bool print = false;
    for (int i = 0; i < prec; i++) {
        uint64_t digit = *v % 10;
        print = print || digit != 0;
        if (print) {
            buf[--w] = (char)('0' + digit);
        }
        *v /= 10;
    }
    if (print) {
        buf[--w] = '.';
    }
    return w;
}

// fmtInt formats v into the tail of buf[0:w] and returns the new start.
static size_t fmtInt(char *buf, size_t w, uint64_t v) {
    if (v == 0) {
        buf[--w] = '0';
    } else {
        for (; v > 0; v /= 10) {
            buf[--w] = (char)('0' + v % 10);
        }
    }
    return w;
}

char *time_Duration_String(time_Duration d) {
    // Largest time is 2540400h10m10.000000000s
    char buf[32];
    size_t w = sizeof buf;

    uint64_t u = (uint64_t)d;
    bool neg = d < 0;
    if (neg) {
        u = 0 - u;
    }

    if (u < UINT64_C(1000000000)) {
        // Under a second, the text is in ns, µs or ms, whichever is the
        // largest that fits, with a fraction: 1.2ms.
        int prec;
        buf[--w] = 's';
        w--;
        if (u == 0) {
            return runtime_strdup("0s");
        } else if (u < UINT64_C(1000)) {
            // print nanoseconds
            prec = 0;
            buf[w] = 'n';
        } else if (u < UINT64_C(1000000)) {
            // print microseconds: U+00B5 'µ' micro sign == 0xC2 0xB5
            prec = 3;
            w--; // Need room for two bytes.
            memcpy(buf + w, "\xc2\xb5", 2);
        } else {
            // print milliseconds
            prec = 6;
            buf[w] = 'm';
        }
        w = fmtFrac(buf, w, &u, prec);
        w = fmtInt(buf, w, u);
    } else {
        buf[--w] = 's';
        w = fmtFrac(buf, w, &u, 9);

        // u is now integer seconds
        w = fmtInt(buf, w, u % 60);
        u /= 60;

        // u is now integer minutes
        if (u > 0) {
            buf[--w] = 'm';
            w = fmtInt(buf, w, u % 60);
            u /= 60;

            // u is now whole hours, the largest unit: days are not one,
            // as their length varies.
            if (u > 0) {
                buf[--w] = 'h';
                w = fmtInt(buf, w, u);
            }
        }
    }

    if (neg) {
        buf[--w] = '-';
    }
    return runtime_strndup(buf + w, sizeof buf - w);
}

int64_t time_now(void) {
    // time.Now's monotonic reading: only differences mean anything.
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + (int64_t)ts.tv_nsec;
}
