// samekinds_test.c: kinds whose C types are one type cannot be told apart
// by f_fuzz's check (go_int is int64_t, go_uint is uint64_t), and other
// names of a kind's C type are that type: these build and run.
#include <testing/testing.h>

static void fuzzInt64(T *t, int64_t n, uint64_t u, long l, unsigned char c) {
    if (n != 1 || u != 2 || l != 3 || c != 4) {
        t_errorf(t, "got %lld %llu %ld %d, want 1 2 3 4", (long long)n, (unsigned long long)u, l,
                 c);
    }
}

void FuzzSameKinds(F *f) {
    f_add(f, GO_INT(1), GO_UINT(2), GO_INT64(3), GO_UINT8(4));
    f_fuzz(f, fuzzInt64, GO_INT, GO_UINT, GO_INT64, GO_UINT8);
}
