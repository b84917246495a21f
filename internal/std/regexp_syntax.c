// Ports go1.19.8 src/regexp/syntax/parse.go: Parse with the Perl flags, as
// regexp.Compile calls it, down to every error it reports: here the parse
// loop, its stack, repetitions, groups and flags; the classes and escapes in
// regexp_syntax_class.c. The tree it builds is then written out as a PCRE2
// pattern (regexp_syntax_pcre2.c) for testing/testdeps.c.
//
// Why: PCRE2 accepts much that RE2 rejects (backreferences, lookaround,
// possessive quantifiers, \Z, (?<name>...)) and reports errors in its own
// words, while -test.run must accept, reject and report exactly as Go does.
// So the pattern is parsed here as Go parses it, and what PCRE2 sees is only
// our own output: every literal as \x{...}, every class as explicit ranges or
// \p{...}, every operand wrapped in (?:...), every flag spelled out where it
// applies. It needs only PCRE2_UTF (plus PCRE2_ALT_CIRCUMFLEX for (?m)^ after
// a final newline, PCRE2_MATCH_INVALID_UTF for subjects; see
// testing/testdeps.c).
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
#include "internal/std/regexp_syntax.h"

#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"

// ---- strings and errors ----

// regexp_syntaxError is &syntax.Error{code, expr}.
go_error *regexp_syntaxError(const char *code, str expr) {
    return fmt_Errorf(NULL, "error parsing regexp: %s: `%.*s`", code, (int)expr.len, expr.ptr);
}

// regexp_nextRune is parse.go's nextRune: the first rune of s, or
// ErrInvalidUTF8 with all of s.
go_error *regexp_nextRune(str s, int32_t *c, str *t) {
    size_t w;
    int32_t r = utf8_DecodeRune(s.ptr, s.len, &w);
    if (r == 0xFFFD && w == 1) {
        return regexp_syntaxError(ErrInvalidUTF8, s);
    }
    *c = r;
    *t = str_from(s, w);
    return NULL;
}

go_error *regexp_checkUTF8(str s) {
    while (s.len > 0) {
        int32_t c;
        go_error *err = regexp_nextRune(s, &c, &s);
        if (err != NULL) {
            return err;
        }
    }
    return NULL;
}

// ---- the parse tree ----

// maxHeight, maxSize and maxRunes are parse.go's limits: the deepest tree,
// the largest program (in instructions of 40 bytes) and the most runes in
// literals and classes (of 4 bytes) that Go accepts.
enum { maxHeight = 1000 };
static const int64_t maxSize = (128 << 20) / 40;
static const int64_t maxRunes = (128 << 20) / 4;

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

