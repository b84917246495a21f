// Ports go1.19.8 src/testing/match.go: matcher, simpleMatch, alternationMatch,
// splitRegexp, unique, parseSubtestNumber, rewrite. Go's isSpace, its own
// copy of unicode.IsSpace, is internal/std's unicode_IsSpace here.
//
#include "testing/match.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/internal.h"

// ---- subNames: Go's map[string]int32, open addressing ----

typedef struct subNameEntry {
    char *key; // NULL: empty slot
    int32_t n;
} subNameEntry;

typedef struct subNameMap {
    subNameEntry *slots;
    size_t cap, len; // cap is 0 or a power of two
} subNameMap;

static uint64_t hashString(const char *s) {
    uint64_t h = 14695981039346656037u; // FNV-1a
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211u;
    }
    return h;
}

static subNameEntry *subNameMap_find(subNameMap *m, const char *key) {
    if (m->cap == 0) {
        return NULL;
    }
    size_t i = (size_t)hashString(key) & (m->cap - 1);
    while (m->slots[i].key != NULL) {
        if (strcmp(m->slots[i].key, key) == 0) {
            return &m->slots[i];
        }
        i = (i + 1) & (m->cap - 1);
    }
    return &m->slots[i];
}

// subNameMap_get is m[key], 0 when absent.
static int32_t subNameMap_get(subNameMap *m, const char *key) {
    subNameEntry *e = subNameMap_find(m, key);
    return e != NULL && e->key != NULL ? e->n : 0;
}

static void subNameMap_set(subNameMap *m, const char *key, int32_t n) {
    if ((m->len + 1) * 2 > m->cap) {
        subNameMap old = *m;
        m->cap = old.cap ? old.cap * 2 : 64;
        m->slots = runtime_calloc(m->cap, sizeof(subNameEntry));
        m->len = 0;
        for (size_t i = 0; i < old.cap; i++) {
            if (old.slots[i].key != NULL) {
                subNameEntry *e = subNameMap_find(m, old.slots[i].key);
                *e = old.slots[i];
                m->len++;
            }
        }
        free(old.slots);
    }
    subNameEntry *e = subNameMap_find(m, key);
    if (e->key == NULL) {
        e->key = runtime_strdup(key);
        m->len++;
    }
    e->n = n;
}

static void subNameMap_clear(subNameMap *m) {
    for (size_t i = 0; i < m->cap; i++) {
        free(m->slots[i].key);
    }
    free(m->slots);
    *m = (subNameMap){ 0 };
}

// ---- matcher ----

struct testing_matcher {
    testing_filterMatch *filter; // NULL when the pattern is "" (matches all)
    testing_matchStringFunc matchFunc;

    pthread_mutex_t mu; // guards subNames
    // subNames makes subtest names unique: it maps "parent/sub", with the
    // parent's already unique name, to the number of times that name has
    // come up so far.
    subNameMap subNames;
};

// matchMutex serializes calls of matchFunc, as match.go's matchMutex does
// (testdeps.MatchString caches its compiled pattern in globals).
static pthread_mutex_t matchMutex = PTHREAD_MUTEX_INITIALIZER;

testing_matcher *testing_newMatcher(testing_matchStringFunc matchString, const char *patterns,
                                    const char *name) {
    testing_filterMatch *impl = NULL;
    if (patterns[0] != '\0') {
        impl = testing_splitRegexp(patterns);
        go_error *err = testing_filterMatch_verify(impl, name, matchString);
        if (err != NULL) {
            fprintf(stderr, "testing: invalid regexp for %s\n", go_error_Error(err));
            fflush(stderr);
            // Freed before exiting so that a sanitizer build reports no leak.
            go_error_free(err);
            testing_filterMatch_free(impl);
            exit(1);
        }
    }
    testing_matcher *m = runtime_calloc(1, sizeof *m);
    m->filter = impl;
    m->matchFunc = matchString;
    pthread_mutex_init(&m->mu, NULL);
    return m;
}

void testing_matcher_free(testing_matcher *m) {
    if (m == NULL) {
        return;
    }
    testing_filterMatch_free(m->filter);
    subNameMap_clear(&m->subNames);
    pthread_mutex_destroy(&m->mu);
    free(m);
}

// unique is (*matcher).unique with mu held.
static char *unique(testing_matcher *m, const char *parent, const char *subname) {
    char *base = runtime_sprintf("%s/%s", parent, subname);
    for (;;) {
        int32_t n = subNameMap_get(&m->subNames, base);
        if (n < 0) {
            go_panic("subtest count overflow");
        }
        subNameMap_set(&m->subNames, base, n + 1);

        if (n == 0 && subname[0] != '\0') {
            // Is base explicitly named like "parent/subname#NN", with #NN
            // already used for the NNth occurrence of "parent/subname"? Then
            // loop to add a disambiguating suffix.
            size_t prefixLen;
            int32_t nn;
            testing_parseSubtestNumber(base, &prefixLen, &nn);
            if (prefixLen < strlen(base)) {
                char *prefix = runtime_strndup(base, prefixLen);
                bool used = nn < subNameMap_get(&m->subNames, prefix);
                free(prefix);
                if (used) {
                    continue;
                }
            }
            return base;
        }

        char *name = runtime_sprintf("%s#%02d", base, n);
        if (subNameMap_get(&m->subNames, name) != 0) {
            // base#NN is taken, by a subtest that was given that very name:
            // go on to the next number.
            free(name);
            continue;
        }
        free(base);
        return name;
    }
}

