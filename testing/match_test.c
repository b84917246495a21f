// Ports go1.19.8 src/testing/match_test.go: TestIsSpace, TestSplitRegexp,
// TestMatcher, TestNaming and FuzzNaming, Go's rows in Go's order.
//
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/match.h"
#include "testing/testing.h"

// Verify that our isSpace agrees with unicode.IsSpace, whose true runes Go
// 1.19.8 listed in golden/vectors/match/isspace.txt. Go's isSpace is
// unicode_IsSpace here, which this checks.
void TestIsSpace(T *t) {
    static const char path[] = "../golden/vectors/match/isspace.txt";
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        t_fatalf(t, "cannot read %s", path);
    }
    bool *space = runtime_calloc(0x10FFFF + 1, sizeof(bool));
    unsigned r;
    while (fscanf(f, "U+%X\n", &r) == 1) {
        if (r <= 0x10FFFF) {
            space[r] = true;
        }
    }
    fclose(f);
    int n = 0;
    for (int32_t c = 0; c <= 0x10FFFF; c++) {
        if (unicode_IsSpace(c) != space[c]) {
            t_errorf(t, "IsSpace(U+%04X)=%s incorrect", (unsigned)c,
                     unicode_IsSpace(c) ? "true" : "false");
            n++;
            if (n > 10) {
                break;
            }
        }
    }
    free(space);
}

// A filterMatch as Go's test writes it: res("A", "B") is
// simpleMatch{"A", "B"}, alt(res(...), res(...)) an alternationMatch.
enum { maxElems = 5, maxAlts = 2 };
typedef struct wantMatch {
    int nalts; // 0: a simpleMatch (alts[0]); else an alternationMatch of nalts
    struct {
        int n;
        const char *elems[maxElems];
    } alts[maxAlts];
} wantMatch;

