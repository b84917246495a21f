// word_test.c: a fuzz test of a C string and an int (C_STRING, GO_INT).
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

void TestWord(T *t) {
    if (word_check("fuzzy") != 0 || word_check("") != 0) {
        t_error(t, "word_check fails on a good word");
    }
}
