#include <testing/testing.h>
#include <stdlib.h>



static void fuzzWithBadExit(T *t, bool b);

void FuzzWithBadExit(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzWithBadExit, GO_BOOL);
}

static void fuzzWithBadExit(T *t, bool b) {
	(void)t;
	if (b) {
		exit(1);
	}
}
