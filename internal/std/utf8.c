// Ports go1.19.8 src/unicode/utf8/utf8.go: DecodeRune (and DecodeRuneInString,
// the same function in C), ValidRune and EncodeRune.
//
#include "internal/std/std.h"

// The UTF-8 forms: a lead byte says how many continuation bytes follow
// (10xxxxxx each), and its own low bits are the rune's high bits.
enum {
    surrogateMin = 0xD800, // the UTF-16 halves, which are not runes
    surrogateMax = 0xDFFF,
    rune1Max = 0x7F, // the largest rune of each length
    rune2Max = 0x7FF,
    rune3Max = 0xFFFF,
    locb = 0x80, // the range of a continuation byte
    hicb = 0xBF,
};

// lead is what a sequence's first byte says about it (Go's first and
// acceptRanges tables): its length, 0 for a byte that cannot start one, and
// the range the second byte must fall in. The narrower ranges rule out
// overlong forms (after E0 and F0), surrogates (after ED) and runes past
// MaxRune (after F4). C0 and C1 could only start overlong forms.
typedef struct lead {
    unsigned char size, lo, hi;
} lead;

static lead leadOf(unsigned char p0) {
    if (p0 >= 0xC2 && p0 <= 0xDF) {
        return (lead){ 2, locb, hicb };
    }
    if (p0 >= 0xE0 && p0 <= 0xEF) {
        return (lead){ 3, p0 == 0xE0 ? 0xA0 : locb, p0 == 0xED ? 0x9F : hicb };
    }
    if (p0 >= 0xF0 && p0 <= 0xF4) {
        return (lead){ 4, p0 == 0xF0 ? 0x90 : locb, p0 == 0xF4 ? 0x8F : hicb };
    }
    return (lead){ 0, 0, 0 };
}

int32_t utf8_DecodeRune(const char *s, size_t n, size_t *size) {
    if (n == 0) {
        *size = 0;
        return utf8_RuneError;
    }
    const unsigned char *p = (const unsigned char *)s;
    if (p[0] < utf8_RuneSelf) {
        *size = 1;
        return p[0];
    }
    // A byte that cannot lead, a short sequence, or a bad byte anywhere in
    // it is one invalid byte: the caller goes on at the next.
    lead l = leadOf(p[0]);
    if (l.size == 0 || n < l.size || p[1] < l.lo || p[1] > l.hi) {
        *size = 1;
        return utf8_RuneError;
    }
    // The lead byte keeps 7 - size bits of the rune, each continuation 6.
    int32_t r = p[0] & (0x7F >> l.size);
    r = r << 6 | (p[1] & 0x3F);
    for (size_t i = 2; i < l.size; i++) {
        if (p[i] < locb || p[i] > hicb) {
            *size = 1;
            return utf8_RuneError;
        }
        r = r << 6 | (p[i] & 0x3F);
    }
    *size = l.size;
    return r;
}

bool utf8_ValidRune(int32_t r) {
    return (0 <= r && r < surrogateMin) || (surrogateMax < r && r <= utf8_MaxRune);
}

size_t utf8_EncodeRune(char *p, int32_t r) {
    // As a uint32, a negative rune is past MaxRune too.
    uint32_t i = (uint32_t)r;
    if (i <= rune1Max) {
        p[0] = (char)i;
        return 1;
    }
    if (i <= rune2Max) {
        p[0] = (char)(0xC0 | i >> 6);
        p[1] = (char)(0x80 | (i & 0x3F));
        return 2;
    }
    if (!utf8_ValidRune(r)) {
        i = utf8_RuneError; // three bytes, as every rune up to rune3Max
    }
    if (i <= rune3Max) {
        p[0] = (char)(0xE0 | i >> 12);
        p[1] = (char)(0x80 | (i >> 6 & 0x3F));
        p[2] = (char)(0x80 | (i & 0x3F));
        return 3;
    }
    p[0] = (char)(0xF0 | i >> 18);
    p[1] = (char)(0x80 | (i >> 12 & 0x3F));
    p[2] = (char)(0x80 | (i >> 6 & 0x3F));
    p[3] = (char)(0x80 | (i & 0x3F));
    return 4;
}
