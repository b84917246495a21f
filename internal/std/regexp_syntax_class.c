// Ports go1.19.8 src/regexp/syntax/parse.go's character classes: parseEscape,
// parseClassChar, parsePerlClassEscape, parseNamedClass, parseUnicodeClass,
// parseClass and the rune ranges they build; with perl_groups.go's tables.
// A class is written in PCRE2's syntax as it is parsed (regexp_syntax.c
// says why).
#include <stdlib.h>
#include <string.h>

#include "internal/std/regexp_syntax.h"
#include "internal/std/std.h"

// ---- rune ranges: Go's []rune classes of lo, hi pairs ----

typedef struct ranges {
    int32_t *r; // lo, hi pairs
    size_t len, cap;
} ranges;

static void ranges_add(ranges *c, int32_t lo, int32_t hi) {
    if (c->len + 2 > c->cap) {
        c->cap = c->cap ? c->cap * 2 : 16;
        c->r = runtime_realloc(c->r, c->cap * sizeof(int32_t));
    }
    c->r[c->len++] = lo;
    c->r[c->len++] = hi;
}

static int cmpRange(const void *a, const void *b) {
    const int32_t *x = a, *y = b;
    if (x[0] != y[0]) {
        return x[0] < y[0] ? -1 : 1;
    }
    return x[1] > y[1] ? -1 : x[1] < y[1];
}

// ranges_clean is cleanClass: sort, merge abutting and overlapping ranges.
static void ranges_clean(ranges *c) {
    if (c->len < 4) {
        return;
    }
    qsort(c->r, c->len / 2, 2 * sizeof(int32_t), cmpRange);
    size_t w = 2;
    for (size_t i = 2; i < c->len; i += 2) {
        int32_t lo = c->r[i], hi = c->r[i + 1];
        if (lo <= c->r[w - 1] + 1) {
            if (hi > c->r[w - 1]) {
                c->r[w - 1] = hi;
            }
            continue;
        }
        c->r[w] = lo;
        c->r[w + 1] = hi;
        w += 2;
    }
    c->len = w;
}

// ranges_negate is negateClass of a clean class, over 0..MaxRune.
static ranges ranges_negate(const ranges *c) {
    ranges out = { 0 };
    int32_t next = 0;
    for (size_t i = 0; i < c->len; i += 2) {
        if (c->r[i] > next) {
            ranges_add(&out, next, c->r[i] - 1);
        }
        next = c->r[i + 1] + 1;
    }
    if (next <= 0x10FFFF) {
        ranges_add(&out, next, 0x10FFFF);
    }
    return out;
}

// foldASCII adds the simple case folds of the ASCII letters in c: the other
// case, plus K's U+212A KELVIN SIGN and S's U+017F LONG S (the only
// non-ASCII runes in an ASCII letter's fold orbit). The Perl and POSIX
// groups are ASCII, so this is appendFoldedClass for them.
static void foldASCII(ranges *c) {
    size_t n = c->len;
    for (size_t i = 0; i < n; i += 2) {
        for (int32_t r = c->r[i]; r <= c->r[i + 1] && r < 0x80; r++) {
            if ('a' <= r && r <= 'z') {
                ranges_add(c, r - 'a' + 'A', r - 'a' + 'A');
            } else if ('A' <= r && r <= 'Z') {
                ranges_add(c, r - 'A' + 'a', r - 'A' + 'a');
            } else {
                continue;
            }
            if (r == 'k' || r == 'K') {
                ranges_add(c, 0x212A, 0x212A);
            }
            if (r == 's' || r == 'S') {
                ranges_add(c, 0x17F, 0x17F);
            }
        }
    }
    ranges_clean(c);
}

// ---- escapes and classes ----

// startsOctal reports whether t starts with an octal digit.
static bool startsOctal(str t) {
    return t.len > 0 && '0' <= t.ptr[0] && t.ptr[0] <= '7';
}

