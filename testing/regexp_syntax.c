// Ports go1.19.8 src/regexp/syntax/parse.go: Parse with the Perl flags, as
// regexp.Compile calls it, down to every error it reports; the tree it builds
// is then written out as a PCRE2 pattern for testdeps.c.
//
// Why: PCRE2 accepts much that RE2 rejects (backreferences, lookaround,
// possessive quantifiers, \Z, (?<name>...)) and reports errors in its own
// words, while -test.run must accept, reject and report exactly as Go does.
// So the pattern is parsed here as Go parses it, and what PCRE2 sees is only
// our own output: every literal as \x{...}, every class as explicit ranges or
// \p{...}, every operand wrapped in (?:...), every flag spelled out where it
// applies. It needs only PCRE2_UTF (plus PCRE2_ALT_CIRCUMFLEX for (?m)^ after
// a final newline, PCRE2_MATCH_INVALID_UTF for subjects; see testdeps.c).
//
// ctest: the tree is not simplified as Go's is (no factoring of common
// alternation prefixes, no merging of alternated classes); it matches the
// same strings, and only the "expression nests too deeply" limit, computed
// on this tree, could differ from Go's in contrived cases. Go's size limit
// (a "regexp/syntax: internal error" for programs over 128 MB) is not ported.
// ctest: under (?i), \p{Lu}, \p{Ll} and \p{Lt} become \p{L&}, and other
// \p{...} classes are not folded (Go adds the folds of M, Mn, Greek, Common
// and Inherited too).
//
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/internal.h"
#include "testing/match.h"

// unicodeNames are the keys of Go 1.19's unicode.Categories and
// unicode.Scripts (Unicode 13.0.0), sorted: the names \p{...} accepts, each
// with the number of runes (range ends) Go's parser holds for \p{name}, for
// its maxRunes limit. Printed by golden/vectors/regexp/names/main.go.
static const struct {
    const char *name;
    int nrunes;
} unicodeNames[] = {
    { "Adlam", 6 },
    { "Ahom", 6 },
    { "Anatolian_Hieroglyphs", 2 },
    { "Arabic", 114 },
    { "Armenian", 8 },
    { "Avestan", 4 },
    { "Balinese", 4 },
    { "Bamum", 4 },
    { "Bassa_Vah", 4 },
    { "Batak", 4 },
    { "Bengali", 28 },
    { "Bhaiksuki", 8 },
    { "Bopomofo", 6 },
    { "Brahmi", 6 },
    { "Braille", 2 },
    { "Buginese", 4 },
    { "Buhid", 2 },
    { "C", 50 },
    { "Canadian_Aboriginal", 4 },
    { "Carian", 2 },
    { "Caucasian_Albanian", 4 },
    { "Cc", 4 },
    { "Cf", 40 },
    { "Chakma", 4 },
    { "Cham", 8 },
    { "Cherokee", 6 },
    { "Chorasmian", 2 },
    { "Co", 6 },
    { "Common", 346 },
    { "Coptic", 6 },
    { "Cs", 2 },
    { "Cuneiform", 8 },
    { "Cypriot", 12 },
    { "Cyrillic", 16 },
    { "Deseret", 2 },
    { "Devanagari", 8 },
    { "Dives_Akuru", 16 },
    { "Dogra", 2 },
    { "Duployan", 10 },
    { "Egyptian_Hieroglyphs", 4 },
    { "Elbasan", 2 },
    { "Elymaic", 2 },
    { "Ethiopic", 64 },
    { "Georgian", 20 },
    { "Glagolitic", 14 },
    { "Gothic", 2 },
    { "Grantha", 30 },
    { "Greek", 72 },
    { "Gujarati", 28 },
    { "Gunjala_Gondi", 12 },
    { "Gurmukhi", 32 },
    { "Han", 38 },
    { "Hangul", 28 },
    { "Hanifi_Rohingya", 4 },
    { "Hanunoo", 2 },
    { "Hatran", 6 },
    { "Hebrew", 18 },
    { "Hiragana", 10 },
    { "Imperial_Aramaic", 4 },
    { "Inherited", 56 },
    { "Inscriptional_Pahlavi", 4 },
    { "Inscriptional_Parthian", 4 },
    { "Javanese", 6 },
    { "Kaithi", 4 },
    { "Kannada", 26 },
    { "Katakana", 18 },
    { "Kayah_Li", 4 },
    { "Kharoshthi", 16 },
    { "Khitan_Small_Script", 4 },
    { "Khmer", 8 },
    { "Khojki", 4 },
    { "Khudawadi", 4 },
    { "L", 1244 },
    { "Lao", 22 },
    { "Latin", 64 },
    { "Lepcha", 6 },
    { "Limbu", 10 },
    { "Linear_A", 6 },
    { "Linear_B", 14 },
    { "Lisu", 4 },
    { "Ll", 1290 },
    { "Lm", 122 },
    { "Lo", 978 },
    { "Lt", 20 },
    { "Lu", 1276 },
    { "Lycian", 2 },
    { "Lydian", 4 },
    { "M", 580 },
    { "Mahajani", 2 },
    { "Makasar", 2 },
    { "Malayalam", 14 },
    { "Mandaic", 4 },
    { "Manichaean", 4 },
    { "Marchen", 6 },
    { "Masaram_Gondi", 14 },
    { "Mc", 350 },
    { "Me", 10 },
    { "Medefaidrin", 2 },
    { "Meetei_Mayek", 6 },
    { "Mende_Kikakui", 4 },
    { "Meroitic_Cursive", 6 },
    { "Meroitic_Hieroglyphs", 2 },
    { "Miao", 6 },
    { "Mn", 654 },
    { "Modi", 4 },
    { "Mongolian", 14 },
    { "Mro", 6 },
    { "Multani", 10 },
    { "Myanmar", 6 },
    { "N", 266 },
    { "Nabataean", 4 },
    { "Nandinagari", 6 },
    { "Nd", 122 },
    { "New_Tai_Lue", 8 },
    { "Newa", 4 },
    { "Nko", 4 },
    { "Nl", 24 },
    { "No", 142 },
    { "Nushu", 4 },
    { "Nyiakeng_Puachue_Hmong", 8 },
    { "Ogham", 2 },
    { "Ol_Chiki", 2 },
    { "Old_Hungarian", 6 },
    { "Old_Italic", 4 },
    { "Old_North_Arabian", 2 },
    { "Old_Permic", 2 },
    { "Old_Persian", 4 },
    { "Old_Sogdian", 2 },
    { "Old_South_Arabian", 2 },
    { "Old_Turkic", 2 },
    { "Oriya", 28 },
    { "Osage", 4 },
    { "Osmanya", 4 },
    { "P", 370 },
    { "Pahawh_Hmong", 10 },
    { "Palmyrene", 2 },
    { "Pau_Cin_Hau", 2 },
    { "Pc", 12 },
    { "Pd", 36 },
    { "Pe", 144 },
    { "Pf", 20 },
    { "Phags_Pa", 2 },
    { "Phoenician", 4 },
    { "Pi", 22 },
    { "Po", 362 },
    { "Ps", 150 },
    { "Psalter_Pahlavi", 6 },
    { "Rejang", 4 },
    { "Runic", 4 },
    { "S", 458 },
    { "Samaritan", 4 },
    { "Saurashtra", 4 },
    { "Sc", 42 },
    { "Sharada", 2 },
    { "Shavian", 2 },
    { "Siddham", 4 },
    { "SignWriting", 6 },
    { "Sinhala", 26 },
    { "Sk", 60 },
    { "Sm", 128 },
    { "So", 364 },
    { "Sogdian", 2 },
    { "Sora_Sompeng", 4 },
    { "Soyombo", 2 },
    { "Sundanese", 4 },
    { "Syloti_Nagri", 2 },
    { "Syriac", 8 },
    { "Tagalog", 4 },
    { "Tagbanwa", 6 },
    { "Tai_Le", 4 },
    { "Tai_Tham", 10 },
    { "Tai_Viet", 4 },
    { "Takri", 4 },
    { "Tamil", 36 },
    { "Tangut", 8 },
    { "Telugu", 24 },
    { "Thaana", 2 },
    { "Thai", 4 },
    { "Tibetan", 14 },
    { "Tifinagh", 6 },
    { "Tirhuta", 4 },
    { "Ugaritic", 4 },
    { "Vai", 2 },
    { "Wancho", 4 },
    { "Warang_Citi", 4 },
    { "Yezidi", 6 },
    { "Yi", 4 },
    { "Z", 16 },
    { "Zanabazar_Square", 2 },
    { "Zl", 1 },
    { "Zp", 1 },
    { "Zs", 14 },
};

