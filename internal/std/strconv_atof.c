// Ports go1.19.8 src/strconv/atof.go: ParseFloat, with Go's syntax (special,
// readFloat, underscoreOK), hex floats (atofHex) and Go's errors.
//
// ctest: decimal input, once readFloat has accepted it, is converted by the C
// library's correctly rounded strtod/strtof instead of Go's Eisel-Lemire and
// decimal paths; both round to nearest, ties to even, so the bits agree (our
// tests check 6000 rows against Go). The text handed to strtod holds only
// digits and an exponent, never a radix character, so the locale cannot
// change it.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "internal/std/strconv_internal.h"

static const char fnParseFloat[] = "ParseFloat";

// commonPrefixLenIgnoreCase counts how many leading bytes of s match
// prefix, which is lower case, with s's letters compared case-blind.
static size_t commonPrefixLenIgnoreCase(const char *s, size_t n, const char *prefix) {
    size_t m = strlen(prefix);
    if (m > n) {
        m = n;
    }
    for (size_t i = 0; i < m; i++) {
        unsigned char c = (unsigned char)s[i];
        if ('A' <= c && c <= 'Z') {
            c = (unsigned char)(c + 'a' - 'A');
        }
        if (c != (unsigned char)prefix[i]) {
            return i;
        }
    }
    return m;
}

// special reads a leading "inf", "infinity" (either with a sign) or "nan",
// in any case: the value and how many bytes it took.
static bool special(const char *s, size_t n, double *f, size_t *used) {
    if (n == 0) {
        return false;
    }
    double sign = 1;
    size_t nsign = 0;
    switch (s[0]) {
    case '+':
    case '-':
        if (s[0] == '-') {
            sign = -1;
        }
        nsign = 1;
        s++, n--;
        break;
    case 'n':
    case 'N':
        if (commonPrefixLenIgnoreCase(s, n, "nan") == 3) {
            // Go's math.NaN() is Float64frombits(0x7FF8000000000001), not
            // C's NAN (0x7FF8000000000000); corpus files tell them apart.
            uint64_t bits = 0x7FF8000000000001;
            memcpy(f, &bits, sizeof *f);
            *used = 3;
            return true;
        }
        return false;
    case 'i':
    case 'I':
        break;
    default:
        return false;
    }
    // A sign is followed only by an infinity here, as in Go (no "-nan").
    size_t m = commonPrefixLenIgnoreCase(s, n, "infinity");
    // Anything longer than "inf" but shorter than "infinity" reads as
    // "inf" and leaves the rest.
    if (3 < m && m < 8) {
        m = 3;
    }
    if (m == 3 || m == 8) {
        *f = sign * INFINITY;
        *used = nsign + m;
        return true;
    }
    return false;
}

// floatSyntax is what readFloat found.
typedef struct floatSyntax {
    uint64_t mantissa; // the first maxMantDigits digits
    int exp;           // power of the base (10, or 2 for hex) to scale mantissa by
    bool neg;          // leading '-'
    bool trunc;        // nonzero digits beyond the mantissa were dropped
    bool hex;          // 0x form
    size_t n;          // bytes read
} floatSyntax;

// readExponent reads the exponent whose letter is s[*pos]: a sign, if any,
// and decimal digits, between which underscores may stand (noted in
// *underscores). Past 10000 its exact value no longer matters, so it stops
// growing there (as Go's does). It moves *pos past the exponent and returns
// false for a syntax error.
static bool readExponent(const unsigned char *s, size_t len, size_t *pos, int *exp,
                         bool *underscores) {
    size_t i = *pos + 1;
    if (i >= len) {
        return false;
    }
    int esign = 1;
    if (s[i] == '+') {
        i++;
    } else if (s[i] == '-') {
        i++;
        esign = -1;
    }
    if (i >= len || s[i] < '0' || s[i] > '9') {
        return false;
    }
    int e = 0;
    for (; i < len && (('0' <= s[i] && s[i] <= '9') || s[i] == '_'); i++) {
        if (s[i] == '_') {
            *underscores = true;
            continue;
        }
        if (e < 10000) {
            e = e * 10 + s[i] - '0';
        }
    }
    *exp = e * esign;
    *pos = i;
    return true;
}

