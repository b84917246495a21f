#include <testing/testing.h>

// import "testing"

static void sub(T *t, void *arg) {
	(void)arg; t_log(t, "sub");
}

void TestAlpha(T *t) {
	t_run(t, "sub", sub, NULL);
}

void TestBeta(T *t) {
	t_log(t, "beta");
}

static void fuzz(T *t, go_bytes b) { (void)t; (void)b; }

void FuzzGamma(F *f) {
	f_fuzz(f, fuzz, GO_BYTES);
}

void helperNotATest(T *t); void helperNotATest(T *t) { (void)t; }

void Testlowercase(T *t); void Testlowercase(T *t) { (void)t; }