// ---- UTF-8 (unicode/utf8) ----

// ---- strings and errors ----

// str is a Go string: a view into the pattern.
typedef go_string str;

static str str_from(str s, size_t i) {
    return (str){ s.ptr + i, s.len - i };
}

// The ErrorCodes of regexp/syntax.
static const char ErrInvalidCharRange[] = "invalid character class range";
static const char ErrInvalidEscape[] = "invalid escape sequence";
static const char ErrInvalidNamedCapture[] = "invalid named capture";
static const char ErrInvalidPerlOp[] = "invalid or unsupported Perl syntax";
static const char ErrInvalidRepeatOp[] = "invalid nested repetition operator";
static const char ErrInvalidRepeatSize[] = "invalid repeat count";
static const char ErrInvalidUTF8[] = "invalid UTF-8";
static const char ErrMissingBracket[] = "missing closing ]";
static const char ErrMissingParen[] = "missing closing )";
static const char ErrMissingRepeatArgument[] = "missing argument to repetition operator";
static const char ErrTrailingBackslash[] = "trailing backslash at end of expression";
static const char ErrUnexpectedParen[] = "unexpected )";
static const char ErrNestingDepth[] = "expression nests too deeply";

// syntaxError is &syntax.Error{code, expr}.
static go_error *syntaxError(const char *code, str expr) {
    return fmt_Errorf(NULL, "error parsing regexp: %s: `%.*s`", code, (int)expr.len, expr.ptr);
}

// nextRune is parse.go's nextRune: the first rune of s, or ErrInvalidUTF8
// with all of s.
static go_error *nextRune(str s, int32_t *c, str *t) {
    size_t w;
    int32_t r = utf8_DecodeRune(s.ptr, s.len, &w);
    if (r == 0xFFFD && w == 1) {
        return syntaxError(ErrInvalidUTF8, s);
    }
    *c = r;
    *t = str_from(s, w);
    return NULL;
}

static go_error *checkUTF8(str s) {
    while (s.len > 0) {
        int32_t c;
        go_error *err = nextRune(s, &c, &s);
        if (err != NULL) {
            return err;
        }
    }
    return NULL;
}

static bool isalnum_(int32_t c) {
    return ('0' <= c && c <= '9') || ('A' <= c && c <= 'Z') || ('a' <= c && c <= 'z');
}