// regexp_pushClass pushes a character class whose PCRE2 form is in b.
void regexp_pushClass(parser *p, strings_Builder *b) {
    Regexp *re = newRegexp(p, OpCharClass);
    re->flags = p->flags;
    re->cls = strings_Builder_Detach(b);
    re->nclass = p->classRunes;
    p->classRunes = 0;
    push(p, re);
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
            return regexp_syntaxError(
                    ErrInvalidRepeatOp,
                    (str){ lastRepeat.ptr, (size_t)(after.ptr - lastRepeat.ptr) });
        }
    }
    str opText = { before.ptr, (size_t)(after.ptr - before.ptr) };
    size_t n = p->len;
    if (n == 0 || p->stack[n - 1]->op >= opPseudo) {
        return regexp_syntaxError(ErrMissingRepeatArgument, opText);
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
        return regexp_syntaxError(ErrInvalidRepeatSize, opText);
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

// popOperands pops the operands above the topmost marker ('(' or '|') and
// pushes one in their place: an o of them, one alone, or an empty of kind
// none when there is no operand.
static void popOperands(parser *p, Op o, Op none) {
    size_t i = p->len;
    while (i > 0 && p->stack[i - 1]->op < opPseudo) {
        i--;
    }
    size_t n = p->len - i;
    p->len = i;
    if (n == 0) {
        push(p, newRegexp(p, none));
        return;
    }
    push(p, collapse(p, p->stack + i, n, o));
}

// concat pops the pieces pushed since the last '(' or '|' and pushes one
// operand in their place: an OpConcat of the pieces, a piece alone, or
// OpEmptyMatch when there is none.
static void concat(parser *p) {
    maybeConcat(p);
    popOperands(p, OpConcat, OpEmptyMatch);
}

// alternate pops the branches pushed since the last '(' (concat has made
// each one operand) and pushes one operand in their place: an OpAlternate,
// a branch alone, or OpNoMatch when there is none.
static void alternate(parser *p) {
    popOperands(p, OpAlternate, OpNoMatch);
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
        return regexp_syntaxError(ErrUnexpectedParen, p->whole);
    }
    Regexp *re1 = p->stack[n - 1], *re2 = p->stack[n - 2];
    p->len = n - 2;
    if (re2->op != opLeftParen) {
        return regexp_syntaxError(ErrUnexpectedParen, p->whole);
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
            go_error *err = regexp_checkUTF8(t);
            return err != NULL ? err : regexp_syntaxError(ErrInvalidNamedCapture, s);
        }
        size_t end = (size_t)(gt - t.ptr);
        str capture = { t.ptr, end + 1 };
        str name = { t.ptr + 4, end - 4 };
        go_error *err = regexp_checkUTF8(name);
        if (err != NULL) {
            return err;
        }
        if (!isValidCaptureName(name)) {
            return regexp_syntaxError(ErrInvalidNamedCapture, capture);
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
        go_error *err = regexp_nextRune(t, &c, &t);
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
    return regexp_syntaxError(ErrInvalidPerlOp, (str){ s.ptr, (size_t)(t.ptr - s.ptr) });
}

// parseBackslash is parse's case for a backslash at the start of *t: an
// anchor or \Q...\E of Perl's syntax, a Unicode or Perl class, or an
// escaped character; *t is advanced past it.
static go_error *parseBackslash(parser *p, str *t) {
    go_error *err;
    int32_t c;
    if ((p->flags & PerlX) && t->len >= 2) {
        bool done = true;
        switch (t->ptr[1]) {
        case 'A':
            op(p, OpBeginText);
            *t = str_from(*t, 2);
            break;
        case 'b':
            op(p, OpWordBoundary);
            *t = str_from(*t, 2);
            break;
        case 'B':
            op(p, OpNoWordBoundary);
            *t = str_from(*t, 2);
            break;
        case 'C':
            // Any byte: not supported.
            return regexp_syntaxError(ErrInvalidEscape, (str){ t->ptr, 2 });
        case 'Q': {
            // \Q ... \E: the ... is literal.
            str lit = str_from(*t, 2);
            *t = (str){ t->ptr + t->len, 0 };
            for (size_t i = 0; i + 1 < lit.len; i++) {
                if (lit.ptr[i] == '\\' && lit.ptr[i + 1] == 'E') {
                    *t = str_from(lit, i + 2);
                    lit.len = i;
                    break;
                }
            }
            while (lit.len > 0) {
                if ((err = regexp_nextRune(lit, &c, &lit)) != NULL) {
                    return err;
                }
                literal(p, c);
            }
            break;
        }
        case 'z':
            op(p, OpEndText);
            *t = str_from(*t, 2);
            break;
        default:
            done = false;
            break;
        }
        if (done) {
            return NULL;
        }
    }
    {
        strings_Builder b = { 0 };
        bool found;
        // A Unicode class like \p{Han}.
        if (t->len >= 2 && (t->ptr[1] == 'p' || t->ptr[1] == 'P')) {
            regexp_classOpen(&b, p->flags, false);
            if ((err = regexp_parseUnicodeClass(p, *t, &b, &found, t)) != NULL) {
                strings_Builder_Reset(&b);
                return err;
            }
            if (found) {
                regexp_classClose(&b, 0);
                regexp_pushClass(p, &b);
                return NULL;
            }
            strings_Builder_Reset(&b);
        }
        // A Perl class escape like \d.
        regexp_classOpen(&b, p->flags, false);
        if (regexp_parsePerlClassEscape(p, *t, &b, t)) {
            regexp_classClose(&b, 0);
            regexp_pushClass(p, &b);
            return NULL;
        }
        strings_Builder_Reset(&b);
    }
    // An ordinary single-character escape.
    if ((err = regexp_parseEscape(*t, &c, t)) != NULL) {
        return err;
    }
    literal(p, c);
    return NULL;
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
            if ((err = regexp_nextRune(t, &c, &t)) != NULL) {
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
            if ((err = regexp_parseClass(p, t, &t)) != NULL) {
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
                return regexp_syntaxError(ErrInvalidRepeatSize,
                                          (str){ before.ptr, (size_t)(after.ptr - before.ptr) });
            }
            if ((err = repeat(p, OpRepeat, min, max, before, after, lastRepeat, &t)) != NULL) {
                return err;
            }
            repeatStr = before;
            break;
        }
        case '\\':
            if ((err = parseBackslash(p, &t)) != NULL) {
                return err;
            }
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
        return regexp_syntaxError(ErrMissingParen, s);
    }
    return NULL;
}

go_error *regexp_syntax_ToPCRE2(const char *pat, size_t n, regexp_acceptFn accept, void *ctx,
                                regexp_prog *prog) {
    parser p = { 0 };
    str s = { pat, n };
    go_error *err = parse(&p, s);
    // Go panics as soon as a push exceeds a limit, before any later error
    // of the same step.
    if (p.limit != NULL) {
        go_error_free(err);
        err = regexp_syntaxError(p.limit, s);
    }
    if (err == NULL && !regexp_acceptParts(p.stack[0], accept, ctx)) {
        // ctest: Go accepts it; PCRE2 cannot take a part that cannot be
        // cut. The caller runs it as a program, or reports it as Go
        // reports an expression too big to compile.
        if (prog != NULL) {
            regexp_compileProg(p.stack[0], prog);
        } else {
            err = regexp_syntaxError("regexp/syntax: internal error", s);
        }
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
