// twoarg_test.c: FuzzTwoArg, the ctest harness of the (string, int64)
// target.
#include "target.h"
#include "testing/testing.h"

static void fuzz_two_arg(T *t, go_string s, int64_t x) {
    if (twoarg_target(s.ptr, s.len, x)) {
        t_fatalf(t, "found the prefix and the integer");
    }
}

void FuzzTwoArg(F *f) {
    f_add(f, GO_STRING("hello"), GO_INT64(0));
    f_fuzz(f, fuzz_two_arg, GO_STRING, GO_INT64);
}