static int32_t unhex(int32_t c) {
    if ('0' <= c && c <= '9') {
        return c - '0';
    }
    if ('a' <= c && c <= 'f') {
        return c - 'a' + 10;
    }
    if ('A' <= c && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

// ---- output text ----

static void buffer_rune(strings_Builder *b, int32_t r) {
    char tmp[16];
    int n = snprintf(tmp, sizeof tmp, "\\x{%x}", (unsigned)r);
    strings_Builder_Write(b, tmp, (size_t)n);
}

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

// buffer_ranges writes c as the inside of a PCRE2 class. PCRE2 in UTF mode
// refuses surrogates as code points; Go's ranges may end in one (a
// negated class), and no UTF-8 text holds one, so the ends are moved off.
static void buffer_ranges(strings_Builder *b, const int32_t *r, size_t n) {
    for (size_t i = 0; i < n; i += 2) {
        int32_t lo = r[i], hi = r[i + 1];
        if (lo >= 0xD800 && lo <= 0xDFFF) {
            lo = 0xE000;
        }
        if (hi >= 0xD800 && hi <= 0xDFFF) {
            hi = 0xD7FF;
        }
        if (lo > hi) {
            continue;
        }
        buffer_rune(b, lo);
        if (hi != lo) {
            strings_Builder_WriteString(b, "-");
            buffer_rune(b, hi);
        }
    }
}

// ---- the parse tree ----

typedef uint16_t Flags;
enum {
    FoldCase = 1 << 0,
    Literal = 1 << 1,
    ClassNL = 1 << 2,
    DotNL = 1 << 3,
    OneLine = 1 << 4,
    NonGreedy = 1 << 5,
    PerlX = 1 << 6,
    UnicodeGroups = 1 << 7,
    Perl = ClassNL | OneLine | PerlX | UnicodeGroups,
};

typedef enum Op {
    OpNoMatch = 1,
    OpEmptyMatch,
    OpLiteral,
    OpCharClass,
    OpAnyCharNotNL,
    OpAnyChar,
    OpBeginLine,
    OpEndLine,
    OpBeginText,
    OpEndText,
    OpWordBoundary,
    OpNoWordBoundary,
    OpCapture,
    OpStar,
    OpPlus,
    OpQuest,
    OpRepeat,
    OpConcat,
    OpAlternate,
    opPseudo = 128,
    opLeftParen = opPseudo,
    opVerticalBar,
} Op;

// maxHeight, maxSize and maxRunes are parse.go's limits: the deepest tree,
// the largest program (in instructions of 40 bytes) and the most runes in
// literals and classes (of 4 bytes) that Go accepts.
enum { maxHeight = 1000 };
static const int64_t maxSize = (128 << 20) / 40;
static const int64_t maxRunes = (128 << 20) / 4;

typedef struct Regexp Regexp;
struct Regexp {
    Op op;
    Flags flags;
    int32_t *runes; // OpLiteral: the string
    size_t nrunes;
    char *cls;    // OpCharClass: a complete PCRE2 class, flags included
    Regexp **sub; // operands
    size_t nsub;
    int min, max; // OpRepeat
    int cap;      // opLeftParen: capture index, 0 for (?:
    int height;   // calcHeight
    int64_t size; // calcSize
    int nclass;   // OpCharClass: runes Go's class holds (see numRunes)
    Regexp *next; // every Regexp of a parse, for freeing
};

typedef struct parser {
    Flags flags;
    Regexp **stack;
    size_t len, cap;
    int numCap;
    str whole;
    // limit is the ErrorCode of the first limit a push exceeded (Go panics
    // there, and parse turns it into an error with the whole expression).
    const char *limit;
    int64_t numRunes; // runes pushed so far, in literals and classes
    // classRunes counts the runes of the class being built, as Go's []rune
    // holds them. ctest: counted before Go's merging of overlapping ranges.
    int classRunes;
    Regexp *all;
} parser;

static Regexp *newRegexp(parser *p, Op op) {
    Regexp *re = runtime_calloc(1, sizeof *re);
    re->op = op;
    re->next = p->all;
    p->all = re;
    return re;
}

static void setSubs(Regexp *re, Regexp **subs, size_t n) {
    re->sub = runtime_malloc(n * sizeof(Regexp *));
    memcpy(re->sub, subs, n * sizeof(Regexp *));
    re->nsub = n;
}

// calcSize is parse.go's calcSize over children already measured.
static int64_t calcSize(const Regexp *re) {
    int64_t size = 0;
    switch (re->op) {
    case OpLiteral:
        size = (int64_t)re->nrunes;
        break;
    case OpCapture:
    case OpStar:
        size = 2 + re->sub[0]->size; // star can be 1+ or 2+; assume 2
        break;
    case OpPlus:
    case OpQuest:
        size = 1 + re->sub[0]->size;
        break;
    case OpConcat:
    case OpAlternate:
        for (size_t i = 0; i < re->nsub; i++) {
            size += re->sub[i]->size;
        }
        if (re->op == OpAlternate && re->nsub > 1) {
            size += (int64_t)re->nsub - 1;
        }
        break;
    case OpRepeat: {
        int64_t sub = re->sub[0]->size;
        if (re->max == -1) {
            size = re->min == 0 ? 2 + sub : 1 + re->min * sub;
        } else {
            size = re->max * sub + (re->max - re->min); // x{2,5} = xx(x(x(x)?)?)?
        }
        break;
    }
    default:
        break;
    }
    return size < 1 ? 1 : size;
}

// checkLimits is parse.go's checkLimits for a Regexp just built: the rune
// count, then the size, then the height.
// ctest: Go measures the size only once its node count times the product
// of the repeat counts could exceed maxSize; this measures it always, so an
// expression with a literal of thousands of runes repeated a thousand times
// is refused here and accepted by Go.
static void checkLimits(parser *p, Regexp *re) {
    int h = 1;
    for (size_t i = 0; i < re->nsub; i++) {
        if (h < 1 + re->sub[i]->height) {
            h = 1 + re->sub[i]->height;
        }
    }
    re->height = h;
    re->size = calcSize(re);
    if (p->limit != NULL) {
        return;
    }
    if (p->numRunes > maxRunes || re->size > maxSize) {
        p->limit = "regexp/syntax: internal error";
    } else if (h > maxHeight) {
        p->limit = ErrNestingDepth;
    }
}

static void stack_push(parser *p, Regexp *re) {
    if (p->len == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 16;
        p->stack = runtime_realloc(p->stack, p->cap * sizeof(Regexp *));
    }
    p->stack[p->len++] = re;
}

// maybeConcat merges the two literals on top of the stack into one, as Go
// does before each push, so that only the last rune is subject to a
// following repetition operator.
static void maybeConcat(parser *p) {
    size_t n = p->len;
    if (n < 2) {
        return;
    }
    Regexp *re1 = p->stack[n - 1], *re2 = p->stack[n - 2];
    if (re1->op != OpLiteral || re2->op != OpLiteral ||
        (re1->flags & FoldCase) != (re2->flags & FoldCase)) {
        return;
    }
    re2->runes = runtime_realloc(re2->runes, (re2->nrunes + re1->nrunes) * sizeof(int32_t));
    memcpy(re2->runes + re2->nrunes, re1->runes, re1->nrunes * sizeof(int32_t));
    re2->nrunes += re1->nrunes;
    p->len--;
}

static Regexp *push(parser *p, Regexp *re) {
    p->numRunes += re->op == OpLiteral ? (int64_t)re->nrunes : re->nclass;
    maybeConcat(p);
    stack_push(p, re);
    checkLimits(p, re);
    return re;
}

static Regexp *op(parser *p, Op o) {
    Regexp *re = newRegexp(p, o);
    re->flags = p->flags;
    return push(p, re);
}

static void literal(parser *p, int32_t r) {
    Regexp *re = newRegexp(p, OpLiteral);
    re->flags = p->flags;
    re->runes = runtime_malloc(sizeof(int32_t));
    re->runes[0] = r;
    re->nrunes = 1;
    push(p, re);
}

// pushClass pushes a character class whose PCRE2 form is in b.
static void pushClass(parser *p, strings_Builder *b) {
    Regexp *re = newRegexp(p, OpCharClass);
    re->flags = p->flags;
    re->cls = strings_Builder_Detach(b);
    re->nclass = p->classRunes;
    p->classRunes = 0;
    push(p, re);
}

// classOpen starts a PCRE2 class with the case folding of flags: Go folds
// literal runes and ranges in a class under (?i), and so does PCRE2.
static void classOpen(strings_Builder *b, Flags flags, bool negated) {
    strings_Builder_WriteString(b, (flags & FoldCase) ? "(?i:[" : "(?-i:[");
    if (negated) {
        strings_Builder_WriteString(b, "^");
    }
}

// classClose ends the class that classOpen began at offset start. A class
// left empty (every range in it a surrogate) is written as what it means,
// as PCRE2 has no empty class: nothing, or with ^ any character.
static void classClose(strings_Builder *b, size_t start) {
    const char *body = strchr(strings_Builder_String(b) + start, '[') + 1;
    if (*body == '\0') {
        strings_Builder_Truncate(b, start);
        strings_Builder_WriteString(b, "(?!)");
        return;
    }
    if (strcmp(body, "^") == 0) {
        strings_Builder_Truncate(b, start);
        strings_Builder_WriteString(b, "(?s:.)");
        return;
    }
    strings_Builder_WriteString(b, "])");
}

// repeatIsValid is parse.go's repeatIsValid: no more than n copies of the
// innermost thing.
static bool repeatIsValid(const Regexp *re, int n) {
    if (re->op == OpRepeat) {
        int m = re->max;
        if (m == 0) {
            return true;
        }
        if (m < 0) {
            m = re->min;
        }
        if (m > n) {
            return false;
        }
        if (m > 0) {
            n /= m;
        }
    }
    for (size_t i = 0; i < re->nsub; i++) {
        if (!repeatIsValid(re->sub[i], n)) {
            return false;
        }
    }
    return true;
}

// repeat replaces the top of the stack with itself repeated. before starts
// at the operator, after follows it; *rest is after without a lazy '?'.
static go_error *repeat(parser *p, Op o, int min, int max, str before, str after, str lastRepeat,
                        str *rest) {
    Flags flags = p->flags;
    if (p->flags & PerlX) {
        if (after.len > 0 && after.ptr[0] == '?') {
            after = str_from(after, 1);
            flags ^= NonGreedy;
        }
        if (lastRepeat.len > 0) {
            // Perl does not stack repetition operators: a** is an error.
            return syntaxError(ErrInvalidRepeatOp,
                               (str){ lastRepeat.ptr, (size_t)(after.ptr - lastRepeat.ptr) });
        }
    }
    str opText = { before.ptr, (size_t)(after.ptr - before.ptr) };
    size_t n = p->len;
    if (n == 0 || p->stack[n - 1]->op >= opPseudo) {
        return syntaxError(ErrMissingRepeatArgument, opText);
    }
    Regexp *sub = p->stack[n - 1];
    Regexp *re = newRegexp(p, o);
    re->min = min;
    re->max = max;
    re->flags = flags;
    setSubs(re, &sub, 1);
    p->stack[n - 1] = re;
    checkLimits(p, re);

    if (o == OpRepeat && (min >= 2 || max >= 2) && !repeatIsValid(re, 1000)) {
        return syntaxError(ErrInvalidRepeatSize, opText);
    }
    *rest = after;
    return NULL;
}

// collapse is parse.go's collapse without factor: subs joined by op, nested
// ops of the same kind flattened.
static Regexp *collapse(parser *p, Regexp **subs, size_t n, Op o) {
    if (n == 1) {
        return subs[0];
    }
    Regexp *re = newRegexp(p, o);
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        total += subs[i]->op == o ? subs[i]->nsub : 1;
    }
    re->sub = runtime_malloc(total * sizeof(Regexp *));
    for (size_t i = 0; i < n; i++) {
        if (subs[i]->op == o) {
            for (size_t j = 0; j < subs[i]->nsub; j++) {
                re->sub[re->nsub++] = subs[i]->sub[j];
            }
        } else {
            re->sub[re->nsub++] = subs[i];
        }
    }
    return re;
}

// concat replaces the top of the stack (above the topmost '|' or '(') with
// its concatenation.
static void concat(parser *p) {
    maybeConcat(p);
    size_t i = p->len;
    while (i > 0 && p->stack[i - 1]->op < opPseudo) {
        i--;
    }
    size_t n = p->len - i;
    p->len = i;
    if (n == 0) {
        push(p, newRegexp(p, OpEmptyMatch));
        return;
    }
    push(p, collapse(p, p->stack + i, n, OpConcat));
}

// alternate replaces the top of the stack (above the topmost '(') with its
// alternation.
static void alternate(parser *p) {
    size_t i = p->len;
    while (i > 0 && p->stack[i - 1]->op < opPseudo) {
        i--;
    }
    size_t n = p->len - i;
    p->len = i;
    if (n == 0) {
        push(p, newRegexp(p, OpNoMatch));
        return;
    }
    push(p, collapse(p, p->stack + i, n, OpAlternate));
}

// swapVerticalBar moves the element on top of a '|' below it. (Go also
// merges two alternated classes here; that changes no match.)
static bool swapVerticalBar(parser *p) {
    size_t n = p->len;
    if (n >= 2 && p->stack[n - 2]->op == opVerticalBar) {
        Regexp *re1 = p->stack[n - 1];
        p->stack[n - 1] = p->stack[n - 2];
        p->stack[n - 2] = re1;
        return true;
    }
    return false;
}

static void parseVerticalBar(parser *p) {
    concat(p);
    if (!swapVerticalBar(p)) {
        op(p, opVerticalBar);
    }
}

static go_error *parseRightParen(parser *p) {
    concat(p);
    if (swapVerticalBar(p)) {
        p->len--; // pop the vertical bar
    }
    alternate(p);

    size_t n = p->len;
    if (n < 2) {
        return syntaxError(ErrUnexpectedParen, p->whole);
    }
    Regexp *re1 = p->stack[n - 1], *re2 = p->stack[n - 2];
    p->len = n - 2;
    if (re2->op != opLeftParen) {
        return syntaxError(ErrUnexpectedParen, p->whole);
    }
    // Restore the flags in force at the '('.
    p->flags = re2->flags;
    if (re2->cap == 0) {
        push(p, re1); // just for grouping
    } else {
        re2->op = OpCapture;
        setSubs(re2, &re1, 1);
        push(p, re2);
    }
    return NULL;
}

// parseInt parses a decimal integer without leading zeros; -1 if too big.
static bool parseInt(str s, int *n, str *rest) {
    if (s.len == 0 || s.ptr[0] < '0' || '9' < s.ptr[0]) {
        return false;
    }
    if (s.len >= 2 && s.ptr[0] == '0' && '0' <= s.ptr[1] && s.ptr[1] <= '9') {
        return false;
    }
    size_t i = 0;
    while (i < s.len && '0' <= s.ptr[i] && s.ptr[i] <= '9') {
        i++;
    }
    *rest = str_from(s, i);
    int v = 0;
    for (size_t j = 0; j < i; j++) {
        if (v >= 100000000) { // avoid overflow
            v = -1;
            break;
        }
        v = v * 10 + (s.ptr[j] - '0');
    }
    *n = v;
    return true;
}

// parseRepeat parses {min} (max=min), {min,} (max=-1) or {min,max}.
static bool parseRepeat(str s, int *min, int *max, str *rest) {
    if (s.len == 0 || s.ptr[0] != '{') {
        return false;
    }
    s = str_from(s, 1);
    if (!parseInt(s, min, &s) || s.len == 0) {
        return false;
    }
    if (s.ptr[0] != ',') {
        *max = *min;
    } else {
        s = str_from(s, 1);
        if (s.len == 0) {
            return false;
        }
        if (s.ptr[0] == '}') {
            *max = -1;
        } else if (!parseInt(s, max, &s)) {
            return false;
        } else if (*max < 0) {
            *min = -1; // too big a number
        }
    }
    if (s.len == 0 || s.ptr[0] != '}') {
        return false;
    }
    *rest = str_from(s, 1);
    return true;
}

static bool isValidCaptureName(str name) {
    if (name.len == 0) {
        return false;
    }
    for (size_t i = 0; i < name.len; i++) {
        // Multi-byte runes are not alphanumeric here either.
        if (name.ptr[i] != '_' && !isalnum_((unsigned char)name.ptr[i])) {
            return false;
        }
    }
    return true;
}

// parsePerlFlags parses (?P<name>, (?flags), (?flags: and (?:.
static go_error *parsePerlFlags(parser *p, str s, str *rest) {
    str t = s;
    if (t.len > 4 && t.ptr[2] == 'P' && t.ptr[3] == '<') {
        const char *gt = memchr(t.ptr, '>', t.len);
        if (gt == NULL) {
            go_error *err = checkUTF8(t);
            return err != NULL ? err : syntaxError(ErrInvalidNamedCapture, s);
        }
        size_t end = (size_t)(gt - t.ptr);
        str capture = { t.ptr, end + 1 };
        str name = { t.ptr + 4, end - 4 };
        go_error *err = checkUTF8(name);
        if (err != NULL) {
            return err;
        }
        if (!isValidCaptureName(name)) {
            return syntaxError(ErrInvalidNamedCapture, capture);
        }
        p->numCap++;
        Regexp *re = op(p, opLeftParen);
        re->cap = p->numCap;
        *rest = str_from(t, end + 1);
        return NULL;
    }

    // Non-capturing group, maybe changing flags.
    t = str_from(t, 2);
    Flags flags = p->flags;
    int sign = +1;
    bool sawFlag = false;
    while (t.len > 0) {
        int32_t c;
        go_error *err = nextRune(t, &c, &t);
        if (err != NULL) {
            return err;
        }
        switch (c) {
        case 'i':
            flags |= FoldCase;
            sawFlag = true;
            continue;
        case 'm':
            flags &= (Flags)~OneLine;
            sawFlag = true;
            continue;
        case 's':
            flags |= DotNL;
            sawFlag = true;
            continue;
        case 'U':
            flags |= NonGreedy;
            sawFlag = true;
            continue;
        case '-':
            if (sign < 0) {
                break;
            }
            sign = -1;
            // Invert so that the |= above clear flags; undone below.
            flags = (Flags)~flags;
            sawFlag = false;
            continue;
        case ':':
        case ')':
            if (sign < 0) {
                if (!sawFlag) {
                    break;
                }
                flags = (Flags)~flags;
            }
            if (c == ':') {
                op(p, opLeftParen); // open a group, saving the old flags
            }
            p->flags = flags;
            *rest = t;
            return NULL;
        default:
            break;
        }
        break;
    }
    return syntaxError(ErrInvalidPerlOp, (str){ s.ptr, (size_t)(t.ptr - s.ptr) });
}

// parseEscape parses an escape sequence at the start of s (which begins
// with '\').
static go_error *parseEscape(str s, int32_t *r, str *rest) {
    str t = str_from(s, 1);
    if (t.len == 0) {
        return syntaxError(ErrTrailingBackslash, (str){ "", 0 });
    }
    int32_t c;
    go_error *err = nextRune(t, &c, &t);
    if (err != NULL) {
        return err;
    }
    switch (c) {
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
        // A single non-zero digit is a backreference: not supported.
        if (t.len == 0 || t.ptr[0] < '0' || t.ptr[0] > '7') {
            break;
        }
        goto octal;
    case '0':
    octal:
        // Up to three octal digits; one is in hand.
        *r = c - '0';
        for (int i = 1; i < 3; i++) {
            if (t.len == 0 || t.ptr[0] < '0' || t.ptr[0] > '7') {
                break;
            }
            *r = *r * 8 + (t.ptr[0] - '0');
            t = str_from(t, 1);
        }
        *rest = t;
        return NULL;
    case 'x':
        if (t.len == 0) {
            break;
        }
        if ((err = nextRune(t, &c, &t)) != NULL) {
            return err;
        }
        if (c == '{') {
            // Any number of hex digits in braces, at least one.
            int nhex = 0;
            int32_t v = 0;
            for (;;) {
                if (t.len == 0) {
                    goto invalid;
                }
                if ((err = nextRune(t, &c, &t)) != NULL) {
                    return err;
                }
                if (c == '}') {
                    break;
                }
                int32_t d = unhex(c);
                if (d < 0) {
                    goto invalid;
                }
                v = v * 16 + d;
                if (v > 0x10FFFF) {
                    goto invalid;
                }
                nhex++;
            }
            if (nhex == 0) {
                goto invalid;
            }
            *r = v;
            *rest = t;
            return NULL;
        }
        {
            // Two hex digits.
            int32_t x = unhex(c);
            if ((err = nextRune(t, &c, &t)) != NULL) {
                return err;
            }
            int32_t y = unhex(c);
            if (x < 0 || y < 0) {
                break;
            }
            *r = x * 16 + y;
            *rest = t;
            return NULL;
        }
    // C escapes; no \b, which is the word boundary.
    case 'a':
        *r = '\a';
        *rest = t;
        return NULL;
    case 'f':
        *r = '\f';
        *rest = t;
        return NULL;
    case 'n':
        *r = '\n';
        *rest = t;
        return NULL;
    case 'r':
        *r = '\r';
        *rest = t;
        return NULL;
    case 't':
        *r = '\t';
        *rest = t;
        return NULL;
    case 'v':
        *r = '\v';
        *rest = t;
        return NULL;
    default:
        if (c < 0x80 && !isalnum_(c)) {
            // Escaped punctuation is itself (\_ included).
            *r = c;
            *rest = t;
            return NULL;
        }
        break;
    }
invalid:
    return syntaxError(ErrInvalidEscape, (str){ s.ptr, (size_t)(t.ptr - s.ptr) });
}

static go_error *parseClassChar(str s, str wholeClass, int32_t *r, str *rest) {
    if (s.len == 0) {
        return syntaxError(ErrMissingBracket, wholeClass);
    }
    if (s.ptr[0] == '\\') {
        return parseEscape(s, r, rest);
    }
    return nextRune(s, r, rest);
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
    buffer_ranges(b, c.r, c.len);
    p->classRunes += (int)c.len;
    free(c.r);
}

// parsePerlClassEscape parses \d, \D, \s, \S, \w, \W at the start of s.
static bool parsePerlClassEscape(parser *p, str s, strings_Builder *b, str *rest) {
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
        return syntaxError(ErrInvalidCharRange, name);
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
    for (size_t i = 0; i < sizeof unicodeNames / sizeof unicodeNames[0]; i++) {
        if (strlen(unicodeNames[i].name) == name.len &&
            memcmp(unicodeNames[i].name, name.ptr, name.len) == 0) {
            return unicodeNames[i].nrunes;
        }
    }
    return 0;
}

// parseUnicodeClass parses \pN, \p{Name}, \PN, \P{^Name} at the start of s,
// writing PCRE2's \p{Name} or \P{Name} into b.
static go_error *parseUnicodeClass(parser *p, str s, strings_Builder *b, bool *found, str *rest) {
    *found = false;
    if (!(p->flags & UnicodeGroups) || s.len < 2 || s.ptr[0] != '\\' ||
        (s.ptr[1] != 'p' && s.ptr[1] != 'P')) {
        return NULL;
    }
    // Committed to parse or return an error.
    int sign = s.ptr[1] == 'P' ? -1 : +1;
    str t = str_from(s, 2);
    int32_t c;
    go_error *err = nextRune(t, &c, &t);
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
            err = checkUTF8(s);
            return err != NULL ? err : syntaxError(ErrInvalidCharRange, s);
        }
        size_t end = (size_t)(close - s.ptr);
        seq = (str){ s.ptr, end + 1 };
        t = str_from(s, end + 1);
        name = (str){ s.ptr + 3, end - 3 };
        if ((err = checkUTF8(name)) != NULL) {
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
        return syntaxError(ErrInvalidCharRange, seq);
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

// parseClass parses a [...] class at the start of s and pushes it.
static go_error *parseClass(parser *p, str s, str *rest) {
    str t = str_from(s, 1); // chop [
    bool negated = false;
    if (t.len > 0 && t.ptr[0] == '^') {
        negated = true; // Perl's ClassNL: [^a] matches \n, in PCRE2 too
        t = str_from(t, 1);
    }
    strings_Builder b = { 0 };
    classOpen(&b, p->flags, negated);
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
        if ((err = parseUnicodeClass(p, t, &b, &found, &t)) != NULL) {
            goto fail;
        }
        if (found) {
            continue;
        }
        // Perl \d etc.
        if (parsePerlClassEscape(p, t, &b, &t)) {
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
                err = syntaxError(ErrInvalidCharRange, (str){ rng.ptr, (size_t)(t.ptr - rng.ptr) });
                goto fail;
            }
        }
        int32_t r[2] = { lo, hi };
        buffer_ranges(&b, r, 2);
        p->classRunes += 2;
    }
    t = str_from(t, 1); // chop ]
    classClose(&b, start);
    pushClass(p, &b);
    *rest = t;
    return NULL;
fail:
    p->classRunes = 0;
    strings_Builder_Reset(&b);
    return err;
}

