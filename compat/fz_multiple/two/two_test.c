#include <testing/testing.h>

static void fuzz(T *t, go_bytes x);

void FuzzOne(F *f) {
	f_fuzz(f, fuzz, GO_BYTES);
}

void FuzzTwo(F *f) {
	f_fuzz(f, fuzz, GO_BYTES);
}

static void fuzz(T *t, go_bytes x) { (void)t, (void)x; }