// parseOctal reads an octal escape whose first digit c is already read:
// up to two more digits from *t, which it moves past them.
static int32_t parseOctal(int32_t c, str *t) {
    int32_t v = c - '0';
    for (int i = 1; i < 3; i++) {
        if (!startsOctal(*t)) {
            break;
        }
        v = v * 8 + (t->ptr[0] - '0');
        *t = str_from(*t, 1);
    }
    return v;
}

// parseHexBraces reads the rest of \x{...} after its brace from *t: any
// number of hex digits, at least one, up to 0x10FFFF, and the closing brace.
// *v is the rune, or -1 when the escape is invalid; *t is moved past what
// was read either way.
static go_error *parseHexBraces(str *t, int32_t *v) {
    *v = -1;
    int nhex = 0;
    int32_t x = 0;
    for (;;) {
        if (t->len == 0) {
            return NULL;
        }
        int32_t c;
        go_error *err = regexp_nextRune(*t, &c, t);
        if (err != NULL) {
            return err;
        }
        if (c == '}') {
            break;
        }
        int32_t d = strconv_unhexDigit(c);
        if (d < 0) {
            return NULL;
        }
        x = x * 16 + d;
        if (x > 0x10FFFF) {
            return NULL;
        }
        nhex++;
    }
    if (nhex > 0) {
        *v = x;
    }
    return NULL;
}

// parseHexEscape reads what follows \x from *t: two hex digits, or the
// braced form. *v is the rune, or -1 when the escape is invalid; *t is
// moved past what was read either way.
static go_error *parseHexEscape(str *t, int32_t *v) {
    *v = -1;
    if (t->len == 0) {
        return NULL;
    }
    int32_t c;
    go_error *err = regexp_nextRune(*t, &c, t);
    if (err != NULL) {
        return err;
    }
    if (c == '{') {
        return parseHexBraces(t, v);
    }
    int32_t x = strconv_unhexDigit(c);
    if ((err = regexp_nextRune(*t, &c, t)) != NULL) {
        return err;
    }
    int32_t y = strconv_unhexDigit(c);
    if (x >= 0 && y >= 0) {
        *v = x * 16 + y;
    }
    return NULL;
}

// plainEscape is the rune that the one-character escape \c stands for:
// C's control escapes (but no \b, which is the word boundary) and escaped
// ASCII punctuation, which is itself (\_ included); -1 for any other c.
static int32_t plainEscape(int32_t c) {
    switch (c) {
    case 'a':
        return '\a';
    case 'f':
        return '\f';
    case 'n':
        return '\n';
    case 'r':
        return '\r';
    case 't':
        return '\t';
    case 'v':
        return '\v';
    default:
        if (c < 0x80 && !isalnum_(c)) {
            return c;
        }
        return -1;
    }
}

// regexp_parseEscape parses an escape sequence at the start of s (which
// begins with '\').
go_error *regexp_parseEscape(str s, int32_t *r, str *rest) {
    str t = str_from(s, 1);
    if (t.len == 0) {
        return regexp_syntaxError(ErrTrailingBackslash, (str){ "", 0 });
    }
    int32_t c;
    go_error *err = regexp_nextRune(t, &c, &t);
    if (err != NULL) {
        return err;
    }
    int32_t v = -1;
    if (c == '0' || ('1' <= c && c <= '7' && startsOctal(t))) {
        // Octal; a single non-zero digit would be a backreference, which is
        // not supported.
        v = parseOctal(c, &t);
    } else if (c == 'x') {
        if ((err = parseHexEscape(&t, &v)) != NULL) {
            return err;
        }
    } else {
        v = plainEscape(c);
    }
    if (v < 0) {
        return regexp_syntaxError(ErrInvalidEscape, (str){ s.ptr, (size_t)(t.ptr - s.ptr) });
    }
    *r = v;
    *rest = t;
    return NULL;
}

static go_error *parseClassChar(str s, str wholeClass, int32_t *r, str *rest) {
    if (s.len == 0) {
        return regexp_syntaxError(ErrMissingBracket, wholeClass);
    }
    if (s.ptr[0] == '\\') {
        return regexp_parseEscape(s, r, rest);
    }
    return regexp_nextRune(s, r, rest);
}