// readFloat reads a decimal or hexadecimal number at the start of s, as
// Go's readFloat does: false for a syntax error.
static bool readFloat(const char *str, size_t len, floatSyntax *r) {
    const unsigned char *s = (const unsigned char *)str;
    *r = (floatSyntax){ 0 };
    bool underscores = false;
    size_t i = 0;

    // optional sign
    if (i >= len) {
        return false;
    }
    if (s[i] == '+') {
        i++;
    } else if (s[i] == '-') {
        r->neg = true;
        i++;
    }

    // digits
    uint64_t base = 10;
    int maxMantDigits = 19; // 10^19 fits in uint64
    unsigned char expChar = 'e';
    if (i + 2 < len && s[i] == '0' && strconv_lower(s[i + 1]) == 'x') {
        base = 16;
        maxMantDigits = 16; // 16^16 fits in uint64
        i += 2;
        expChar = 'p';
        r->hex = true;
    }
    bool sawdot = false, sawdigits = false;
    int nd = 0, ndMant = 0, dp = 0;
    for (; i < len; i++) {
        unsigned char c = s[i];
        if (c == '_') {
            underscores = true;
            continue;
        } else if (c == '.') {
            if (sawdot) {
                break;
            }
            sawdot = true;
            dp = nd;
            continue;
        } else if ('0' <= c && c <= '9') {
            sawdigits = true;
            if (c == '0' && nd == 0) { // ignore leading zeros
                dp--;
                continue;
            }
            nd++;
            if (ndMant < maxMantDigits) {
                r->mantissa = r->mantissa * base + (uint64_t)(c - '0');
                ndMant++;
            } else if (c != '0') {
                r->trunc = true;
            }
            continue;
        } else if (base == 16 && 'a' <= strconv_lower(c) && strconv_lower(c) <= 'f') {
            sawdigits = true;
            nd++;
            if (ndMant < maxMantDigits) {
                r->mantissa = r->mantissa * 16 + (uint64_t)(strconv_lower(c) - 'a' + 10);
                ndMant++;
            } else {
                r->trunc = true;
            }
            continue;
        }
        break;
    }
    if (!sawdigits) {
        return false;
    }
    if (!sawdot) {
        dp = nd;
    }
    if (base == 16) {
        dp *= 4;
        ndMant *= 4;
    }

    // An exponent moves the point.
    if (i < len && strconv_lower(s[i]) == expChar) {
        int e;
        if (!readExponent(s, len, &i, &e, &underscores)) {
            return false;
        }
        dp += e;
    } else if (base == 16) {
        // A hex float needs its p exponent.
        return false;
    }

    if (r->mantissa != 0) {
        r->exp = dp - ndMant;
    }
    if (underscores && !strconv_underscoreOK(str, i)) {
        return false;
    }
    r->n = i;
    return true;
}

typedef struct floatInfo {
    unsigned mantbits;
    unsigned expbits;
    int bias;
} floatInfo;

static const floatInfo float32info = { 23, 8, -127 };
static const floatInfo float64info = { 52, 11, -1023 };

