// word_test.c: a fuzz test of a C string and an int (C_STRING, GO_INT), and
// one of chars that may hold NULs (C_CHARS).
#include <stdlib.h>
#include <string.h>

#include "testing/testing.h"
#include "word.h"

static void fuzzWord(T *t, const char *s, go_int n) {
    if (s == NULL) {
        t_fatal(t, "the C string argument is NULL");
    }
    (void)n;
    if (word_check(s) != 0) {
        t_fatalf(t, "word_check(\"%s\") failed", s);
    }
}

void FuzzWord(F *f) {
    f_add(f, C_STRING("hello"), GO_INT(1));
    f_add(f, C_STRING(""), GO_INT(0));
    if (getenv("CSTRING_NULL_SEED") != NULL) {
        f_add(f, C_STRING(NULL), GO_INT(2));
    }
    f_fuzz(f, fuzzWord, C_STRING, GO_INT);
}

// fuzzEscapes checks that word_escapes counts no more escapes than s has
// backslashes before its first NUL.
static void fuzzEscapes(T *t, const char *s) {
    size_t n = strlen(s);
    int backslashes = 0;
    for (size_t i = 0; i < n; i++) {
        backslashes += s[i] == '\\';
    }
    int got = word_escapes(s);
    if (got > backslashes) {
        t_fatalf(t, "word_escapes counted %d escapes, %d backslashes", got, backslashes);
    }
}

void FuzzEscapes(F *f) {
    f_add(f, C_CHARS("a\\nb"));
    f_add(f, C_CHARS("x\0y"));
    f_fuzz(f, fuzzEscapes, C_CHARS);
}

void TestWord(T *t) {
    if (word_check("fuzzy") != 0 || word_check("") != 0) {
        t_error(t, "word_check fails on a good word");
    }
}
