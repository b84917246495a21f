// match.h: the test-name matcher (-test.run, -test.fuzz, -test.skip-like
// filters) and testdeps.MatchString. Internal to package testing; not
// installed.
//
// Ports go1.19.8 src/testing/match.go (matcher, filterMatch, splitRegexp,
// unique, rewrite) and src/testing/internal/testdeps/deps.go
// (MatchString, over PCRE2 with Go's regexp/syntax checked first by
// internal/std/regexp_syntax.c).
//
// Strings here are NUL-terminated C strings: test names and flag values
// cannot hold NUL in C.
#ifndef CTEST_TESTING_MATCH_H
#define CTEST_TESTING_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef PCRE2_CODE_UNIT_WIDTH
#define PCRE2_CODE_UNIT_WIDTH 8
#endif
#include <pcre2.h>

#include "internal/std/std.h"

// testing_matchStringFunc is the type of Go's
// matchString func(pat, str string) (bool, error): on success it sets *ok and
// returns NULL; a bad pattern returns the regexp/syntax error (caller frees),
// e.g. "error parsing regexp: missing closing ]: `[`".
typedef go_error *(*testing_matchStringFunc)(const char *pat, const char *str, bool *ok);

// testing_matchString is testdeps.TestDeps.MatchString: regexp.Compile(pat)
// (Go's RE2 syntax, unanchored search) then MatchString(str). Compiled
// patterns are cached. Safe to call from several threads.
go_error *testing_matchString(const char *pat, const char *str, bool *ok);

// testing_compilePCRE2 compiles one PCRE2 pattern that
// regexp_syntax_ToPCRE2 wrote, with the options testing_matchString
// matches with; NULL, with PCRE2's error code and offset, if it cannot.
pcre2_code *testing_compilePCRE2(const char *pcre, int *errcode, PCRE2_SIZE *erroffset);

// testing_simpleMatch is Go's simpleMatch ([]string): a name matches if each
// of its '/'-separated elements matches the pattern at the same index.
typedef struct testing_simpleMatch {
    char **elems; // the patterns, owned
    size_t len;   // how many
} testing_simpleMatch;

// testing_filterMatch is Go's filterMatch interface as splitRegexp builds it:
// either one simpleMatch (alternation false, len 1) or an alternationMatch of
// simpleMatches, one per top-level '|' branch (alternation true).
typedef struct testing_filterMatch {
    bool alternation;          // an alternationMatch rather than a simpleMatch
    testing_simpleMatch *alts; // the simpleMatches, owned
    size_t len;                // how many (1 for a simpleMatch)
} testing_filterMatch;

// testing_splitRegexp is splitRegexp: splits s at unbracketed, unparenthesized
// '/' and '|'. The caller frees the result with testing_filterMatch_free.
testing_filterMatch *testing_splitRegexp(const char *s);
// testing_filterMatch_matches is filterMatch.matches over the n elements of a
// name (its '/'-separated parts).
void testing_filterMatch_matches(const testing_filterMatch *m, const char *const *name, size_t n,
                                 testing_matchStringFunc matchString, bool *ok, bool *partial);
// testing_filterMatch_verify is filterMatch.verify: it rewrites each pattern
// in place (as Go's does) and checks it compiles. name is the flag's name
// ("-test.run"). The error reads "element 0 of -test.run (\"[\"): error
// parsing regexp: ..." or "alternation 1 of element ...".
go_error *testing_filterMatch_verify(testing_filterMatch *m, const char *name,
                                     testing_matchStringFunc matchString);
// testing_filterMatch_GoString is %#v of m as match_test.go prints it:
// testing.simpleMatch{"A", "B"} or (testing.simpleMatch{"A"} | ...). Caller frees.
char *testing_filterMatch_GoString(const testing_filterMatch *m);
// testing_filterMatch_free frees m; NULL is a no-op.
void testing_filterMatch_free(testing_filterMatch *m);

// testing_matcher is Go's matcher: it sanitizes, uniques and filters the
// names of tests and subtests. Parallel subtests call fullName from several
// threads; mu guards subNames, as in Go.
typedef struct testing_matcher testing_matcher;

// testing_newMatcher is newMatcher: patterns is the flag's value ("" matches
// everything), name the flag's name for the error ("-test.run"). A bad
// pattern prints "testing: invalid regexp for <err>" to stderr and exits 1,
// as Go does. Free with testing_matcher_free.
testing_matcher *testing_newMatcher(testing_matchStringFunc matchString, const char *patterns,
                                    const char *name);

// testing_matcher_fullName is (*matcher).fullName(c, subname). Go's c is the
// parent's common: pass its name and level, or parentName NULL for Go's
// c == nil (a top-level test: the name is subname unchanged). With a parent of
// level > 0 the subname is rewritten and made unique ("x/a#01"). *name is
// the full name (caller frees); *ok says whether it matches the filter and
// *partial whether it matches only a prefix of the pattern's elements (a
// parent of tests that may match).
void testing_matcher_fullName(testing_matcher *m, const char *parentName, int parentLevel,
                              const char *subname, char **name, bool *ok, bool *partial);

// testing_matcher_clearSubNames is (*matcher).clearSubNames: forgets the names
// handed out so far, so T.Name may repeat earlier subtests' names.
void testing_matcher_clearSubNames(testing_matcher *m);

// testing_matcher_unique is (*matcher).unique: parent + "/" + subname,
// suffixed with #01, #02, ... when already used. subname is taken as is (not
// rewritten). Caller frees. Locks mu (Go's caller holds it; FuzzNaming calls
// unique directly).
char *testing_matcher_unique(testing_matcher *m, const char *parent, const char *subname);

// testing_parseSubtestNumber is parseSubtestNumber: s's prefix before a
// "#%02d"-formatted int32 suffix (*prefixLen bytes) and that number, or all
// of s and 0 when there is no such suffix.
void testing_parseSubtestNumber(const char *s, size_t *prefixLen, int32_t *nn);

// testing_matcher_free frees m; NULL is a no-op.
void testing_matcher_free(testing_matcher *m);

// testing_rewrite is rewrite: white space becomes '_', non-printable runes
// their strconv.QuoteRune escape without the quotes, invalid UTF-8 U+FFFD.
// Caller frees.
char *testing_rewrite(const char *s);

#endif // CTEST_TESTING_MATCH_H