// charGroup is a Perl or POSIX class: a sign and its ranges.
typedef struct charGroup {
    const char *name;
    int sign;
    const int32_t *class;
    size_t len;
} charGroup;

static const int32_t code1[] = { 0x30, 0x39 };                                      // \d
static const int32_t code2[] = { 0x9, 0xa, 0xc, 0xd, 0x20, 0x20 };                  // \s
static const int32_t code3[] = { 0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a };  // \w
static const int32_t code4[] = { 0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a };              // alnum
static const int32_t code5[] = { 0x41, 0x5a, 0x61, 0x7a };                          // alpha
static const int32_t code6[] = { 0x0, 0x7f };                                       // ascii
static const int32_t code7[] = { 0x9, 0x9, 0x20, 0x20 };                            // blank
static const int32_t code8[] = { 0x0, 0x1f, 0x7f, 0x7f };                           // cntrl
static const int32_t code9[] = { 0x30, 0x39 };                                      // digit
static const int32_t code10[] = { 0x21, 0x7e };                                     // graph
static const int32_t code11[] = { 0x61, 0x7a };                                     // lower
static const int32_t code12[] = { 0x20, 0x7e };                                     // print
static const int32_t code13[] = { 0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e }; // punct
static const int32_t code14[] = { 0x9, 0xd, 0x20, 0x20 };                           // space
static const int32_t code15[] = { 0x41, 0x5a };                                     // upper
static const int32_t code16[] = { 0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a }; // word
static const int32_t code17[] = { 0x30, 0x39, 0x41, 0x46, 0x61, 0x66 };             // xdigit

#define GROUP(name, sign, code)                                                                    \
    { name, sign, code, sizeof(code) / sizeof(code[0]) }
// perlGroup and posixGroup are perl_groups.go's tables.
static const charGroup perlGroup[] = {
    GROUP("\\d", +1, code1), GROUP("\\D", -1, code1), GROUP("\\s", +1, code2),
    GROUP("\\S", -1, code2), GROUP("\\w", +1, code3), GROUP("\\W", -1, code3),
};
static const charGroup posixGroup[] = {
    GROUP("[:alnum:]", +1, code4),   GROUP("[:^alnum:]", -1, code4),
    GROUP("[:alpha:]", +1, code5),   GROUP("[:^alpha:]", -1, code5),
    GROUP("[:ascii:]", +1, code6),   GROUP("[:^ascii:]", -1, code6),
    GROUP("[:blank:]", +1, code7),   GROUP("[:^blank:]", -1, code7),
    GROUP("[:cntrl:]", +1, code8),   GROUP("[:^cntrl:]", -1, code8),
    GROUP("[:digit:]", +1, code9),   GROUP("[:^digit:]", -1, code9),
    GROUP("[:graph:]", +1, code10),  GROUP("[:^graph:]", -1, code10),
    GROUP("[:lower:]", +1, code11),  GROUP("[:^lower:]", -1, code11),
    GROUP("[:print:]", +1, code12),  GROUP("[:^print:]", -1, code12),
    GROUP("[:punct:]", +1, code13),  GROUP("[:^punct:]", -1, code13),
    GROUP("[:space:]", +1, code14),  GROUP("[:^space:]", -1, code14),
    GROUP("[:upper:]", +1, code15),  GROUP("[:^upper:]", -1, code15),
    GROUP("[:word:]", +1, code16),   GROUP("[:^word:]", -1, code16),
    GROUP("[:xdigit:]", +1, code17), GROUP("[:^xdigit:]", -1, code17),
};
#undef GROUP

static const charGroup *lookupGroup(const charGroup *tab, size_t n, str name) {
    for (size_t i = 0; i < n; i++) {
        if (strlen(tab[i].name) == name.len && memcmp(tab[i].name, name.ptr, name.len) == 0) {
            return &tab[i];
        }
    }
    return NULL;
}

