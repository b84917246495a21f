// nop_test.c: FuzzNop, the ctest harness of the no-op target.
#include "target.h"
#include "testing/testing.h"

static void fuzz_nop(T *t, go_bytes data) {
    (void)t;
    nop_target(data.ptr, data.len);
}

void FuzzNop(F *f) {
    f_add(f, GO_BYTES(""));
    f_fuzz(f, fuzz_nop, GO_BYTES);
}
