// classify_test.c: the fuzz tests of ctest corpus's end-to-end test
// (corpus_e2e.sh). FuzzBytes crashes on "crash", hangs on "hang" and
// fails on "fail"; FuzzPair takes two arguments, which a raw file holds
// in the raw layout.
#include <signal.h>
#include <string.h>

#include "classify.h"
#include "testing/testing.h"

static bool is(go_bytes b, const char *s) {
    return b.len == strlen(s) && memcmp(b.ptr, s, b.len) == 0;
}

static void fuzzBytes(T *t, go_bytes b) {
    if (is(b, "crash")) {
        raise(SIGSEGV);
    }
    if (is(b, "hang")) {
        for (volatile int spin = 1; spin;) {
        }
    }
    if (is(b, "fail")) {
        t_errorf(t, "classify: fails on %s", "fail");
    }
    classify(b.ptr, b.len);
}

void FuzzBytes(F *f) {
    f_add(f, GO_BYTES("d"));
    f_fuzz(f, fuzzBytes, GO_BYTES);
}

static void fuzzPair(T *t, go_string s, go_int n) {
    (void)t;
    (void)n;
    classify((const uint8_t *)s.ptr, s.len);
}

void FuzzPair(F *f) {
    f_fuzz(f, fuzzPair, GO_STRING, GO_INT);
}
