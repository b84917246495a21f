// regexp_syntax.h: names shared by the regexp_syntax*.c files of
// internal/std (Go's package scope of regexp/syntax): the parse tree, the
// parser's state, the error codes and the functions one file calls in
// another. Not part of std.h, which has the package's entry point,
// regexp_syntax_ToPCRE2.
#ifndef CTEST_INTERNAL_STD_REGEXP_SYNTAX_H
#define CTEST_INTERNAL_STD_REGEXP_SYNTAX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/std/std.h"

// ---- strings and errors ----

// str is a Go string: a view into the pattern.
typedef go_string str;

static inline str str_from(str s, size_t i) {
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

static inline bool isalnum_(int32_t c) {
    return ('0' <= c && c <= '9') || ('A' <= c && c <= 'Z') || ('a' <= c && c <= 'z');
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

// ---- regexp_syntax.c: errors, the parse stack ----

// regexp_syntaxError is Go's *syntax.Error of code and expr, as an error.
go_error *regexp_syntaxError(const char *code, str expr);
// regexp_nextRune and regexp_checkUTF8 decode s as parse.go's nextRune and
// checkUTF8 do, failing with ErrInvalidUTF8.
go_error *regexp_nextRune(str s, int32_t *c, str *t);
go_error *regexp_checkUTF8(str s);
// regexp_pushClass pushes the class that b holds in PCRE2's syntax.
void regexp_pushClass(parser *p, strings_Builder *b);

// ---- regexp_syntax_class.c: escapes and classes ----

// The escape and class parsers that parse's loop calls: each reads what
// starts s and leaves what follows it in *rest.
go_error *regexp_parseEscape(str s, int32_t *r, str *rest);
bool regexp_parsePerlClassEscape(parser *p, str s, strings_Builder *b, str *rest);
go_error *regexp_parseUnicodeClass(parser *p, str s, strings_Builder *b, bool *found, str *rest);
go_error *regexp_parseClass(parser *p, str s, str *rest);

// ---- regexp_syntax_pcre2.c, regexp_prog.c: the tree as PCRE2, as a program ----

// regexp_emitAtom writes re, which reads one rune (a one-rune literal, a
// class, a dot), as a PCRE2 pattern.
void regexp_emitAtom(strings_Builder *b, const Regexp *re);
// regexp_compileProg sets *p to re as a program (free with
// regexp_prog_free).
void regexp_compileProg(const Regexp *re, regexp_prog *p);

// ---- regexp_syntax_names.c: the \p{...} names ----

// unicodeName is a name \p{...} accepts and the number of runes (range
// ends) Go's parser holds for it.
typedef struct unicodeName {
    const char *name;
    int nrunes;
} unicodeName;
// regexp_unicodeNames holds every name, sorted; there are
// regexp_unicodeNamesLen.
extern const unicodeName regexp_unicodeNames[];
extern const size_t regexp_unicodeNamesLen;

// ---- regexp_syntax_pcre2.c: the PCRE2 pattern ----

// regexp_cut keeps operands [lo, hi) of the alternation alt; regexp_cuts
// is a list of them, where a later cut of the same alternation wins.
typedef struct regexp_cut {
    const Regexp *alt;
    size_t lo, hi;
} regexp_cut;
typedef struct regexp_cuts {
    regexp_cut *cut;
    size_t n;
} regexp_cuts;

// regexp_classOpen, regexp_buffer_ranges and regexp_classClose write a
// class in PCRE2's syntax; regexp_emit writes the finished tree, each
// alternation cut as cuts says (cuts may be NULL).
void regexp_buffer_ranges(strings_Builder *b, const int32_t *r, size_t n);
void regexp_classOpen(strings_Builder *b, Flags flags, bool negated);
void regexp_classClose(strings_Builder *b, size_t start);
void regexp_emit(strings_Builder *b, const Regexp *re, const regexp_cuts *cuts);
// regexp_nextCut finds the alternation of re, as cuts leave it, that can be
// cut next without changing which strings the parts match together: one
// reached through concatenations and captures only, with two operands
// left or more. It reports whether there is one, and sets *out to it with
// the operands it keeps now.
bool regexp_nextCut(const Regexp *re, const regexp_cuts *cuts, regexp_cut *out);
// regexp_acceptParts hands accept the pattern of root, or, where accept
// refuses it, the patterns of its two halves cut by regexp_nextCut, and so
// on down; false when a part that cannot be cut is refused.
bool regexp_acceptParts(const Regexp *root, regexp_acceptFn accept, void *ctx);

#endif // CTEST_INTERNAL_STD_REGEXP_SYNTAX_H