// emit writes re as a PCRE2 pattern that is one atom (safe to quantify).
static void emit(strings_Builder *b, const Regexp *re) {
    switch (re->op) {
    case OpNoMatch:
        strings_Builder_WriteString(b, "(?!)");
        break;
    case OpEmptyMatch:
        strings_Builder_WriteString(b, "(?:)");
        break;
    case OpLiteral:
        strings_Builder_WriteString(b, (re->flags & FoldCase) ? "(?i:" : "(?-i:");
        for (size_t i = 0; i < re->nrunes; i++) {
            int32_t r = re->runes[i];
            if (r >= 0xD800 && r <= 0xDFFF) {
                strings_Builder_WriteString(b, "(?!)"); // no UTF-8 text holds a surrogate
            } else {
                buffer_rune(b, r);
            }
        }
        strings_Builder_WriteString(b, ")");
        break;
    case OpCharClass:
        strings_Builder_WriteString(b, re->cls);
        break;
    case OpAnyCharNotNL:
        strings_Builder_WriteString(b, "[^\\n]");
        break;
    case OpAnyChar:
        strings_Builder_WriteString(b, "(?s:.)");
        break;
    case OpBeginLine:
        strings_Builder_WriteString(b, "(?m:^)");
        break;
    case OpEndLine:
        strings_Builder_WriteString(b, "(?m:$)");
        break;
    case OpBeginText:
        strings_Builder_WriteString(b, "\\A");
        break;
    case OpEndText:
        strings_Builder_WriteString(b, "\\z");
        break;
    case OpWordBoundary:
        strings_Builder_WriteString(b, "\\b");
        break;
    case OpNoWordBoundary:
        strings_Builder_WriteString(b, "\\B");
        break;
    case OpCapture:
        // Captures are not needed to decide a match.
        strings_Builder_WriteString(b, "(?:");
        emit(b, re->sub[0]);
        strings_Builder_WriteString(b, ")");
        break;
    case OpStar:
    case OpPlus:
    case OpQuest:
    case OpRepeat: {
        strings_Builder_WriteString(b, "(?:");
        emit(b, re->sub[0]);
        strings_Builder_WriteString(b, ")");
        char q[32];
        if (re->op == OpStar) {
            snprintf(q, sizeof q, "*");
        } else if (re->op == OpPlus) {
            snprintf(q, sizeof q, "+");
        } else if (re->op == OpQuest) {
            snprintf(q, sizeof q, "?");
        } else if (re->max == -1) {
            snprintf(q, sizeof q, "{%d,}", re->min);
        } else if (re->max == re->min) {
            snprintf(q, sizeof q, "{%d}", re->min);
        } else {
            snprintf(q, sizeof q, "{%d,%d}", re->min, re->max);
        }
        strings_Builder_WriteString(b, q);
        if (re->flags & NonGreedy) {
            strings_Builder_WriteString(b, "?");
        }
        break;
    }
    case OpConcat:
        strings_Builder_WriteString(b, "(?:");
        for (size_t i = 0; i < re->nsub; i++) {
            emit(b, re->sub[i]);
        }
        strings_Builder_WriteString(b, ")");
        break;
    case OpAlternate:
        strings_Builder_WriteString(b, "(?:");
        for (size_t i = 0; i < re->nsub; i++) {
            if (i > 0) {
                strings_Builder_WriteString(b, "|");
            }
            emit(b, re->sub[i]);
        }
        strings_Builder_WriteString(b, ")");
        break;
    default: // pseudo-ops never reach the finished tree
        strings_Builder_WriteString(b, "(?!)");
        break;
    }
}