#define res(...)                                                                                   \
    {                                                                                              \
        0, {                                                                                       \
            {                                                                                      \
                sizeof((const char *[]){ __VA_ARGS__ }) / sizeof(const char *), {                  \
                    __VA_ARGS__                                                                    \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
    }
#define alt2(a, b)                                                                                 \
    {                                                                                              \
        2, {                                                                                       \
            { sizeof((const char *[]){ a }) / sizeof(const char *), { a } }, {                     \
                sizeof((const char *[]){ b }) / sizeof(const char *), {                            \
                    b                                                                              \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
    }
#define L(...) __VA_ARGS__

static bool filterMatchEqual(const testing_filterMatch *got, const wantMatch *want) {
    if (got->alternation != (want->nalts > 0)) {
        return false;
    }
    size_t nalts = want->nalts > 0 ? (size_t)want->nalts : 1;
    if (got->len != nalts) {
        return false;
    }
    for (size_t i = 0; i < nalts; i++) {
        if (got->alts[i].len != (size_t)want->alts[i].n) {
            return false;
        }
        for (size_t j = 0; j < got->alts[i].len; j++) {
            if (strcmp(got->alts[i].elems[j], want->alts[i].elems[j]) != 0) {
                return false;
            }
        }
    }
    return true;
}

static char *wantGoString(const wantMatch *want) {
    testing_filterMatch m = { want->nalts > 0, NULL, want->nalts > 0 ? (size_t)want->nalts : 1 };
    m.alts = runtime_calloc(m.len, sizeof(testing_simpleMatch));
    for (size_t i = 0; i < m.len; i++) {
        m.alts[i].elems = (char **)want->alts[i].elems;
        m.alts[i].len = (size_t)want->alts[i].n;
    }
    char *s = testing_filterMatch_GoString(&m);
    free(m.alts);
    return s;
}

void TestSplitRegexp(T *t) {
    static const struct {
        const char *pattern;
        wantMatch result;
    } testCases[] = {
        // Valid patterns: each piece of the split must be a valid regexp
        // too.
        { "", res("") },
        { "/", res("", "") },
        { "//", res("", "", "") },
        { "A", res("A") },
        { "A/B", res("A", "B") },
        { "A/B/", res("A", "B", "") },
        { "/A/B/", res("", "A", "B", "") },
        { "[A]/(B)", res("[A]", "(B)") },
        { "[/]/[/]", res("[/]", "[/]") },
        { "[/]/[:/]", res("[/]", "[:/]") },
        { "/]", res("", "]") },
        { "]/", res("]", "") },
        { "]/[/]", res("]", "[/]") },
        { "([)/][(])", res("([)/][(])") },
        { "[(]/[)]", res("[(]", "[)]") },

        { "A/B|C/D", alt2(L("A", "B"), L("C", "D")) },

        // Invalid patterns: the error must survive the split, in one piece
        // at least.
        { ")/", res(")/") },
        { ")/(/)", res(")/(", ")") },
        { "a[/)b", res("a[/)b") },
        { "(/]", res("(/]") },
        { "(/", res("(/") },
        { "[/]/[/", res("[/]", "[/") },
        { "\\p{/}", res("\\p{", "}") },
        { "\\p/", res("\\p", "") },
        { "[[:/:]]", res("[[:/:]]") },
    };
    for (size_t i = 0; i < sizeof testCases / sizeof testCases[0]; i++) {
        const char *pattern = testCases[i].pattern;
        testing_filterMatch *a = testing_splitRegexp(pattern);
        if (!filterMatchEqual(a, &testCases[i].result)) {
            char *q = strconv_Quote(pattern, strlen(pattern));
            char *got = testing_filterMatch_GoString(a);
            char *want = wantGoString(&testCases[i].result);
            t_errorf(t, "splitRegexp(%s) = %s; want %s", q, got, want);
            free(q);
            free(got);
            free(want);
        }

        // A pattern that does not compile must leave at least one piece
        // that does not compile either: verify reports it.
        bool matched;
        go_error *err = testing_matchString(pattern, "", &matched);
        if (err != NULL) {
            go_error *verr = testing_filterMatch_verify(a, "", testing_matchString);
            if (verr == NULL) {
                char *got = testing_filterMatch_GoString(a);
                t_errorf(t, "%s: expected error in any of %s", pattern, got);
                free(got);
            }
            go_error_free(verr);
        }
        go_error_free(err);
        testing_filterMatch_free(a);
    }
}

void TestMatcher(T *t) {
    static const struct {
        const char *pattern;
        const char *parent, *sub;
        bool ok;
        bool partial;
    } testCases[] = {
        // Behavior without subtests.
        { "", "", "TestFoo", true, false },
        { "TestFoo", "", "TestFoo", true, false },
        { "TestFoo/", "", "TestFoo", true, true },
        { "TestFoo/bar/baz", "", "TestFoo", true, true },
        { "TestFoo", "", "TestBar", false, false },
        { "TestFoo/", "", "TestBar", false, false },
        { "TestFoo/bar/baz", "", "TestBar/bar/baz", false, false },

        // with subtests
        { "", "TestFoo", "x", true, false },
        { "TestFoo", "TestFoo", "x", true, false },
        { "TestFoo/", "TestFoo", "x", true, false },
        { "TestFoo/bar/baz", "TestFoo", "bar", true, true },
        // A subtest whose own name holds a '/' is still matched by the full
        // name as printed, so that name can be pasted into -run.
        { "TestFoo/bar/baz", "TestFoo", "bar/baz", true, false },
        { "TestFoo/bar/baz", "TestFoo/bar", "baz", true, false },
        { "TestFoo/bar/baz", "TestFoo", "x", false, false },
        { "TestFoo", "TestBar", "x", false, false },
        { "TestFoo/", "TestBar", "x", false, false },
        { "TestFoo/bar/baz", "TestBar", "x/bar/baz", false, false },

        { "A/B|C/D", "TestA", "B", true, false },
        { "A/B|C/D", "TestC", "D", true, false },
        { "A/B|C/D", "TestA", "C", false, false },

        // subtests only
        { "", "TestFoo", "x", true, false },
        { "/", "TestFoo", "x", true, false },
        { "./", "TestFoo", "x", true, false },
        { "./.", "TestFoo", "x", true, false },
        { "/bar/baz", "TestFoo", "bar", true, true },
        { "/bar/baz", "TestFoo", "bar/baz", true, false },
        { "//baz", "TestFoo", "bar/baz", true, false },
        { "//", "TestFoo", "bar/baz", true, false },
        { "/bar/baz", "TestFoo/bar", "baz", true, false },
        { "//foo", "TestFoo", "bar/baz", false, false },
        { "/bar/baz", "TestFoo", "x", false, false },
        { "/bar/baz", "TestBar", "x/bar/baz", false, false },
    };
    for (size_t i = 0; i < sizeof testCases / sizeof testCases[0]; i++) {
        testing_matcher *m =
                testing_newMatcher(testing_matchString, testCases[i].pattern, "-test.run");
        // Go's parent is &common{name: tc.parent}, at level 1 when named.
        int level = testCases[i].parent[0] != '\0' ? 1 : 0;
        char *n;
        bool ok, partial;
        testing_matcher_fullName(m, testCases[i].parent, level, testCases[i].sub, &n, &ok,
                                 &partial);
        if (ok != testCases[i].ok || partial != testCases[i].partial) {
            t_errorf(t,
                     "for pattern \"%s\", fullName(parent=\"%s\", sub=\"%s\") = \"%s\", ok %s "
                     "partial %s; want ok %s partial %s",
                     testCases[i].pattern, testCases[i].parent, testCases[i].sub, n,
                     ok ? "true" : "false", partial ? "true" : "false",
                     testCases[i].ok ? "true" : "false", testCases[i].partial ? "true" : "false");
        }
        free(n);
        testing_matcher_free(m);
    }
}

static const struct {
    const char *name, *want;
} namingTestCases[] = {
    // Uniqueness
    { "", "x/#00" },
    { "", "x/#01" },
    { "#0", "x/#0" },      // Doesn't conflict with #00 because the number of digits differs.
    { "#00", "x/#00#01" }, // Conflicts with implicit #00 (used above), so add a suffix.
    { "#", "x/#" },
    { "#", "x/##01" },

    { "t", "x/t" },
    { "t", "x/t#01" },
    { "t", "x/t#02" },
    { "t#00", "x/t#00" }, // Explicit "#00" doesn't conflict with the unsuffixed first subtest.

    { "a#01", "x/a#01" },    // user has subtest with this name.
    { "a", "x/a" },          // doesn't conflict with this name.
    { "a", "x/a#02" },       // This string is claimed now, so resume
    { "a", "x/a#03" },       // with counting.
    { "a#02", "x/a#02#01" }, // We already used a#02 once, so add a suffix.

    { "b#00", "x/b#00" },
    { "b", "x/b" }, // Implicit 0 doesn't conflict with explicit "#00".
    { "b", "x/b#01" },
    { "b#9223372036854775807", "x/b#9223372036854775807" }, // MaxInt64
    { "b", "x/b#02" },
    { "b", "x/b#03" },

    // Sanitizing
    { "A:1 B:2", "x/A:1_B:2" },
    { "s\t\r\u00a0", "x/s___" },
    { "\x01", "x/\\x01" },
    { "\U0010ffff", "x/\\U0010ffff" },
};

void TestNaming(T *t) {
    testing_matcher *m = testing_newMatcher(testing_matchString, "", "");
    // Go's parent is &common{name: "x", level: 1}: a top-level test.
    for (size_t i = 0; i < sizeof namingTestCases / sizeof namingTestCases[0]; i++) {
        char *got;
        bool ok, partial;
        testing_matcher_fullName(m, "x", 1, namingTestCases[i].name, &got, &ok, &partial);
        if (strcmp(got, namingTestCases[i].want) != 0) {
            char *qgot = strconv_Quote(got, strlen(got));
            char *qwant = strconv_Quote(namingTestCases[i].want, strlen(namingTestCases[i].want));
            t_errorf(t, "%zu:%s: got %s; want %s", i, namingTestCases[i].name, qgot, qwant);
            free(qgot);
            free(qwant);
        }
        free(got);
    }
    testing_matcher_free(m);
}

// FuzzNaming's closure state: Go's m and seen, shared by every call of the
// fuzz function. seen maps each generated name to the subname it came from.
static testing_matcher *fuzzNamingMatcher;
static struct {
    char **names, **subnames;
    size_t len;
} fuzzNamingSeen;

static void fuzzNamingReset(void) {
    testing_matcher_free(fuzzNamingMatcher);
    fuzzNamingMatcher = testing_newMatcher(testing_matchString, "", "");
    for (size_t i = 0; i < fuzzNamingSeen.len; i++) {
        free(fuzzNamingSeen.names[i]);
        free(fuzzNamingSeen.subnames[i]);
    }
    free(fuzzNamingSeen.names);
    free(fuzzNamingSeen.subnames);
    fuzzNamingSeen.names = fuzzNamingSeen.subnames = NULL;
    fuzzNamingSeen.len = 0;
}

static void fuzzNaming(T *t, go_string subname) {
    if (subname.len > 10) {
        // Long names attract the OOM killer.
        t_skipnow(t);
    }
    // ctest: a subname holding NUL is cut there, as C strings are.
    char *sub = runtime_strndup(subname.ptr, subname.len);
    char *name = testing_matcher_unique(fuzzNamingMatcher, "x", sub);
    char *slashSub = runtime_sprintf("/%s", sub);
    if (strstr(name, slashSub) == NULL) {
        t_errorf(t, "name \"%s\" does not contain subname \"%s\"", name, sub);
    }
    free(slashSub);
    for (size_t i = 0; i < fuzzNamingSeen.len; i++) {
        if (strcmp(fuzzNamingSeen.names[i], name) == 0) {
            t_errorf(t, "name \"%s\" generated by both \"%s\" and \"%s\"", name,
                     fuzzNamingSeen.subnames[i], sub);
        }
    }
    // ctest: seen is a list searched in full, so it is reset at 1e4 entries
    // rather than Go's 1e6.
    if (fuzzNamingSeen.len > 10000) {
        fuzzNamingReset(); // free up memory
    }
    size_t n = fuzzNamingSeen.len + 1;
    fuzzNamingSeen.names = runtime_realloc(fuzzNamingSeen.names, n * sizeof(char *));
    fuzzNamingSeen.subnames = runtime_realloc(fuzzNamingSeen.subnames, n * sizeof(char *));
    fuzzNamingSeen.names[n - 1] = name;
    fuzzNamingSeen.subnames[n - 1] = sub;
    fuzzNamingSeen.len = n;
}

void FuzzNaming(F *f) {
    for (size_t i = 0; i < sizeof namingTestCases / sizeof namingTestCases[0]; i++) {
        const char *name = namingTestCases[i].name;
        f_add(f, GO_STRING_N(name, strlen(name)));
    }
    fuzzNamingReset();
    f_fuzz(f, fuzzNaming, GO_STRING);
}

// TestMatchStringLarge: a -test.run of thousands of names (some 40,000
// bytes), too large for one PCRE2 program, matches as Go's regexp does:
// its alternation is compiled in parts. An alternation under a repetition
// cannot be cut into parts; too large, it is Go's internal error.
void TestMatchStringLarge(T *t) {
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, "^(");
    for (int i = 0; i < 3000; i++) {
        strings_Builder_Printf(&b, "TestName%05d|", i);
    }
    strings_Builder_WriteString(&b, "Other)$");
    char *pat = strings_Builder_Detach(&b);
    static const struct {
        const char *str;
        bool want;
    } cases[] = {
        { "TestName00000", true },   { "TestName01234", true },
        { "TestName02999", true },   { "Other", true },
        { "TestName03000", false },  { "TestName0123", false },
        { "xTestName00001", false }, { "", false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool ok = !cases[i].want;
        go_error *err = testing_matchString(pat, cases[i].str, &ok);
        if (err != NULL || ok != cases[i].want) {
            t_errorf(t, "matchString(<%zu-byte pattern>, %s): got %d, %s; want %d", strlen(pat),
                     cases[i].str, ok, err != NULL ? go_error_Error(err) : "no error",
                     cases[i].want);
        }
        go_error_free(err);
    }
    free(pat);

    // A repetition of it cannot be cut into parts: the program runs it
    // (regexp_vm.c), as Go accepts it.
    strings_Builder_WriteString(&b, "^(?:");
    for (int i = 0; i < 3000; i++) {
        strings_Builder_Printf(&b, "%sTestName%05d", i > 0 ? "|" : "", i);
    }
    strings_Builder_WriteString(&b, ")+$");
    pat = strings_Builder_Detach(&b);
    static const struct {
        const char *str;
        bool want;
    } repeated[] = {
        { "TestName00001", true },
        { "TestName00001TestName02999", true },
        { "TestName03000", false },
        { "TestName00001x", false },
        { "", false },
    };
    for (size_t i = 0; i < sizeof repeated / sizeof repeated[0]; i++) {
        bool ok = !repeated[i].want;
        go_error *err = testing_matchString(pat, repeated[i].str, &ok);
        if (err != NULL || ok != repeated[i].want) {
            t_errorf(t, "matchString(<repeated alternation>, %s): got %d, %s; want %d",
                     repeated[i].str, ok, err != NULL ? go_error_Error(err) : "no error",
                     repeated[i].want);
        }
        go_error_free(err);
    }
    free(pat);
}

// TestMatchStringTooLargeForPCRE2: patterns Go accepts that PCRE2 cannot
// hold in one program, nor in parts, are accepted, and match as Go's do.
// (The subjects that match start where the pattern's first rune is alone,
// so that the search's threads die at once elsewhere: a search on this
// program is quadratic at worst, as Go's.)
void TestMatchStringTooLargeForPCRE2(T *t) {
    strings_Builder b = { 0 };
    static const struct {
        const char *first, *unit;
        int times;
        const char *match; // the subject's first rune, then a run of 'a'
        int n;             // of n letters in all
    } tests[] = {
        { "", "[a-z]{1000}", 2, "a", 2000 }, { "", "a", 33000, "a", 33000 },
        { "", "(a|b)", 8000, "a", 8000 },    { "c", "b", 33000, "c", 33001 },
        { "c", "(a|b)", 8000, "c", 8001 },
    };
    char *subject = runtime_malloc(33002);
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        strings_Builder_WriteString(&b, tests[i].first);
        for (int k = 0; k < tests[i].times; k++) {
            strings_Builder_WriteString(&b, tests[i].unit);
        }
        char *pat = strings_Builder_Detach(&b);
        bool ok = true;
        go_error *err = testing_matchString(pat, "xyz", &ok);
        if (err != NULL || ok) {
            t_errorf(t, "matchString(%s%s x %d, xyz): got %d, %s; want 0, no error", tests[i].first,
                     tests[i].unit, tests[i].times, ok,
                     err != NULL ? go_error_Error(err) : "no error");
        }
        go_error_free(err);
        if (tests[i].first[0] == '\0' && tests[i].n > 2000) {
            free(pat); // only accepted: its match is quadratic in the subject
            continue;
        }
        char fill = strcmp(tests[i].unit, "b") == 0 ? 'b' : 'a';
        for (int extra = 0; extra <= 1; extra++) {
            // The subject that matches, then one letter short of it.
            int n = tests[i].n - extra;
            memset(subject, fill, (size_t)n);
            subject[0] = tests[i].match[0];
            subject[n] = '\0';
            ok = extra == 1;
            err = testing_matchString(pat, subject, &ok);
            if (err != NULL || ok != (extra == 0)) {
                t_errorf(t, "matchString(%s%s x %d, %d letters): got %d, %s; want %d",
                         tests[i].first, tests[i].unit, tests[i].times, n, ok,
                         err != NULL ? go_error_Error(err) : "no error", extra == 0);
            }
            go_error_free(err);
        }
        free(pat);
    }
    free(subject);
}
