// misuse_test.c: fuzz tests written wrong in ways only a run shows. Go's
// messages name Go's types and Go's own source file; e2e.sh checks them
// and the hints the driver adds on its stderr.
#include <testing/testing.h>

static void fuzzBytesInt(T *t, go_bytes b, go_int n) {
    (void)t, (void)b, (void)n;
}

// FuzzSeedKinds' second seed has a string where the fuzz function takes
// an int; its third has one value where it takes two.
void FuzzSeedKinds(F *f) {
    f_add(f, GO_BYTES("a"), GO_INT(1));
    f_add(f, GO_BYTES("b"), GO_STRING("2"));
    f_add(f, GO_BYTES("c"));
    f_fuzz(f, fuzzBytesInt, GO_BYTES, GO_INT);
}

// FuzzNoFuzz never calls f_fuzz.
void FuzzNoFuzz(F *f) {
    f_add(f, GO_BYTES("a"), GO_INT(1));
}
