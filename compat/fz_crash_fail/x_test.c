#include <testing/testing.h>
#include <string.h>
static void fuzzWithFail(T *t, go_bytes b);

void FuzzWithFail(F *f) {
	f_add(f, GO_BYTES("aa"));
	f_fuzz(f, fuzzWithFail, GO_BYTES);
}

static void fuzzWithFail(T *t, go_bytes b) {
	if (b.len > 0 && !(b.len == 2 && memcmp(b.ptr, "aa", 2) == 0)) {
		t_fail(t);
	}
}
