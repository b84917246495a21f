// one_test.c: two fuzz tests in one package for fuzzmulti_e2e.sh; each has
// coverage to find (a word matched a byte at a time) and never fails.
#include <testing/testing.h>

static int depth(go_bytes data, const char *word) {
    int d = 0;
    while ((size_t)d < data.len && word[d] != '\0' && data.ptr[d] == (unsigned char)word[d]) {
        d++;
    }
    return d;
}

static void fuzzLeft(T *t, go_bytes data) {
    if (depth(data, "LEFT") == 4) {
        t_log(t, "LEFT");
    }
}

static void fuzzRight(T *t, go_bytes data) {
    switch (depth(data, "RIGHT")) {
    case 5:
        t_log(t, "RIGHT");
        break;
    case 3:
        t_log(t, "RIG");
        break;
    default:
        break;
    }
}

void TestOne(T *t) {
    (void)t;
}

void FuzzLeft(F *f) {
    f_add(f, GO_BYTES("x"));
    f_fuzz(f, fuzzLeft, GO_BYTES);
}

void FuzzRight(F *f) {
    f_add(f, GO_BYTES("y"));
    f_fuzz(f, fuzzRight, GO_BYTES);
}
