// magic32_test.c: FuzzMagic32, the ctest harness of the one-comparison
// magic value.
#include "target.h"
#include "testing/testing.h"

static void fuzz_magic32(T *t, go_bytes data) {
    if (magic32_target(data.ptr, data.len)) {
        t_fatalf(t, "found the magic value");
    }
}

void FuzzMagic32(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzz_magic32, GO_BYTES);
}