// appendGroup writes g's ranges (folded under (?i), then negated if g is)
// into the class being built in b.
static void appendGroup(parser *p, strings_Builder *b, const charGroup *g) {
    ranges c = { 0 };
    for (size_t i = 0; i < g->len; i += 2) {
        ranges_add(&c, g->class[i], g -> class[i + 1]);
    }
    if (p->flags & FoldCase) {
        foldASCII(&c);
    }
    if (g->sign < 0) {
        ranges neg = ranges_negate(&c);
        free(c.r);
        c = neg;
    }
    regexp_buffer_ranges(b, c.r, c.len);
    p->classRunes += (int)c.len;
    free(c.r);
}

// regexp_parsePerlClassEscape parses \d, \D, \s, \S, \w, \W at the start
// of s.
bool regexp_parsePerlClassEscape(parser *p, str s, strings_Builder *b, str *rest) {
    if (!(p->flags & PerlX) || s.len < 2 || s.ptr[0] != '\\') {
        return false;
    }
    const charGroup *g =
            lookupGroup(perlGroup, sizeof perlGroup / sizeof perlGroup[0], (str){ s.ptr, 2 });
    if (g == NULL) {
        return false;
    }
    appendGroup(p, b, g);
    *rest = str_from(s, 2);
    return true;
}

// parseNamedClass parses a POSIX class like [:alnum:] at the start of s.
static go_error *parseNamedClass(parser *p, str s, strings_Builder *b, bool *found, str *rest) {
    *found = false;
    if (s.len < 2 || s.ptr[0] != '[' || s.ptr[1] != ':') {
        return NULL;
    }
    size_t i = 2;
    for (; i + 1 < s.len; i++) {
        if (s.ptr[i] == ':' && s.ptr[i + 1] == ']') {
            break;
        }
    }
    if (i + 1 >= s.len) {
        return NULL;
    }
    str name = { s.ptr, i + 2 };
    const charGroup *g = lookupGroup(posixGroup, sizeof posixGroup / sizeof posixGroup[0], name);
    if (g == NULL) {
        return regexp_syntaxError(ErrInvalidCharRange, name);
    }
    appendGroup(p, b, g);
    *found = true;
    *rest = str_from(s, i + 2);
    return NULL;
}

// unicodeTable is parse.go's unicodeTable: whether name is a class and how
// many runes Go holds for it (0: no such class).
static int unicodeTable(str name) {
    if (name.len == 3 && memcmp(name.ptr, "Any", 3) == 0) {
        return 2;
    }
    for (size_t i = 0; i < regexp_unicodeNamesLen; i++) {
        if (strlen(regexp_unicodeNames[i].name) == name.len &&
            memcmp(regexp_unicodeNames[i].name, name.ptr, name.len) == 0) {
            return regexp_unicodeNames[i].nrunes;
        }
    }
    return 0;
}

