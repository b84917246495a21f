#include <testing/testing.h>

static void fuzzMinimizeZero(T *t, bool b);

void FuzzMinimizeZeroDurationSet(F *f) {
	f_fuzz(f, fuzzMinimizeZero, GO_BOOL);
}

void FuzzMinimizeZeroLimitSet(F *f) {
	f_fuzz(f, fuzzMinimizeZero, GO_BOOL);
}

static void fuzzMinimizeZero(T *t, bool b) {
	if (b) {
		t_errorf(t, "there was an Error");
	}
}
