// Ports (none): stands in for go1.19.8 src/regexp/syntax/compile.go. Where Go
// compiles the parsed tree into a program of its own, ctest writes the tree,
// and each class as the parser meets it, in PCRE2's syntax for PCRE2 to
// compile (regexp_syntax.c says why).
#include <stdio.h>
#include <string.h>

#include "internal/std/regexp_syntax.h"
#include "internal/std/std.h"

static void buffer_rune(strings_Builder *b, int32_t r) {
    char tmp[16];
    int n = snprintf(tmp, sizeof tmp, "\\x{%x}", (unsigned)r);
    strings_Builder_Write(b, tmp, (size_t)n);
}

// regexp_buffer_ranges writes c as the inside of a PCRE2 class. PCRE2 in
// UTF mode refuses surrogates as code points; Go's ranges may end in one (a
// negated class), and no UTF-8 text holds one, so the ends are moved off.
void regexp_buffer_ranges(strings_Builder *b, const int32_t *r, size_t n) {
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

// regexp_classOpen starts a PCRE2 class with the case folding of flags: Go
// folds literal runes and ranges in a class under (?i), and so does PCRE2.
void regexp_classOpen(strings_Builder *b, Flags flags, bool negated) {
    strings_Builder_WriteString(b, (flags & FoldCase) ? "(?i:[" : "(?-i:[");
    if (negated) {
        strings_Builder_WriteString(b, "^");
    }
}

// regexp_classClose ends the class that regexp_classOpen began at offset
// start. A class left empty (every range in it a surrogate) is written as
// what it means, as PCRE2 has no empty class: nothing, or with ^ any
// character.
void regexp_classClose(strings_Builder *b, size_t start) {
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

// regexp_emit writes re as a PCRE2 pattern that is one atom (safe to
// quantify).
void regexp_emit(strings_Builder *b, const Regexp *re) {
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
        regexp_emit(b, re->sub[0]);
        strings_Builder_WriteString(b, ")");
        break;
    case OpStar:
    case OpPlus:
    case OpQuest:
    case OpRepeat: {
        strings_Builder_WriteString(b, "(?:");
        regexp_emit(b, re->sub[0]);
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
            regexp_emit(b, re->sub[i]);
        }
        strings_Builder_WriteString(b, ")");
        break;
    case OpAlternate:
        strings_Builder_WriteString(b, "(?:");
        for (size_t i = 0; i < re->nsub; i++) {
            if (i > 0) {
                strings_Builder_WriteString(b, "|");
            }
            regexp_emit(b, re->sub[i]);
        }
        strings_Builder_WriteString(b, ")");
        break;
    default: // pseudo-ops never reach the finished tree
        strings_Builder_WriteString(b, "(?!)");
        break;
    }
}