// regexp_parseUnicodeClass parses \pN, \p{Name}, \PN, \P{^Name} at the
// start of s, writing PCRE2's \p{Name} or \P{Name} into b.
go_error *regexp_parseUnicodeClass(parser *p, str s, strings_Builder *b, bool *found, str *rest) {
    *found = false;
    if (!(p->flags & UnicodeGroups) || s.len < 2 || s.ptr[0] != '\\' ||
        (s.ptr[1] != 'p' && s.ptr[1] != 'P')) {
        return NULL;
    }
    // Committed to parse or return an error.
    int sign = s.ptr[1] == 'P' ? -1 : +1;
    str t = str_from(s, 2);
    int32_t c;
    go_error *err = regexp_nextRune(t, &c, &t);
    if (err != NULL) {
        return err;
    }
    str seq, name;
    if (c != '{') {
        seq = (str){ s.ptr, (size_t)(t.ptr - s.ptr) };
        name = str_from(seq, 2);
    } else {
        const char *close = memchr(s.ptr, '}', s.len);
        if (close == NULL) {
            err = regexp_checkUTF8(s);
            return err != NULL ? err : regexp_syntaxError(ErrInvalidCharRange, s);
        }
        size_t end = (size_t)(close - s.ptr);
        seq = (str){ s.ptr, end + 1 };
        t = str_from(s, end + 1);
        name = (str){ s.ptr + 3, end - 3 };
        if ((err = regexp_checkUTF8(name)) != NULL) {
            return err;
        }
    }
    // \p{^Han} is \P{Han}.
    if (name.len > 0 && name.ptr[0] == '^') {
        sign = -sign;
        name = str_from(name, 1);
    }
    int nrunes = unicodeTable(name);
    if (nrunes == 0) {
        return regexp_syntaxError(ErrInvalidCharRange, seq);
    }
    p->classRunes += nrunes; // ctest: \P{name}'s count is taken as \p{name}'s
    strings_Builder_WriteString(b, sign > 0 ? "\\p{" : "\\P{");
    if ((p->flags & FoldCase) && name.len == 2 && name.ptr[0] == 'L' &&
        (name.ptr[1] == 'u' || name.ptr[1] == 'l' || name.ptr[1] == 't')) {
        // Go adds the case folds of the class's runes under (?i); PCRE2 does
        // not fold \p. The cased letters Lu, Ll, Lt fold into one another,
        // so L& (any of them) stands for each. ctest: it also holds the few
        // cased letters with no other case, which Go's would not.
        name = (str){ "L&", 2 };
    }
    strings_Builder_Write(b, name.ptr, name.len);
    strings_Builder_WriteString(b, "}");
    *found = true;
    *rest = t;
    return NULL;
}

// regexp_parseClass parses a [...] class at the start of s and pushes it.
go_error *regexp_parseClass(parser *p, str s, str *rest) {
    str t = str_from(s, 1); // chop [
    bool negated = false;
    if (t.len > 0 && t.ptr[0] == '^') {
        negated = true; // Perl's ClassNL: [^a] matches \n, in PCRE2 too
        t = str_from(t, 1);
    }
    strings_Builder b = { 0 };
    regexp_classOpen(&b, p->flags, negated);
    size_t start = 0;
    go_error *err = NULL;
    bool first = true; // ] and - are fine first in a class
    while (t.len == 0 || t.ptr[0] != ']' || first) {
        first = false;
        bool found;

        // POSIX [:alnum:] etc.
        if (t.len > 2 && t.ptr[0] == '[' && t.ptr[1] == ':') {
            if ((err = parseNamedClass(p, t, &b, &found, &t)) != NULL) {
                goto fail;
            }
            if (found) {
                continue;
            }
        }
        // Unicode \p{Han}.
        if ((err = regexp_parseUnicodeClass(p, t, &b, &found, &t)) != NULL) {
            goto fail;
        }
        if (found) {
            continue;
        }
        // Perl \d etc.
        if (regexp_parsePerlClassEscape(p, t, &b, &t)) {
            continue;
        }
        // A single character or a range.
        str rng = t;
        int32_t lo, hi;
        if ((err = parseClassChar(t, s, &lo, &t)) != NULL) {
            goto fail;
        }
        hi = lo;
        // [a-] means (a|-): check for the final ].
        if (t.len >= 2 && t.ptr[0] == '-' && t.ptr[1] != ']') {
            t = str_from(t, 1);
            if ((err = parseClassChar(t, s, &hi, &t)) != NULL) {
                goto fail;
            }
            if (hi < lo) {
                err = regexp_syntaxError(ErrInvalidCharRange,
                                         (str){ rng.ptr, (size_t)(t.ptr - rng.ptr) });
                goto fail;
            }
        }
        int32_t r[2] = { lo, hi };
        regexp_buffer_ranges(&b, r, 2);
        p->classRunes += 2;
    }
    t = str_from(t, 1); // chop ]
    regexp_classClose(&b, start);
    regexp_pushClass(p, &b);
    *rest = t;
    return NULL;
fail:
    p->classRunes = 0;
    strings_Builder_Reset(&b);
    return err;
}
