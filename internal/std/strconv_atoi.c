// Ports go1.19.8 src/strconv/atoi.go: NumError, ErrRange, ErrSyntax,
// ParseUint, ParseInt, underscoreOK; itoa.go: FormatInt, FormatUint; and
// atob.go: ParseBool.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "internal/std/strconv_internal.h"

// ---- errors ----

// numError is the payload of a *strconv.NumError: which error it wraps.
// Its text (Func, Num and Err's text) is the go_error's message.
typedef struct numError {
    strconv_ErrKind kind;
} numError;

static const go_errorType numErrorType = { "*strconv.NumError", free };

// errSyntaxType marks strconv.ErrSyntax itself, as Unquote returns it; its
// payload is the address of errSyntaxMark, never freed.
static const go_errorType errSyntaxType = { "*errors.errorString", NULL };
static const char errSyntaxMark = 0;

go_error *strconv_ErrSyntax(void) {
    return errors_NewTyped(&errSyntaxType, (void *)&errSyntaxMark, NULL, "invalid syntax");
}

go_error *strconv_NumError(const char *fn, const char *num, size_t n, strconv_ErrKind kind,
                           const char *other) {
    const char *text = kind == strconv_errSyntax  ? "invalid syntax"
                       : kind == strconv_errRange ? "value out of range"
                                                  : other;
    char *q = strconv_Quote(num, n);
    char *msg = runtime_sprintf("strconv.%s: parsing %s: %s", fn, q, text);
    free(q);
    numError *e = runtime_malloc(sizeof *e);
    e->kind = kind;
    go_error *err = errors_NewTyped(&numErrorType, e, NULL, msg);
    free(msg);
    return err;
}

bool strconv_IsErrRange(const go_error *err) {
    const numError *e = errors_As(err, &numErrorType);
    return e != NULL && e->kind == strconv_errRange;
}

bool strconv_IsErrSyntax(const go_error *err) {
    const numError *e = errors_As(err, &numErrorType);
    if (e != NULL) {
        return e->kind == strconv_errSyntax;
    }
    return errors_As(err, &errSyntaxType) != NULL;
}

// ---- ParseUint, ParseInt ----

enum { IntSize = 64 }; // Go's int is 64 bits wherever ctest runs

// parseResult is what parseUint found: the NumError to return, if any.
typedef enum parseResult {
    parseOK,
    parseSyntax,
    parseRange,
    parseBadBase,
    parseBadBitSize,
} parseResult;

// parseUint is ParseUint before its NumError is built, so ParseInt can give
// the error its own Func and Num as Go's does. On parseRange *out is maxVal.
static parseResult parseUint(const char *s0, size_t n0, int base, int bitSize, uint64_t *out) {
    if (n0 == 0) {
        return parseSyntax;
    }
    bool base0 = base == 0;
    const unsigned char *s = (const unsigned char *)s0;
    size_t n = n0;
    if (2 <= base && base <= 36) {
        // valid base; nothing to do
    } else if (base == 0) {
        // Look for octal, hex prefix.
        base = 10;
        if (s[0] == '0') {
            if (n >= 3 && strconv_lower(s[1]) == 'b') {
                base = 2;
                s += 2, n -= 2;
            } else if (n >= 3 && strconv_lower(s[1]) == 'o') {
                base = 8;
                s += 2, n -= 2;
            } else if (n >= 3 && strconv_lower(s[1]) == 'x') {
                base = 16;
                s += 2, n -= 2;
            } else {
                base = 8;
                s += 1, n -= 1;
            }
        }
    } else {
        return parseBadBase;
    }

    if (bitSize == 0) {
        bitSize = IntSize;
    } else if (bitSize < 0 || bitSize > 64) {
        return parseBadBitSize;
    }

    // cutoff is the smallest number such that cutoff*base > maxUint64.
    uint64_t cutoff = UINT64_MAX / (uint64_t)base + 1;
    // 1<<64 - 1 for bitSize 64: Go's over-wide shift gives 0, C's is undefined.
    uint64_t maxVal = bitSize == 64 ? UINT64_MAX : ((uint64_t)1 << bitSize) - 1;

    bool underscores = false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i], d;
        if (c == '_' && base0) {
            underscores = true;
            continue;
        } else if ('0' <= c && c <= '9') {
            d = (unsigned char)(c - '0');
        } else if ('a' <= strconv_lower(c) && strconv_lower(c) <= 'z') {
            d = (unsigned char)(strconv_lower(c) - 'a' + 10);
        } else {
            return parseSyntax;
        }
        if (d >= base) {
            return parseSyntax;
        }
        if (v >= cutoff) {
            *out = maxVal; // v*base overflows
            return parseRange;
        }
        v *= (uint64_t)base;
        uint64_t v1 = v + d;
        if (v1 < v || v1 > maxVal) {
            *out = maxVal; // v+d overflows
            return parseRange;
        }
        v = v1;
    }
    if (underscores && !strconv_underscoreOK(s0, n0)) {
        return parseSyntax;
    }
    *out = v;
    return parseOK;
}

// parseError builds the NumError for r.
static go_error *parseError(parseResult r, const char *fn, const char *s, size_t n, int base,
                            int bitSize) {
    char other[64];
    switch (r) {
    case parseSyntax:
        return strconv_NumError(fn, s, n, strconv_errSyntax, NULL);
    case parseRange:
        return strconv_NumError(fn, s, n, strconv_errRange, NULL);
    case parseBadBase:
        snprintf(other, sizeof other, "invalid base %d", base);
        return strconv_NumError(fn, s, n, strconv_errOther, other);
    case parseBadBitSize:
        snprintf(other, sizeof other, "invalid bit size %d", bitSize);
        return strconv_NumError(fn, s, n, strconv_errOther, other);
    case parseOK:
        break;
    }
    return NULL;
}