// parse is parse.go's parse loop with the Perl flags.
static go_error *parse(parser *p, str s) {
    p->flags = Perl;
    p->whole = s;
    str t = s;
    str lastRepeat = { NULL, 0 };
    go_error *err = NULL;
    while (t.len > 0) {
        str repeatStr = { NULL, 0 };
        int32_t c;
        switch (t.ptr[0]) {
        default:
            if ((err = nextRune(t, &c, &t)) != NULL) {
                return err;
            }
            literal(p, c);
            break;
        case '(':
            if ((p->flags & PerlX) && t.len >= 2 && t.ptr[1] == '?') {
                // Flag changes and non-capturing groups.
                if ((err = parsePerlFlags(p, t, &t)) != NULL) {
                    return err;
                }
                break;
            }
            p->numCap++;
            op(p, opLeftParen)->cap = p->numCap;
            t = str_from(t, 1);
            break;
        case '|':
            parseVerticalBar(p);
            t = str_from(t, 1);
            break;
        case ')':
            if ((err = parseRightParen(p)) != NULL) {
                return err;
            }
            t = str_from(t, 1);
            break;
        case '^':
            op(p, (p->flags & OneLine) ? OpBeginText : OpBeginLine);
            t = str_from(t, 1);
            break;
        case '$':
            op(p, (p->flags & OneLine) ? OpEndText : OpEndLine);
            t = str_from(t, 1);
            break;
        case '.':
            op(p, (p->flags & DotNL) ? OpAnyChar : OpAnyCharNotNL);
            t = str_from(t, 1);
            break;
        case '[':
            if ((err = parseClass(p, t, &t)) != NULL) {
                return err;
            }
            break;
        case '*':
        case '+':
        case '?': {
            str before = t;
            Op o = t.ptr[0] == '*' ? OpStar : t.ptr[0] == '+' ? OpPlus : OpQuest;
            if ((err = repeat(p, o, 0, 0, before, str_from(t, 1), lastRepeat, &t)) != NULL) {
                return err;
            }
            repeatStr = before;
            break;
        }
        case '{': {
            str before = t, after;
            int min = 0, max = 0;
            if (!parseRepeat(t, &min, &max, &after)) {
                // Not a repeat: { is a literal.
                literal(p, '{');
                t = str_from(t, 1);
                break;
            }
            if (min < 0 || min > 1000 || max > 1000 || (max >= 0 && min > max)) {
                // Numbers too big, or min > max.
                return syntaxError(ErrInvalidRepeatSize,
                                   (str){ before.ptr, (size_t)(after.ptr - before.ptr) });
            }
            if ((err = repeat(p, OpRepeat, min, max, before, after, lastRepeat, &t)) != NULL) {
                return err;
            }
            repeatStr = before;
            break;
        }
        case '\\':
            if ((p->flags & PerlX) && t.len >= 2) {
                bool done = true;
                switch (t.ptr[1]) {
                case 'A':
                    op(p, OpBeginText);
                    t = str_from(t, 2);
                    break;
                case 'b':
                    op(p, OpWordBoundary);
                    t = str_from(t, 2);
                    break;
                case 'B':
                    op(p, OpNoWordBoundary);
                    t = str_from(t, 2);
                    break;
                case 'C':
                    // Any byte: not supported.
                    return syntaxError(ErrInvalidEscape, (str){ t.ptr, 2 });
                case 'Q': {
                    // \Q ... \E: the ... is literal.
                    str lit = str_from(t, 2);
                    t = (str){ t.ptr + t.len, 0 };
                    for (size_t i = 0; i + 1 < lit.len; i++) {
                        if (lit.ptr[i] == '\\' && lit.ptr[i + 1] == 'E') {
                            t = str_from(lit, i + 2);
                            lit.len = i;
                            break;
                        }
                    }
                    while (lit.len > 0) {
                        if ((err = nextRune(lit, &c, &lit)) != NULL) {
                            return err;
                        }
                        literal(p, c);
                    }
                    break;
                }
                case 'z':
                    op(p, OpEndText);
                    t = str_from(t, 2);
                    break;
                default:
                    done = false;
                    break;
                }
                if (done) {
                    break;
                }
            }
            {
                strings_Builder b = { 0 };
                bool found;
                // A Unicode class like \p{Han}.
                if (t.len >= 2 && (t.ptr[1] == 'p' || t.ptr[1] == 'P')) {
                    classOpen(&b, p->flags, false);
                    if ((err = parseUnicodeClass(p, t, &b, &found, &t)) != NULL) {
                        strings_Builder_Reset(&b);
                        return err;
                    }
                    if (found) {
                        classClose(&b, 0);
                        pushClass(p, &b);
                        break;
                    }
                    strings_Builder_Reset(&b);
                }
                // A Perl class escape like \d.
                classOpen(&b, p->flags, false);
                if (parsePerlClassEscape(p, t, &b, &t)) {
                    classClose(&b, 0);
                    pushClass(p, &b);
                    break;
                }
                strings_Builder_Reset(&b);
            }
            // An ordinary single-character escape.
            if ((err = parseEscape(t, &c, &t)) != NULL) {
                return err;
            }
            literal(p, c);
            break;
        }
        lastRepeat = repeatStr;
        if (p->limit != NULL) {
            return NULL; // the caller reports it
        }
    }

    concat(p);
    if (swapVerticalBar(p)) {
        p->len--; // pop the vertical bar
    }
    alternate(p);
    if (p->limit != NULL) {
        return NULL;
    }
    if (p->len != 1) {
        return syntaxError(ErrMissingParen, s);
    }
    return NULL;
}

go_error *testing_regexpToPCRE2(const char *pat, size_t n, char **out) {
    parser p = { 0 };
    str s = { pat, n };
    go_error *err = parse(&p, s);
    // Go panics as soon as a push exceeds a limit, before any later error
    // of the same step.
    if (p.limit != NULL) {
        go_error_free(err);
        err = syntaxError(p.limit, s);
    }
    if (err == NULL) {
        strings_Builder b = { 0 };
        emit(&b, p.stack[0]);
        *out = strings_Builder_Detach(&b);
    }
    for (Regexp *re = p.all, *next; re != NULL; re = next) {
        next = re->next;
        free(re->runes);
        free(re->cls);
        free(re->sub);
        free(re);
    }
    free(p.stack);
    return err;
}
