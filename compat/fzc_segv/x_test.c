#include <stddef.h>
#include <testing/testing.h>

static void fuzzNullDeref(T *t, bool b);

void FuzzNullDeref(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzNullDeref, GO_BOOL);
}

static void fuzzNullDeref(T *t, bool b) {
	(void)t;
	if (b) {
		volatile int *p = NULL;
		*p = 1;
	}
}
