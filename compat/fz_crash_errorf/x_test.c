#include <testing/testing.h>
#include <string.h>
static void fuzzWithErrorf(T *t, go_bytes b);

void FuzzWithErrorf(F *f) {
	f_add(f, GO_BYTES("aa"));
	f_fuzz(f, fuzzWithErrorf, GO_BYTES);
}

static void fuzzWithErrorf(T *t, go_bytes b) {
	if (b.len > 0 && !(b.len == 2 && memcmp(b.ptr, "aa", 2) == 0)) {
		t_errorf(t, "errorf was called here");
	}
}
