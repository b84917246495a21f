#include <testing/testing.h>

static void fuzz(T *t, go_bytes b);

void TestFoo(T *t) {
	t_log(t, "logged foo");
}

void Fuzz(F *f) {
	f_log(f, "all good here");
	f_fuzz(f, fuzz, GO_BYTES);
}

static void fuzz(T *t, go_bytes b) { (void)t; (void)b; }
