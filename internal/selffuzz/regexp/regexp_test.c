// regexp_test.c: fuzzes the regexp syntax checker, Go's regexp/syntax
// parser that writes PCRE2 patterns (internal/std/regexp_syntax*.c,
// compiled into this package: see rename.h), which reads -test.run and
// -test.fuzz. PCRE2 compiles what it writes as testing/testdeps.c does.
// The seeds are patterns of go1.19.8 regexp/syntax's parse_test.go
// (parseTests and invalidRegexps) and -test.run patterns like those of
// ctest's own tests.
//
//ctest:cflags -include ${SRCDIR}/rename.h
#define PCRE2_CODE_UNIT_WIDTH 8

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "internal/selffuzz/selffuzz.h"
#include "internal/std/std.h"
#include "testing/match.h"
#include "testing/testing.h"

// programs holds what PCRE2 compiled of one pattern, and the first
// pattern it refused for a reason other than one of its limits.
typedef struct programs {
    pcre2_code **code;
    size_t n;
    bool limited;  // PCRE2 refused a pattern for one of its limits
    char *refused; // the pattern PCRE2 refused otherwise, and why (owned)
} programs;

static void programs_free(programs *p) {
    for (size_t i = 0; i < p->n; i++) {
        pcre2_code_free(p->code[i]);
    }
    free(p->code);
    free(p->refused);
    *p = (programs){ 0 };
}

// isLimit reports whether PCRE2's compile error code is one of its limits,
// which a pattern Go accepts may pass (regexp_acceptParts cuts it then).
static bool isLimit(int errcode) {
    return errcode == PCRE2_ERROR_PARENTHESES_NEST_TOO_DEEP ||
           errcode == PCRE2_ERROR_PATTERN_TOO_LARGE ||
           errcode == PCRE2_ERROR_PATTERN_TOO_COMPLICATED ||
           errcode == PCRE2_ERROR_PATTERN_STRING_TOO_LONG ||
           errcode == PCRE2_ERROR_TOO_MANY_CAPTURES;
}

// compileProgram is regexp_syntax_ToPCRE2's accept, compiling as -test.run
// does (testing_compilePCRE2): a pattern PCRE2 refuses other than for a
// limit is wrong.
static bool compileProgram(void *ctx, const char *pcre) {
    programs *p = ctx;
    int errcode;
    PCRE2_SIZE erroffset;
    pcre2_code *code = testing_compilePCRE2(pcre, &errcode, &erroffset);
    if (code == NULL) {
        if (isLimit(errcode)) {
            p->limited = true;
        } else if (p->refused == NULL) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(errcode, msg, sizeof msg);
            p->refused = runtime_sprintf("%s (at %zu: %s)", pcre, (size_t)erroffset, (char *)msg);
        }
        return false;
    }
    p->code = runtime_realloc(p->code, (p->n + 1) * sizeof *p->code);
    p->code[p->n++] = code;
    return true;
}

// compile parses pat as Go does and compiles what it writes into *p; it
// returns the parser's error (the caller frees it).
static go_error *compile(T *t, const char *pat, size_t n, programs *p) {
    *p = (programs){ 0 };
    go_error *err = regexp_syntax_ToPCRE2(pat, n, compileProgram, p, NULL);
    if (p->refused != NULL) {
        char *q = strconv_Quote(pat, n);
        t_errorf(t, "PCRE2 refuses the pattern written for %s: %s", q, p->refused);
        free(q);
    }
    return err;
}

// matches reports whether one of p's programs matches all of s.
static bool matches(const programs *p, const char *s, size_t n) {
    bool ok = false;
    for (size_t i = 0; i < p->n && !ok; i++) {
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(p->code[i], NULL);
        int rc = pcre2_match(p->code[i], (PCRE2_SPTR)s, n, 0, 0, md, NULL);
        ok = rc >= 0 && pcre2_get_ovector_pointer(md)[0] == 0 &&
             pcre2_get_ovector_pointer(md)[1] == n;
        pcre2_match_data_free(md);
    }
    return ok;
}

// quoteMeta is regexp.QuoteMeta(s) between \A and \z: a pattern that
// matches s and nothing else (the caller frees it; *len is its length).
static char *quoteMeta(go_string s, size_t *len) {
    char *out = runtime_malloc(2 * s.len + 5);
    size_t w = 0;
    memcpy(out + w, "\\A", 2);
    w += 2;
    for (size_t i = 0; i < s.len; i++) {
        if (strchr("\\.+*?()|[]{}^$", s.ptr[i]) != NULL && s.ptr[i] != '\0') {
            out[w++] = '\\';
        }
        out[w++] = s.ptr[i];
    }
    memcpy(out + w, "\\z", 2);
    w += 2;
    out[w] = '\0';
    *len = w;
    return out;
}

// checkLiteral checks that the quoted s is a pattern that matches s, as a
// -test.run of a test's name must.
static void checkLiteral(T *t, go_string s) {
    size_t n;
    char *pat = quoteMeta(s, &n);
    programs p;
    go_error *err = compile(t, pat, n, &p);
    char *q = strconv_Quote(pat, n);
    if (err != NULL) {
        // Go refuses only invalid UTF-8 here.
        if (strstr(go_error_Error(err), "invalid UTF-8") == NULL) {
            t_errorf(t, "the pattern %s is refused: %s", q, go_error_Error(err));
        }
    } else if (!p.limited && !matches(&p, s.ptr, s.len)) {
        t_errorf(t, "the pattern %s does not match its own text", q);
    }
    free(q);
    go_error_free(err);
    programs_free(&p);
    free(pat);
}

