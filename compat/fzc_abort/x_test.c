#include <stdlib.h>
#include <testing/testing.h>

static void fuzzAbort(T *t, bool b);

void FuzzAbort(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzAbort, GO_BOOL);
}

static void fuzzAbort(T *t, bool b) {
	(void)t;
	if (b) {
		abort();
	}
}
