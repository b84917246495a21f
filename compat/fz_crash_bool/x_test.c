#include <testing/testing.h>

static void fuzzBool(T *t, bool a);

void FuzzBool(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzBool, GO_BOOL);
}

static void fuzzBool(T *t, bool a) {
	(void)t;
	if (a) {
		go_panic("this input caused a crash!");
	}
}
