// Tests for utf8.c and unicode.c: go1.19.8 src/unicode/utf8/utf8_test.go
// (the DecodeRune, EncodeRune and ValidRune tests, Go's tables) and
// src/unicode/letter_test.go's TestIsSpace, with ctest's own cases after.
//
// Not ported: FullRune, AppendRune, DecodeLastRune, RuneCount, RuneLen,
// Valid and the sequencing tests, for functions C has no copy of.
#include <string.h>

#include "internal/std/std.h"
#include "testing/testing.h"

// utf8map is Go's: runes and their encodings. Only U+0000's encoding holds
// a NUL, so every other length is strlen's.
static const struct {
    int32_t r;
    const char *str;
} utf8map[] = {
    { 0x0000, "\x00" },
    { 0x0001, "\x01" },
    { 0x007e, "\x7e" },
    { 0x007f, "\x7f" },
    { 0x0080, "\xc2\x80" },
    { 0x0081, "\xc2\x81" },
    { 0x00bf, "\xc2\xbf" },
    { 0x00c0, "\xc3\x80" },
    { 0x00c1, "\xc3\x81" },
    { 0x00c8, "\xc3\x88" },
    { 0x00d0, "\xc3\x90" },
    { 0x00e0, "\xc3\xa0" },
    { 0x00f0, "\xc3\xb0" },
    { 0x00f8, "\xc3\xb8" },
    { 0x00ff, "\xc3\xbf" },
    { 0x0100, "\xc4\x80" },
    { 0x07ff, "\xdf\xbf" },
    { 0x0400, "\xd0\x80" },
    { 0x0800, "\xe0\xa0\x80" },
    { 0x0801, "\xe0\xa0\x81" },
    { 0x1000, "\xe1\x80\x80" },
    { 0xd000, "\xed\x80\x80" },
    { 0xd7ff, "\xed\x9f\xbf" }, // just below the surrogates
    { 0xe000, "\xee\x80\x80" }, // just above them
    { 0xfffe, "\xef\xbf\xbe" },
    { 0xffff, "\xef\xbf\xbf" },
    { 0x10000, "\xf0\x90\x80\x80" },
    { 0x10001, "\xf0\x90\x80\x81" },
    { 0x40000, "\xf1\x80\x80\x80" },
    { 0x10fffe, "\xf4\x8f\xbf\xbe" },
    { 0x10ffff, "\xf4\x8f\xbf\xbf" },
    { 0xFFFD, "\xef\xbf\xbd" },
};

static size_t mapLen(size_t i) {
    return utf8map[i].r == 0 ? 1 : strlen(utf8map[i].str);
}

// hex formats the n bytes at p as Go's %q would show invalid ones, for the
// messages: each byte as \xNN. The buffer holds up to 8 bytes.
static const char *hex(char buf[33], const char *p, size_t n) {
    static const char digits[] = "0123456789abcdef";
    size_t w = 0;
    for (size_t i = 0; i < n && i < 8; i++) {
        unsigned char c = (unsigned char)p[i];
        buf[w++] = '\\';
        buf[w++] = 'x';
        buf[w++] = digits[c >> 4];
        buf[w++] = digits[c & 0xF];
    }
    buf[w] = '\0';
    return buf;
}

void TestEncodeRune(T *t) {
    for (size_t i = 0; i < sizeof utf8map / sizeof utf8map[0]; i++) {
        char buf[10];
        size_t n = utf8_EncodeRune(buf, utf8map[i].r);
        if (n != mapLen(i) || memcmp(buf, utf8map[i].str, n) != 0) {
            char got[33], want[33];
            t_errorf(t, "EncodeRune(%#04x) = \"%s\" want \"%s\"", (unsigned)utf8map[i].r,
                     hex(got, buf, n), hex(want, utf8map[i].str, mapLen(i)));
        }
    }
}

// check reports a DecodeRune of the n bytes at b that did not give want.
static void check(T *t, const char *b, size_t n, int32_t wantR, size_t wantSize) {
    size_t size;
    int32_t r = utf8_DecodeRune(b, n, &size);
    if (r != wantR || size != wantSize) {
        char q[33];
        t_errorf(t, "DecodeRune(\"%s\") = %#04x, %zu want %#04x, %zu", hex(q, b, n), (unsigned)r,
                 size, (unsigned)wantR, wantSize);
    }
}

