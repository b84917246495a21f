#include <testing/testing.h>

static void fuzz(T *t, go_bytes b);

void Fuzz(F *f) {
	f_fuzz(f, fuzz, GO_BYTES);
}

static void fuzz(T *t, go_bytes b) { (void)t, (void)b; }