char *testing_matcher_unique(testing_matcher *m, const char *parent, const char *subname) {
    pthread_mutex_lock(&m->mu);
    char *name = unique(m, parent, subname);
    pthread_mutex_unlock(&m->mu);
    return name;
}

void testing_parseSubtestNumber(const char *s, size_t *prefixLen, int32_t *nn) {
    size_t n = strlen(s);
    *prefixLen = n;
    *nn = 0;
    const char *hash = strrchr(s, '#');
    if (hash == NULL) {
        return;
    }
    size_t i = (size_t)(hash - s);
    const char *suffix = hash + 1;
    size_t suffixLen = n - i - 1;
    if (suffixLen < 2 || (suffixLen > 2 && suffix[0] == '0')) {
        // Not a possible output of "%02d": too few digits or too many
        // leading zeroes.
        return;
    }
    if (strcmp(suffix, "00") == 0) {
        // "#00" is the suffix only of subtests named "": the prefix must
        // end in "/".
        if (i == 0 || s[i - 1] != '/') {
            return;
        }
    }
    int64_t v;
    go_error *err = strconv_ParseInt(suffix, suffixLen, 10, 32, &v);
    if (err != NULL || v < 0) {
        go_error_free(err);
        return;
    }
    *prefixLen = i;
    *nn = (int32_t)v;
}

void testing_matcher_fullName(testing_matcher *m, const char *parentName, int parentLevel,
                              const char *subname, char **name, bool *ok, bool *partial) {
    char *full;
    pthread_mutex_lock(&m->mu);
    if (parentName != NULL && parentLevel > 0) {
        char *sub = testing_rewrite(subname);
        full = unique(m, parentName, sub);
        free(sub);
    } else {
        full = runtime_strdup(subname);
    }
    pthread_mutex_unlock(&m->mu);

    *name = full;
    if (m->filter == NULL) {
        *ok = true;
        *partial = false;
        return;
    }

    // Match the full list of elements each time: a pattern may contain '/'.
    size_t nelem = 1;
    for (const char *p = full; *p; p++) {
        nelem += *p == '/';
    }
    char *copy = runtime_strdup(full);
    const char **elem = runtime_malloc(nelem * sizeof *elem);
    size_t k = 0;
    elem[k++] = copy;
    for (char *p = copy; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            elem[k++] = p + 1;
        }
    }
    pthread_mutex_lock(&matchMutex);
    testing_filterMatch_matches(m->filter, elem, nelem, m->matchFunc, ok, partial);
    pthread_mutex_unlock(&matchMutex);
    free(elem);
    free(copy);
}

void testing_matcher_clearSubNames(testing_matcher *m) {
    pthread_mutex_lock(&m->mu);
    subNameMap_clear(&m->subNames);
    pthread_mutex_unlock(&m->mu);
}

// ---- simpleMatch, alternationMatch ----

static void simpleMatch_matches(const testing_simpleMatch *m, const char *const *name, size_t n,
                                testing_matchStringFunc matchString, bool *ok, bool *partial) {
    for (size_t i = 0; i < n && i < m->len; i++) {
        bool matched = false;
        go_error *err = matchString(m->elems[i], name[i], &matched);
        go_error_free(err); // Go ignores it: verify has already reported bad patterns
        if (err != NULL || !matched) {
            *ok = false;
            *partial = false;
            return;
        }
    }
    *ok = true;
    *partial = n < m->len;
}

static go_error *simpleMatch_verify(testing_simpleMatch *m, const char *name,
                                    testing_matchStringFunc matchString) {
    for (size_t i = 0; i < m->len; i++) {
        char *s = testing_rewrite(m->elems[i]);
        free(m->elems[i]);
        m->elems[i] = s;
    }
    // Verify filters before doing any processing.
    for (size_t i = 0; i < m->len; i++) {
        bool matched;
        go_error *err = matchString(m->elems[i], "non-empty", &matched);
        if (err != NULL) {
            char *q = strconv_Quote(m->elems[i], strlen(m->elems[i]));
            go_error *e =
                    fmt_Errorf(NULL, "element %zu of %s (%s): %s", i, name, q, go_error_Error(err));
            free(q);
            go_error_free(err);
            return e;
        }
    }
    return NULL;
}

void testing_filterMatch_matches(const testing_filterMatch *m, const char *const *name, size_t n,
                                 testing_matchStringFunc matchString, bool *ok, bool *partial) {
    if (!m->alternation) {
        simpleMatch_matches(&m->alts[0], name, n, matchString, ok, partial);
        return;
    }
    for (size_t i = 0; i < m->len; i++) {
        simpleMatch_matches(&m->alts[i], name, n, matchString, ok, partial);
        if (*ok) {
            return;
        }
    }
    *ok = false;
    *partial = false;
}