void TestDecodeRune(T *t) {
    for (size_t i = 0; i < sizeof utf8map / sizeof utf8map[0]; i++) {
        char b[8];
        size_t n = mapLen(i);
        memcpy(b, utf8map[i].str, n);
        check(t, b, n, utf8map[i].r, n);

        // A byte after the rune is left alone.
        b[n] = '\0';
        check(t, b, n + 1, utf8map[i].r, n);

        // Cut short, the rune fails (a one-byte one leaves nothing).
        check(t, b, n - 1, utf8_RuneError, n > 1 ? 1 : 0);

        // A bad last byte fails.
        if (n == 1) {
            b[0] = (char)0x80;
        } else {
            b[n - 1] = 0x7F;
        }
        check(t, b, n, utf8_RuneError, 1);
    }
}

void TestDecodeSurrogateRune(T *t) {
    // surrogateMap's encodings: U+D800 and U+DFFF decode to (RuneError, 1).
    check(t, "\xed\xa0\x80", 3, utf8_RuneError, 1);
    check(t, "\xed\xbf\xbf", 3, utf8_RuneError, 1);
}

void TestDecodeInvalidSequence(T *t) {
    // Grouped by the class utf8.go's first table gives the lead byte: xx
    // never leads, s1 to s7 each allow their own range of second bytes.
    static const char *const invalidSequenceTests[] = {
        "\xed\xa0\x80\x80", // U+D800
        "\xed\xbf\xbf\x80", // U+DFFF

        // xx
        "\x91\x80\x80\x80",

        // s1
        "\xC2\x7F\x80\x80",
        "\xC2\xC0\x80\x80",
        "\xDF\x7F\x80\x80",
        "\xDF\xC0\x80\x80",

        // s2
        "\xE0\x9F\xBF\x80",
        "\xE0\xA0\x7F\x80",
        "\xE0\xBF\xC0\x80",
        "\xE0\xC0\x80\x80",

        // s3
        "\xE1\x7F\xBF\x80",
        "\xE1\x80\x7F\x80",
        "\xE1\xBF\xC0\x80",
        "\xE1\xC0\x80\x80",

        // s4
        "\xED\x7F\xBF\x80",
        "\xED\x80\x7F\x80",
        "\xED\x9F\xC0\x80",
        "\xED\xA0\x80\x80",

        // s5
        "\xF0\x8F\xBF\xBF",
        "\xF0\x90\x7F\xBF",
        "\xF0\x90\x80\x7F",
        "\xF0\xBF\xBF\xC0",
        "\xF0\xBF\xC0\x80",
        "\xF0\xC0\x80\x80",

        // s6
        "\xF1\x7F\xBF\xBF",
        "\xF1\x80\x7F\xBF",
        "\xF1\x80\x80\x7F",
        "\xF1\xBF\xBF\xC0",
        "\xF1\xBF\xC0\x80",
        "\xF1\xC0\x80\x80",

        // s7
        "\xF4\x7F\xBF\xBF",
        "\xF4\x80\x7F\xBF",
        "\xF4\x80\x80\x7F",
        "\xF4\x8F\xBF\xC0",
        "\xF4\x8F\xC0\x80",
        "\xF4\x90\x80\x80",
    };
    for (size_t i = 0; i < sizeof invalidSequenceTests / sizeof invalidSequenceTests[0]; i++) {
        const char *s = invalidSequenceTests[i];
        size_t size;
        int32_t r = utf8_DecodeRune(s, strlen(s), &size);
        if (r != utf8_RuneError) {
            char q[33];
            t_errorf(t, "DecodeRune(\"%s\") = %#04x, want %#04x", hex(q, s, strlen(s)), (unsigned)r,
                     (unsigned)utf8_RuneError);
            return;
        }
    }
}

void TestNegativeRune(T *t) {
    char errorbuf[utf8_UTFMax], buf[utf8_UTFMax];
    size_t n = utf8_EncodeRune(errorbuf, utf8_RuneError);
    size_t m = utf8_EncodeRune(buf, -1);
    if (m != n || memcmp(buf, errorbuf, n) != 0) {
        char got[33], want[33];
        t_errorf(t, "incorrect encoding [%s] for -1; expected [%s]", hex(got, buf, m),
                 hex(want, errorbuf, n));
    }
}

