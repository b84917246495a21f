#include <stdlib.h>
#include <testing/testing.h>

static void fuzzExit3(T *t, bool b);

void FuzzExit3(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzExit3, GO_BOOL);
}

static void fuzzExit3(T *t, bool b) {
	(void)t;
	if (b) {
		exit(3);
	}
}
