// magic_test.c: FuzzMagic, the ctest harness of the byte-by-byte magic value.
#include "target.h"
#include "testing/testing.h"

static void fuzz_magic(T *t, go_bytes data) {
    if (magic_target(data.ptr, data.len)) {
        t_fatalf(t, "found the magic value");
    }
}

void FuzzMagic(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzz_magic, GO_BYTES);
}
