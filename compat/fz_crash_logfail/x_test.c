#include <testing/testing.h>
#include <string.h>
static void fuzzWithLogFail(T *t, go_bytes b);

void FuzzWithLogFail(F *f) {
	f_add(f, GO_BYTES("aa"));
	f_fuzz(f, fuzzWithLogFail, GO_BYTES);
}

static void fuzzWithLogFail(T *t, go_bytes b) {
	if (b.len > 0 && !(b.len == 2 && memcmp(b.ptr, "aa", 2) == 0)) {
		t_log(t, "logged something");
		t_fail(t);
	}
}
