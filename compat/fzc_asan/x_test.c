#include <stdlib.h>
#include <testing/testing.h>

static void fuzzHeapOverflow(T *t, bool b);

void FuzzHeapOverflow(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzHeapOverflow, GO_BOOL);
}
static volatile size_t eight = 8; // a size UBSan's object-size check cannot see
static void fuzzHeapOverflow(T *t, bool b) {
	(void)t;
	if (b) {
		char *p = malloc(eight);
		volatile char c = p[8];
		(void)c;
		free(p);
	}
}
