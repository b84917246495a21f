// srcs_test.c: fuzzes find, a function of a library outside the package
// (lib/find.c), which //ctest:srcs compiles with the package.
//ctest:srcs lib/*.c
#include <stddef.h>
#include <stdint.h>

#include "testing/testing.h"

int find(const uint8_t *p, size_t n);

void TestFind(T *t) {
    if (find((const uint8_t *)"BUG", 3) != 1 || find((const uint8_t *)"BUT", 3) != 0) {
        t_error(t, "find is wrong");
    }
}

static void fuzzFind(T *t, go_bytes b) {
    if (find(b.ptr, b.len)) {
        t_fatal(t, "found BUG");
    }
}

void FuzzFind(F *f) {
    f_add(f, GO_BYTES("xyz"));
    f_fuzz(f, fuzzFind, GO_BYTES);
}
