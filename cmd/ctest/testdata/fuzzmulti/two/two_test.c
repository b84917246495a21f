// two_test.c: a second package for fuzzmulti_e2e.sh, with a fuzz test
// that has coverage to find and never fails.
#include <testing/testing.h>

static void fuzzOther(T *t, go_bytes data) {
    if (data.len >= 2 && data.ptr[0] == 'O') {
        if (data.ptr[1] == 'K') {
            t_log(t, "OK");
        }
    }
}

void FuzzOther(F *f) {
    f_add(f, GO_BYTES("z"));
    f_fuzz(f, fuzzOther, GO_BYTES);
}