static void fuzzRegexpSyntax(T *t, go_string in) {
    char *copy = selffuzz_exactCopy(in.ptr, in.len);
    go_string pat = { copy, in.len };
    programs p;
    go_error *err = compile(t, pat.ptr, pat.len, &p);
    if (err != NULL) {
        const char *msg = go_error_Error(err);
        // Go's *syntax.Error; the internal error only where PCRE2 met a limit.
        if (strncmp(msg, "error parsing regexp: ", 22) != 0) {
            t_errorf(t, "unexpected error text: %s", msg);
        } else if (strncmp(msg + 22, "regexp/syntax: internal error: ", 31) == 0 && !p.limited) {
            t_errorf(t, "internal error without a PCRE2 limit: %s", msg);
        }
    } else if (p.n == 0 && !p.limited) {
        t_errorf(t, "the pattern is accepted, but nothing was compiled");
    }
    go_error_free(err);
    programs_free(&p);
    checkLiteral(t, pat);
    free(copy);
}

// regexpSeeds are FuzzRegexpSyntax's seeds.
static const char *const regexpSeeds[] = {
    // parseTests
    "a",
    "a.",
    "a.b",
    "ab",
    "a.b.c",
    "abc",
    "a|^",
    "a|b",
    "(a)",
    "(a)|b",
    "a*",
    "a+",
    "a?",
    "a{2}",
    "a{2,3}",
    "a{2,}",
    "a*?",
    "a+?",
    "a??",
    "a{2}?",
    "a{2,3}?",
    "a{2,}?",
    "x{1001",
    "x{9876543210",
    "x{9876543210,",
    "x{2,1",
    "x{1,9876543210",
    "",
    "|",
    "|x|",
    ".",
    "^",
    "$",
    "\\|",
    "\\(",
    "\\)",
    "\\*",
    "\\+",
    "\\?",
    "{",
    "}",
    "\\.",
    "\\^",
    "\\$",
    "\\\\",
    "[ace]",
    "[abc]",
    "[a-z]",
    "[a]",
    "\\-",
    "-",
    "\\_",
    "abc|def",
    "abc|def|ghi",
    "[[:lower:]]",
    "[a-z]",
    "[^[:lower:]]",
    "[[:^lower:]]",
    "(?i)[[:lower:]]",
    "(?i)[a-z]",
    "(?i)[^[:lower:]]",
    "(?i)[[:^lower:]]",
    "\\d",
    "\\D",
    "\\s",
    "\\S",
    "\\w",
    "\\W",
    "(?i)\\w",
    "(?i)\\W",
    "[^\\\\]",
    "\\pL",
    "\\p{L}",
    "\\PL",
    "\\P{L}",
    "[\\pL]",
    "[^\\pL]",
    "\\p{Greek}",
    "(?i)\\p{Lu}",
    "\\p{Any}",
    "\\p{^Braille}",
    "[\\P{^Braille}]",
    "[\\p{Braille}]",
    "\\C",
    "[\\d]",
    "[\\D]",
    "[\\s]",
    "[\\S]",
    "[\\w]",
    "[\\W]",
    "[^\\d]",
    "(?:ab)*",
    "(ab)*",
    "ab|cd",
    "a(b|c)d",
    "(?:a)",
    "(?:ab)(?:cd)",
    "(?:a+b+)(?:c+d+)",
    "(?:a|b)|(?:c|d)",
    "a|.",
    ".|a",
    "(?:[abc]|A|Z|hello|world)",
    "(?:[abc]|A|Z)",
    "\\Q+|*?{[\\E",
    "\\Q+\\E+",
    "\\Qab\\E+",
    "\\Q\\\\E",
    "\\Q\\\\\\E",
    "(?m)^",
    "(?m)$",
    "(?-m)^",
    "(?-m)$",
    "(?m)\\A",
    "(?m)\\z",
    "(?-m)\\A",
    "(?-m)\\z",
    "(?P<name>a)",
    "(?P<name>a)|(?P<name2>b)",
    "[Aa]",
    "[\\x{100}\\x{101}]",
    "[Δδ]",
    "abcde",
    "[a-c]",
    "\\x{0}",
    "\\x{10FFFF}",
    "\\x{110000}",
    "\\377",
    "\\8",
    "x{1000}",
    "((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})",
    // invalidRegexps
    "(",
    ")",
    "(a",
    "a)",
    "(a))",
    "(a|b|",
    "a|b|)",
    "(a|b|))",
    "(a|b",
    "a|b)",
    "(a|b))",
    "[a-z",
    "([a-z)",
    "[a-z)",
    "([a-z]))",
    "x{1001}",
    "x{9876543210}",
    "x{2,1}",
    "x{1,9876543210}",
    "\xff",
    "[\xff]",
    "[\\\xff]",
    "\\\xff",
    "(?P<name>a",
    "(?P<name>",
    "(?P<name",
    "(?P<x y>a)",
    "(?P<>a)",
    "[a-Z]",
    "(?i)[a-Z]",
    "a{100000}",
    "a{100000,}",
    "\\Q\\E*",
    "a**",
    "a*+",
    "a??",
    "(?<name>a)",
    "\\p{Foo}",
    "\\z\\Z",
    "x\\",
    // -test.run and -test.fuzz patterns
    "TestFoo",
    "^TestFoo$",
    "^Fuzz(A|B)$/^[0-9a-f]{64}$",
    "Test/sub#01",
    "^$",
    ".*/.*",
    "Foo/Bar/Baz",
    "^(TestA|TestB|TestC)$",
};

void FuzzRegexpSyntax(F *f) {
    selffuzz_addSeeds(f, regexpSeeds, sizeof regexpSeeds / sizeof regexpSeeds[0], GO_STRING);
    f_fuzz(f, fuzzRegexpSyntax, GO_STRING);
}
