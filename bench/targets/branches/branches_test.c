// branches_test.c: FuzzBranches, the ctest harness of the many-branch
// target.
#include "target.h"
#include "testing/testing.h"

static void fuzz_branches(T *t, go_bytes data) {
    (void)t;
    branches_target(data.ptr, data.len);
}

void FuzzBranches(F *f) {
    f_add(f, GO_BYTES(""));
    f_fuzz(f, fuzz_branches, GO_BYTES);
}