go_error *strconv_ParseUint(const char *s, size_t n, int base, int bitSize, uint64_t *out) {
    uint64_t v = 0;
    parseResult r = parseUint(s, n, base, bitSize, &v);
    if (r == parseRange) {
        *out = v; // maxVal, as in Go (see std.h)
    }
    if (r != parseOK) {
        return parseError(r, "ParseUint", s, n, base, bitSize);
    }
    *out = v;
    return NULL;
}

go_error *strconv_ParseInt(const char *s0, size_t n0, int base, int bitSize, int64_t *out) {
    static const char fnParseInt[] = "ParseInt";
    if (n0 == 0) {
        return parseError(parseSyntax, fnParseInt, s0, n0, base, bitSize);
    }
    // Pick off leading sign.
    const char *s = s0;
    size_t n = n0;
    bool neg = false;
    if (s[0] == '+') {
        s++, n--;
    } else if (s[0] == '-') {
        neg = true;
        s++, n--;
    }
    uint64_t un = 0;
    parseResult r = parseUint(s, n, base, bitSize, &un);
    if (r != parseOK && r != parseRange) {
        return parseError(r, fnParseInt, s0, n0, base, bitSize);
    }
    if (bitSize == 0) {
        bitSize = IntSize;
    }
    uint64_t cutoff = (uint64_t)1 << (bitSize - 1);
    // A range error comes with the nearest value, as in Go (see std.h).
    if (!neg && un >= cutoff) {
        *out = (int64_t)(cutoff - 1);
        return parseError(parseRange, fnParseInt, s0, n0, base, bitSize);
    }
    if (neg && un > cutoff) {
        *out = (int64_t)(0 - cutoff);
        return parseError(parseRange, fnParseInt, s0, n0, base, bitSize);
    }
    // -un wraps as Go's int64 negation does (-(1<<63) stays representable).
    *out = neg ? (int64_t)(0 - un) : (int64_t)un;
    return NULL;
}

bool strconv_underscoreOK(const char *s0, size_t n) {
    const unsigned char *s = (const unsigned char *)s0;
    // saw tracks the last character (class) seen: '^' the start of the
    // number, '0' a digit or base prefix, '_' an underscore, '!' other.
    char saw = '^';
    size_t i = 0;

    // Optional sign.
    if (n >= 1 && (s[0] == '-' || s[0] == '+')) {
        s++, n--;
    }
    // Optional base prefix.
    bool hex = false;
    if (n >= 2 && s[0] == '0' &&
        (strconv_lower(s[1]) == 'b' || strconv_lower(s[1]) == 'o' || strconv_lower(s[1]) == 'x')) {
        i = 2;
        saw = '0'; // base prefix counts as a digit for "underscore as digit separator"
        hex = strconv_lower(s[1]) == 'x';
    }
    // Number proper.
    for (; i < n; i++) {
        // Digits are always okay.
        if (('0' <= s[i] && s[i] <= '9') ||
            (hex && 'a' <= strconv_lower(s[i]) && strconv_lower(s[i]) <= 'f')) {
            saw = '0';
            continue;
        }
        // Underscore must follow digit.
        if (s[i] == '_') {
            if (saw != '0') {
                return false;
            }
            saw = '_';
            continue;
        }
        // Underscore must also be followed by digit.
        if (saw == '_') {
            return false;
        }
        // Saw non-digit, non-underscore.
        saw = '!';
    }
    return saw != '_';
}

// ---- FormatInt, FormatUint (itoa.go) ----

static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

// formatBits is itoa.go's formatBits: u in base, with a '-' when neg (u is
// then the two's complement of the magnitude, as Go passes uint64(i)).
static char *formatBits(uint64_t u, int base, bool neg) {
    if (base < 2 || base > 36) {
        go_panic("strconv: illegal AppendInt/FormatInt base");
    }
    char a[64 + 1]; // +1 for sign of 64bit value in base 2
    size_t i = sizeof a;
    if (neg) {
        u = 0 - u;
    }
    // ctest: one loop for every base; Go's base-10 and power-of-two fast
    // paths give the same digits.
    uint64_t b = (uint64_t)base;
    while (u >= b) {
        uint64_t q = u / b;
        a[--i] = digits[u - q * b];
        u = q;
    }
    a[--i] = digits[u];
    if (neg) {
        a[--i] = '-';
    }
    return runtime_strndup(a + i, sizeof a - i);
}

char *strconv_FormatUint(uint64_t u, int base) {
    return formatBits(u, base, false);
}

char *strconv_FormatInt(int64_t i, int base) {
    return formatBits((uint64_t)i, base, i < 0);
}

// ---- ParseBool (atob.go) ----

go_error *strconv_ParseBool(const char *s, size_t n, bool *out) {
    static const char *const trues[] = { "1", "t", "T", "true", "TRUE", "True" };
    static const char *const falses[] = { "0", "f", "F", "false", "FALSE", "False" };
    for (size_t i = 0; i < sizeof trues / sizeof trues[0]; i++) {
        if (n == strlen(trues[i]) && memcmp(s, trues[i], n) == 0) {
            *out = true;
            return NULL;
        }
        if (n == strlen(falses[i]) && memcmp(s, falses[i], n) == 0) {
            *out = false;
            return NULL;
        }
    }
    return strconv_NumError("ParseBool", s, n, strconv_errSyntax, NULL);
}
