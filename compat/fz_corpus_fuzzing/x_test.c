#include <testing/testing.h>

static void fuzzPassString(T *t, go_string s);

void FuzzPassString(F *f) {
	f_add(f, GO_STRING("some seed corpus"));
	f_fuzz(f, fuzzPassString, GO_STRING);
}

static void fuzzPassString(T *t, go_string s) {
	if (s.len == 0) {
		t_log(t, "empty");
	}
}
