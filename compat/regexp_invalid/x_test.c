#include <testing/testing.h>

// import "testing"

static void sub(T *t, void *arg) {
	(void)arg; t_log(t, "sub");
}

void TestA(T *t) {
	t_run(t, "b", sub, NULL);
}

static void fuzz(T *t, go_bytes b) { (void)t; (void)b; }

void FuzzC(F *f) {
	f_fuzz(f, fuzz, GO_BYTES);
}
