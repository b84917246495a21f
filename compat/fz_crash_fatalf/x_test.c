#include <testing/testing.h>
#include <string.h>
static void fuzzWithFatalf(T *t, go_bytes b);

void FuzzWithFatalf(F *f) {
	f_add(f, GO_BYTES("aa"));
	f_fuzz(f, fuzzWithFatalf, GO_BYTES);
}

static void fuzzWithFatalf(T *t, go_bytes b) {
	if (b.len > 0 && !(b.len == 2 && memcmp(b.ptr, "aa", 2) == 0)) {
		t_fatalf(t, "fatalf was called here");
	}
}
