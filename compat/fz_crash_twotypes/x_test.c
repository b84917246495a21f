#include <testing/testing.h>

static void fuzzWithTwoTypes(T *t, go_bytes a, go_bytes b);

void FuzzWithTwoTypes(F *f) {
	f_fuzz(f, fuzzWithTwoTypes, GO_BYTES, GO_BYTES);
}

static void fuzzWithTwoTypes(T *t, go_bytes a, go_bytes b) {
	(void)t;
	if (a.len > 0 && b.len > 0) {
		go_panic("these inputs caused a crash!");
	}
}
