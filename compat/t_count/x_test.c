#include <testing/testing.h>

// import "testing"

static void sub(T *t, void *arg) {
	(void)arg; t_log(t, "sub");
}

void TestA(T *t) {
	t_log(t, "A runs");
	t_run(t, "sub", sub, NULL);
}

static void fuzzB(T *t, go_string s) {
	t_logf(t, "seed %.*s", (int)s.len, s.ptr);
}

void FuzzB(F *f) {
	f_add(f, GO_STRING("one"));
	f_add(f, GO_STRING("two"));
	f_fuzz(f, fuzzB, GO_STRING);
}
