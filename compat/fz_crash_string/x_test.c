#include <testing/testing.h>

static void fuzzString(T *t, go_string a);

void FuzzString(F *f) {
	f_add(f, GO_STRING(""));
	f_fuzz(f, fuzzString, GO_STRING);
}

static void fuzzString(T *t, go_string a) {
	(void)t;
	if (a.len != 0) {
		go_panic("this input caused a crash!");
	}
}
