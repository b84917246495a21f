#include <testing/testing.h>

static void fuzzTarget(T *t, go_int _);

void FuzzTarget(F *f) {
	f_add(f, GO_INT(0));
	f_fuzz(f, fuzzTarget, GO_INT);
}

static void fuzzTarget(T *t, go_int _) { (void)t, (void)_; }
