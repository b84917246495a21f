#include <testing/testing.h>
#include <string.h>
static void fuzzFoo(T *t, go_string s);

void FuzzFoo(F *f) {
	f_add(f, GO_STRING("this is fine"));
	f_fuzz(f, fuzzFoo, GO_STRING);
}

static void fuzzFoo(T *t, go_string s) {
	if (s.len == 5 && memcmp(s.ptr, "fails", 5) == 0) {
		t_error(t, "error here");
	}
}