// atofHex rounds mantissa * 2^exp (trunc: plus a little) to the float of
// flt, to nearest even; false when it overflows (*f is then ±Inf).
static bool atofHex(const floatInfo *flt, uint64_t mantissa, int exp, bool neg, bool trunc,
                    double *f) {
    int maxExp = (1 << flt->expbits) + flt->bias - 2;
    int minExp = flt->bias + 1;
    exp += (int)flt->mantbits; // mantissa now implicitly divided by 2^mantbits.

    // Normalize to a leading 1 bit, mantbits bits, and two more for
    // rounding, the lowest of them sticky (any lost nonzero bit sets it).
    while (mantissa != 0 && mantissa >> (flt->mantbits + 2) == 0) {
        mantissa <<= 1;
        exp--;
    }
    if (trunc) {
        mantissa |= 1;
    }
    while (mantissa >> (1 + flt->mantbits + 2) != 0) {
        mantissa = mantissa >> 1 | (mantissa & 1);
        exp++;
    }
    // Below the smallest exponent: denormalize, keeping the sticky bit.
    while (mantissa > 1 && exp < minExp - 2) {
        mantissa = mantissa >> 1 | (mantissa & 1);
        exp++;
    }
    // Round to nearest even, from the two extra bits (the low one sticky).
    uint64_t round = mantissa & 3;
    mantissa >>= 2;
    round |= mantissa & 1; // round to even (round up if mantissa is odd)
    exp += 2;
    if (round == 3) {
        mantissa++;
        if (mantissa == (uint64_t)1 << (1 + flt->mantbits)) {
            mantissa >>= 1;
            exp++;
        }
    }
    if (mantissa >> flt->mantbits == 0) { // denormal or zero
        exp = flt->bias;
    }
    bool ok = true;
    if (exp > maxExp) { // infinity and range error
        mantissa = (uint64_t)1 << flt->mantbits;
        exp = maxExp + 1;
        ok = false;
    }
    uint64_t bits = mantissa & (((uint64_t)1 << flt->mantbits) - 1);
    bits |= (uint64_t)((exp - flt->bias) & ((1 << flt->expbits) - 1)) << flt->mantbits;
    if (neg) {
        bits |= (uint64_t)1 << flt->mantbits << flt->expbits;
    }
    if (flt == &float32info) {
        uint32_t b32 = (uint32_t)bits;
        float f32;
        memcpy(&f32, &b32, sizeof f32);
        *f = f32;
    } else {
        memcpy(f, &bits, sizeof *f);
    }
    return ok;
}

// atofDecimal converts the decimal number s[:n], already accepted by
// readFloat, with strtod (strtof for bitSize 32): false when it overflows
// (*f is then ±Inf). Underflow to zero or a denormal is no error in Go.
static bool atofDecimal(const char *s, size_t n, int bitSize, double *f) {
    // Rewrite s as [-]DIGITSeEXP: no underscores, no point. The exponent is
    // the one readFloat saw, stopped at 10000 as Go's is.
    char *clean = runtime_malloc(n + 32);
    size_t w = 0, i = 0;
    long long frac = 0; // digits after the point
    bool sawdot = false;
    if (s[i] == '+' || s[i] == '-') {
        clean[w++] = s[i++];
    }
    for (; i < n; i++) {
        char c = s[i];
        if (c == '_') {
            continue;
        }
        if (c == '.') {
            sawdot = true;
            continue;
        }
        if (c < '0' || c > '9') {
            break;
        }
        clean[w++] = c;
        if (sawdot) {
            frac++;
        }
    }
    long long e = 0;
    if (i < n) { // 'e' or 'E'
        i++;
        int esign = 1;
        if (s[i] == '+') {
            i++;
        } else if (s[i] == '-') {
            esign = -1;
            i++;
        }
        int ev = 0;
        for (; i < n; i++) {
            if (s[i] != '_' && ev < 10000) {
                ev = ev * 10 + s[i] - '0';
            }
        }
        e = (long long)ev * esign;
    }
    snprintf(clean + w, 32, "e%lld", e - frac);

    bool ok = true;
    if (bitSize == 32) {
        float f32 = strtof(clean, NULL);
        ok = !isinf(f32);
        *f = f32;
    } else {
        *f = strtod(clean, NULL);
        ok = !isinf(*f);
    }
    free(clean);
    return ok;
}

go_error *strconv_ParseFloat(const char *s, size_t n, int bitSize, double *out) {
    double f;
    size_t used;
    if (special(s, n, &f, &used)) {
        if (used != n) {
            return strconv_NumError(fnParseFloat, s, n, strconv_errSyntax, NULL);
        }
        *out = f;
        return NULL;
    }
    floatSyntax r;
    if (!readFloat(s, n, &r) || r.n != n) {
        return strconv_NumError(fnParseFloat, s, n, strconv_errSyntax, NULL);
    }
    // Go treats any bitSize other than 32 as 64 (Go issue 42297).
    bool ok;
    if (r.hex) {
        ok = atofHex(bitSize == 32 ? &float32info : &float64info, r.mantissa, r.exp, r.neg, r.trunc,
                     &f);
    } else {
        ok = atofDecimal(s, n, bitSize, &f);
    }
    // A range error comes with ±Inf, as in Go (see std.h).
    if (!ok) {
        *out = f;
        return strconv_NumError(fnParseFloat, s, n, strconv_errRange, NULL);
    }
    *out = f;
    return NULL;
}
