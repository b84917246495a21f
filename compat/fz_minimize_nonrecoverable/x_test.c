#include <testing/testing.h>
#include <stdlib.h>



static void fuzzMinimizerNonrecoverable(T *t, bool b);

void FuzzMinimizerNonrecoverable(F *f) {
	f_fuzz(f, fuzzMinimizerNonrecoverable, GO_BOOL);
}

static void fuzzMinimizerNonrecoverable(T *t, bool b) {
	(void)t;
	if (b) {
		exit(99);
	}
}