void TestValidRune(T *t) {
    static const struct {
        int32_t r;
        bool ok;
    } validrunetests[] = {
        { 0, true },
        { 'e', true },
        { 0xE9, true },   // 'é'
        { 0x263A, true }, // '☺'
        { utf8_RuneError, true },
        { utf8_MaxRune, true },
        { 0xD7FF, true },
        { 0xD800, false },
        { 0xDFFF, false },
        { 0xE000, true },
        { utf8_MaxRune + 1, false },
        { -1, false },
    };
    for (size_t i = 0; i < sizeof validrunetests / sizeof validrunetests[0]; i++) {
        bool ok = utf8_ValidRune(validrunetests[i].r);
        if (ok != validrunetests[i].ok) {
            t_errorf(t, "ValidRune(%#x) = %s, want %s", (unsigned)validrunetests[i].r,
                     ok ? "true" : "false", validrunetests[i].ok ? "true" : "false");
        }
    }
}

// ctest: each kind of invalid input, named, with the size Go gives it:
// nothing to decode, or one byte to skip.
void TestDecodeRuneInvalid(T *t) {
    static const struct {
        const char *name;
        const char *in;
        size_t size;
    } tests[] = {
        { "empty", "", 0 },
        { "continuation byte", "\x80", 1 },
        { "overlong NUL, two bytes", "\xC0\x80", 1 },
        { "overlong U+007F, two bytes", "\xC1\xBF", 1 },
        { "overlong U+07FF, three bytes", "\xE0\x9F\xBF", 1 },
        { "overlong U+FFFF, four bytes", "\xF0\x8F\xBF\xBF", 1 },
        { "surrogate U+D800", "\xED\xA0\x80", 1 },
        { "surrogate U+DFFF", "\xED\xBF\xBF", 1 },
        { "U+110000", "\xF4\x90\x80\x80", 1 },
        { "lead byte F5", "\xF5\x80\x80\x80", 1 },
        { "lead byte FF", "\xFF", 1 },
        { "truncated two-byte", "\xC3", 1 },
        { "truncated three-byte", "\xE2\x82", 1 },
        { "truncated four-byte", "\xF0\x9F\x98", 1 },
        { "ASCII where a continuation belongs", "\xE2\x28\xA1", 1 },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        size_t size;
        int32_t r = utf8_DecodeRune(tests[i].in, strlen(tests[i].in), &size);
        if (r != utf8_RuneError || size != tests[i].size) {
            t_errorf(t, "%s: DecodeRune = %#04x, %zu, want %#04x, %zu", tests[i].name, (unsigned)r,
                     size, (unsigned)utf8_RuneError, tests[i].size);
        }
    }
}

void TestIsSpace(T *t) {
    // letter_test.go's spaceTest and letterTest.
    static const int32_t spaceTest[] = { 0x09, 0x0a, 0x0b, 0x0c,   0x0d,
                                         0x20, 0x85, 0xA0, 0x2000, 0x3000 };
    static const int32_t letterTest[] = {
        0x41,   0x61,   0xaa,    0xba,    0xc8,    0xdb,    0xf9,    0x2ec,
        0x535,  0x620,  0x6e6,   0x93d,   0xa15,   0xb99,   0xdc0,   0xedd,
        0x1000, 0x1200, 0x1312,  0x1401,  0x2c00,  0xa800,  0xf900,  0xfa30,
        0xffda, 0xffdc, 0x10000, 0x10300, 0x10400, 0x20000, 0x2f800, 0x2fa1d,
    };
    for (size_t i = 0; i < sizeof spaceTest / sizeof spaceTest[0]; i++) {
        if (!unicode_IsSpace(spaceTest[i])) {
            t_errorf(t, "IsSpace(U+%04X) = false; want true", (unsigned)spaceTest[i]);
        }
    }
    for (size_t i = 0; i < sizeof letterTest / sizeof letterTest[0]; i++) {
        if (unicode_IsSpace(letterTest[i])) {
            t_errorf(t, "IsSpace(U+%04X) = true; want false", (unsigned)letterTest[i]);
        }
    }
    // ctest: past the tables, and below them as a uint32 would wrap.
    static const int32_t notSpace[] = { -1, -0x7FFFFFFF - 1, 0x3001, utf8_MaxRune, 0x10000 };
    for (size_t i = 0; i < sizeof notSpace / sizeof notSpace[0]; i++) {
        if (unicode_IsSpace(notSpace[i])) {
            t_errorf(t, "IsSpace(%d) = true; want false", (int)notSpace[i]);
        }
    }
}
