// A fuzz test for warmup_e2e.sh: a cache entry of "crash" aborts, one of
// "fail" fails the test; anything else passes.
#include <stdlib.h>
#include <string.h>

#include "testing/testing.h"

static bool is(go_bytes b, const char *s) {
    size_t n = strlen(s);
    return b.len == n && memcmp(b.ptr, s, n) == 0;
}

static void fuzzWarm(T *t, go_bytes b) {
    if (is(b, "crash")) {
        abort();
    }
    if (is(b, "fail")) {
        t_errorf(t, "the failing entry");
    }
}

void FuzzWarm(F *f) {
    f_fuzz(f, fuzzWarm, GO_BYTES);
}
