//ctest:srcs lib/twice.c
#include <stdlib.h>

#include "testing/testing.h"

int Classify(const char *s, size_t n);
int Twice(int x);

void TestTwice(testing_T *t) {
    if (Twice(2) != 4) {
        t_fatal(t, "Twice(2) != 4");
    }
    if (getenv("COVER_FAIL") != NULL) {
        t_fatal(t, "failing, as COVER_FAIL asks");
    }
}

static void fuzzClassify(testing_T *t, go_bytes b) {
    (void)t;
    Classify((const char *)b.ptr, b.len);
}

void FuzzClassify(testing_F *f) {
    f_add(f, GO_BYTES("x"));
    f_fuzz(f, fuzzClassify, GO_BYTES);
}
