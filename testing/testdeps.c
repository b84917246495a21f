// Ports go1.19.8 src/testing/internal/testdeps/deps.go: MatchString, with
// regexp.Compile and (*Regexp).MatchString done by PCRE2 after
// internal/std/regexp_syntax.c has parsed the pattern as Go does.
//
#define PCRE2_CODE_UNIT_WIDTH 8

#include <pcre2.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/match.h"

// compiled is one cached pattern. Go keeps only the last one (matchPat,
// matchRe); a -test.run with several elements or alternations asks for
// several in turn, so all are kept: there are as many as the flags hold.
typedef struct compiled {
    char *pat;
    pcre2_code *code; // NULL when pat is invalid
    go_error *err;    // why pat is invalid (its text is copied out)
    struct compiled *next;
} compiled;

// mu guards cache. Go's callers serialize MatchString with matchMutex; a
// lock of our own keeps it safe for any caller.
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static compiled *cache;

// compile is regexp.Compile(pat): Go's parser first, for Go's acceptance and
// error texts, then PCRE2 on the equivalent pattern it writes.
static compiled *compile(const char *pat) {
    compiled *c = runtime_calloc(1, sizeof *c);
    c->pat = runtime_strdup(pat);
    char *pcre;
    c->err = regexp_syntax_ToPCRE2(pat, strlen(pat), &pcre);
    if (c->err != NULL) {
        return c;
    }
    pcre2_compile_context *cc = pcre2_compile_context_create(NULL);
    pcre2_set_newline(cc, PCRE2_NEWLINE_LF);
    // Go accepts 1000 levels of nesting; each level may be a few groups here.
    pcre2_set_parens_nest_limit(cc, 10000);
    int errcode;
    PCRE2_SIZE erroffset;
    // ALT_CIRCUMFLEX: Go's (?m)^ matches after a final "\n" too. Subjects
    // are made valid UTF-8 before matching (see validUTF8).
    c->code = pcre2_compile((PCRE2_SPTR)pcre, PCRE2_ZERO_TERMINATED,
                            PCRE2_UTF | PCRE2_ALT_CIRCUMFLEX, &errcode, &erroffset, cc);
    pcre2_compile_context_free(cc);
    if (c->code == NULL) {
        // Go accepted the pattern but PCRE2 cannot take it (a limit of its
        // own): report it as Go reports an expression too big to compile.
        // ctest: Go 1.19 would accept it.
        c->err = fmt_Errorf(NULL, "error parsing regexp: regexp/syntax: internal error: `%s`", pat);
    }
    free(pcre);
    return c;
}

// validUTF8 returns str with each byte that is not part of valid UTF-8
// replaced by U+FFFD, which is how Go's regexp reads a string (as its range
// loop does), or NULL when str is valid already. Caller frees.
static char *validUTF8(const char *str, size_t n) {
    size_t i = 0, width;
    while (i < n) {
        int32_t r = utf8_DecodeRune(str + i, n - i, &width);
        if (r == 0xFFFD && width == 1) {
            break;
        }
        i += width;
    }
    if (i == n) {
        return NULL;
    }
    char *out = runtime_malloc(i + 3 * (n - i) + 1);
    memcpy(out, str, i);
    size_t o = i;
    while (i < n) {
        int32_t r = utf8_DecodeRune(str + i, n - i, &width);
        if (r == 0xFFFD && width == 1) {
            memcpy(out + o, "\xEF\xBF\xBD", 3);
            o += 3;
        } else {
            memcpy(out + o, str + i, width);
            o += width;
        }
        i += width;
    }
    out[o] = '\0';
    return out;
}

go_error *testing_matchString(const char *pat, const char *str, bool *ok) {
    pthread_mutex_lock(&mu);
    compiled *c = cache;
    while (c != NULL && strcmp(c->pat, pat) != 0) {
        c = c->next;
    }
    if (c == NULL) {
        c = compile(pat);
        c->next = cache;
        cache = c;
    }
    go_error *err = NULL;
    if (c->err != NULL) {
        err = errors_New(go_error_Error(c->err));
    } else {
        size_t n = strlen(str);
        char *valid = validUTF8(str, n);
        if (valid != NULL) {
            str = valid;
            n = strlen(valid);
        }
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(c->code, NULL);
        int rc = pcre2_match(c->code, (PCRE2_SPTR)str, n, 0, PCRE2_NO_UTF_CHECK, md, NULL);
        pcre2_match_data_free(md);
        free(valid);
        *ok = rc >= 0;
    }
    pthread_mutex_unlock(&mu);
    return err;
}
