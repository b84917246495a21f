#include <testing/testing.h>
#include <string.h>
// import "testing"

static void fuzz(T *t, go_string s) {
	t_logf(t, "input %.*s", (int)s.len, s.ptr);
	if (s.len == 3 && memcmp(s.ptr, "bad", 3) == 0) {
		t_errorf(t, "bad input %.*s", (int)s.len, s.ptr);
	}
}

void FuzzNames(F *f) {
	f_add(f, GO_STRING("zero"));
	f_add(f, GO_STRING("one"));
	f_add(f, GO_STRING("bad"));
	f_fuzz(f, fuzz, GO_STRING);
}
