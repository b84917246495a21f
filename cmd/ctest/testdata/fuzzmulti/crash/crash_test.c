// crash_test.c: a fuzz test whose bug fuzzing finds in a moment
// (fuzzmulti_e2e.sh); its seed passes.
#include <testing/testing.h>

static void fuzzCrash(T *t, go_bytes data) {
    if (data.len >= 3 && data.ptr[0] == 'B') {
        if (data.ptr[1] == 'U') {
            if (data.ptr[2] == 'G') {
                t_fatalf(t, "found %.3s", (const char *)data.ptr);
            }
        }
    }
}

void FuzzCrash(F *f) {
    f_add(f, GO_BYTES("seed"));
    f_fuzz(f, fuzzCrash, GO_BYTES);
}
