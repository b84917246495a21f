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

// cutOf finds the last cut of alternation re: the operands [*lo, *hi) it
// keeps (all when it has none).
static void cutOf(const Regexp *re, const regexp_cuts *cuts, size_t *lo, size_t *hi) {
    *lo = 0;
    *hi = re->nsub;
    for (size_t i = cuts != NULL ? cuts->n : 0; i > 0; i--) {
        if (cuts->cut[i - 1].alt == re) {
            *lo = cuts->cut[i - 1].lo;
            *hi = cuts->cut[i - 1].hi;
            return;
        }
    }
}

// emit writes re as a PCRE2 pattern that is one atom (safe to quantify),
// each alternation with only the operands its cut keeps.
static void emit(strings_Builder *b, const Regexp *re, const regexp_cuts *cuts) {
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
        emit(b, re->sub[0], cuts);
        strings_Builder_WriteString(b, ")");
        break;
    case OpStar:
    case OpPlus:
    case OpQuest:
    case OpRepeat: {
        strings_Builder_WriteString(b, "(?:");
        emit(b, re->sub[0], cuts);
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
            emit(b, re->sub[i], cuts);
        }
        strings_Builder_WriteString(b, ")");
        break;
    case OpAlternate: {
        size_t lo, hi;
        cutOf(re, cuts, &lo, &hi);
        strings_Builder_WriteString(b, "(?:");
        for (size_t i = lo; i < hi; i++) {
            if (i > lo) {
                strings_Builder_WriteString(b, "|");
            }
            emit(b, re->sub[i], cuts);
        }
        strings_Builder_WriteString(b, ")");
        break;
    }
    default: // pseudo-ops never reach the finished tree
        strings_Builder_WriteString(b, "(?!)");
        break;
    }
}

void regexp_emit(strings_Builder *b, const Regexp *re, const regexp_cuts *cuts) {
    emit(b, re, cuts);
}

// ctest: the cuts below serve a pattern too large for one PCRE2 program
// (its compiled size is bounded, as Go's is not): whether a string
// matches is the same for concat(P, alt(A, B), S) as for concat(P, A, S)
// or concat(P, B, S), so the alternation can be cut in two parts that are
// compiled on their own, and matched one after the other.

bool regexp_nextCut(const Regexp *re, const regexp_cuts *cuts, regexp_cut *out) {
    switch (re->op) {
    case OpCapture:
        return regexp_nextCut(re->sub[0], cuts, out);
    case OpAlternate: {
        size_t lo, hi;
        cutOf(re, cuts, &lo, &hi);
        if (hi - lo > 1) {
            *out = (regexp_cut){ re, lo, hi };
            return true;
        }
        return hi > lo && regexp_nextCut(re->sub[lo], cuts, out);
    }
    case OpConcat: {
        // The operand whose alternation keeps the most operands.
        bool found = false;
        for (size_t i = 0; i < re->nsub; i++) {
            regexp_cut c;
            if (regexp_nextCut(re->sub[i], cuts, &c) &&
                (!found || c.hi - c.lo > out->hi - out->lo)) {
                *out = c;
                found = true;
            }
        }
        return found;
    }
    default: // a repetition's operand cannot be cut: (A|B)* is not A* or B*
        return false;
    }
}

// acceptCut is regexp_acceptParts for root as cuts leave it, with room for
// max cuts in all.
static bool acceptCut(const Regexp *root, regexp_cuts *cuts, size_t max, regexp_acceptFn accept,
                      void *ctx) {
    strings_Builder b = { 0 };
    emit(&b, root, cuts);
    bool ok = accept(ctx, strings_Builder_String(&b));
    strings_Builder_Reset(&b);
    regexp_cut c;
    if (ok || cuts->n == max || !regexp_nextCut(root, cuts, &c)) {
        return ok;
    }
    size_t mid = c.lo + (c.hi - c.lo) / 2;
    cuts->cut[cuts->n++] = (regexp_cut){ c.alt, c.lo, mid };
    ok = acceptCut(root, cuts, max, accept, ctx);
    cuts->cut[cuts->n - 1] = (regexp_cut){ c.alt, mid, c.hi };
    ok = ok && acceptCut(root, cuts, max, accept, ctx);
    cuts->n--;
    return ok;
}

void regexp_emitAtom(strings_Builder *b, const Regexp *re) {
    regexp_cuts none = { NULL, 0 };
    emit(b, re, &none);
}

bool regexp_acceptParts(const Regexp *root, regexp_acceptFn accept, void *ctx) {
    // Each cut halves an alternation: 256 levels are far more than any
    // tree's alternations can be halved.
    enum { maxCuts = 256 };
    regexp_cut cut[maxCuts];
    regexp_cuts cuts = { cut, 0 };
    return acceptCut(root, &cuts, maxCuts, accept, ctx);
}
