// fuzzbug_test.c: a bug that coverage-guided fuzzing finds quickly, one
// byte at a time (see e2e.sh; seed mode passes).
#include <testing/testing.h>

static void fuzzBug(T *t, go_bytes data) {
    if (data.len >= 3 && data.ptr[0] == 'F') {
        if (data.ptr[1] == 'U') {
            if (data.ptr[2] == 'Z') {
                t_fatalf(t, "found %.3s", (const char *)data.ptr);
            }
        }
    }
}

void FuzzBug(F *f) {
    f_add(f, GO_BYTES("seed"));
    f_fuzz(f, fuzzBug, GO_BYTES);
}