go_error *testing_filterMatch_verify(testing_filterMatch *m, const char *name,
                                     testing_matchStringFunc matchString) {
    if (!m->alternation) {
        return simpleMatch_verify(&m->alts[0], name, matchString);
    }
    for (size_t i = 0; i < m->len; i++) {
        go_error *err = simpleMatch_verify(&m->alts[i], name, matchString);
        if (err != NULL) {
            go_error *e = fmt_Errorf(NULL, "alternation %zu of %s", i, go_error_Error(err));
            go_error_free(err);
            return e;
        }
    }
    return NULL;
}

static void simpleMatch_append(testing_simpleMatch *a, const char *s, size_t n) {
    a->elems = runtime_realloc(a->elems, (a->len + 1) * sizeof(char *));
    a->elems[a->len++] = runtime_strndup(s, n);
}

static void filterMatch_appendAlt(testing_filterMatch *b, testing_simpleMatch a) {
    b->alts = runtime_realloc(b->alts, (b->len + 1) * sizeof(testing_simpleMatch));
    b->alts[b->len++] = a;
}

testing_filterMatch *testing_splitRegexp(const char *s) {
    testing_filterMatch *b = runtime_calloc(1, sizeof *b);
    testing_simpleMatch a = { 0 };
    int cs = 0, cp = 0; // bracket (class) and parenthesis depth
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        switch (s[i]) {
        case '[':
            cs++;
            break;
        case ']':
            if (--cs < 0) { // an unmatched ']' is legal
                cs = 0;
            }
            break;
        case '(':
            if (cs == 0) {
                cp++;
            }
            break;
        case ')':
            if (cs == 0) {
                cp--;
            }
            break;
        case '\\':
            i++;
            break;
        case '/':
            if (cs == 0 && cp == 0) {
                simpleMatch_append(&a, s, i);
                s += i + 1;
                n -= i + 1;
                i = 0;
                continue;
            }
            break;
        case '|':
            if (cs == 0 && cp == 0) {
                simpleMatch_append(&a, s, i);
                s += i + 1;
                n -= i + 1;
                i = 0;
                filterMatch_appendAlt(b, a);
                a = (testing_simpleMatch){ 0 };
                continue;
            }
            break;
        default:
            break;
        }
        i++;
    }
    // A trailing '\' makes i step past the end, as in Go; s[:n] is what's left.
    simpleMatch_append(&a, s, n);
    filterMatch_appendAlt(b, a);
    b->alternation = b->len > 1;
    return b;
}

void testing_filterMatch_free(testing_filterMatch *m) {
    if (m == NULL) {
        return;
    }
    for (size_t i = 0; i < m->len; i++) {
        for (size_t j = 0; j < m->alts[i].len; j++) {
            free(m->alts[i].elems[j]);
        }
        free(m->alts[i].elems);
    }
    free(m->alts);
    free(m);
}

static void simpleMatch_goString(strings_Builder *b, const testing_simpleMatch *m) {
    strings_Builder_WriteString(b, "testing.simpleMatch{");
    for (size_t i = 0; i < m->len; i++) {
        if (i > 0) {
            strings_Builder_WriteString(b, ", ");
        }
        char *q = strconv_Quote(m->elems[i], strlen(m->elems[i]));
        strings_Builder_WriteString(b, q);
        free(q);
    }
    strings_Builder_WriteString(b, "}");
}

char *testing_filterMatch_GoString(const testing_filterMatch *m) {
    strings_Builder b = { 0 };
    if (!m->alternation) {
        simpleMatch_goString(&b, &m->alts[0]);
        return strings_Builder_Detach(&b);
    }
    strings_Builder_WriteString(&b, "(");
    for (size_t i = 0; i < m->len; i++) {
        if (i > 0) {
            strings_Builder_WriteString(&b, " | ");
        }
        simpleMatch_goString(&b, &m->alts[i]);
    }
    strings_Builder_WriteString(&b, ")");
    return strings_Builder_Detach(&b);
}

// ---- rewrite ----

char *testing_rewrite(const char *s) {
    strings_Builder b = { 0 };
    size_t n = strlen(s);
    while (n > 0) {
        size_t width;
        int32_t r = utf8_DecodeRune(s, n, &width);
        if (unicode_IsSpace(r)) {
            strings_Builder_WriteByte(&b, '_');
        } else if (!strconv_IsPrint(r)) {
            char *q = strconv_QuoteRune(r);
            strings_Builder_Write(&b, q + 1, strlen(q) - 2);
            free(q);
        } else if (r == utf8_RuneError && width == 1) {
            // Go's range loop yields U+FFFD for a bad byte, and string(r)
            // encodes it.
            strings_Builder_Write(&b, "\xEF\xBF\xBD", 3);
        } else {
            strings_Builder_Write(&b, s, width);
        }
        s += width;
        n -= width;
    }
    return strings_Builder_Detach(&b);
}
