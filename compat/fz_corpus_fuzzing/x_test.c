#include <testing/testing.h>

static void fuzzPassString(T *t, go_string s) { (void)t; (void)s; }

void FuzzPassString(F *f) {
	f_add(f, GO_STRING("some seed corpus"));
	f_fuzz(f, fuzzPassString, GO_STRING);
}
