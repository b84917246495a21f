#include <testing/testing.h>
#include <string.h>
static void fuzzWithBug(T *t, go_bytes b);

void FuzzWithBug(F *f) {
	f_add(f, GO_BYTES("aa"));
	f_fuzz(f, fuzzWithBug, GO_BYTES);
}

static void fuzzWithBug(T *t, go_bytes b) {
	if (b.len > 0 && !(b.len == 2 && memcmp(b.ptr, "aa", 2) == 0)) {
		t_fatalf(t, "\"%.*s\" is not aa", (int)b.len, (const char *)b.ptr);
	}
}
