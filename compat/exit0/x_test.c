#include <testing/testing.h>

// import (
#include <stdlib.h>
//	"testing"
// )

void TestExit(T *t) {
	(void)t; exit(0);
}
static void fuzzExit(T *t, bool b);
void FuzzExit(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzExit, GO_BOOL);
} static void fuzzExit(T *t, bool b) { (void)t;
	if (b) {
		exit(0);
	}
}

static void exit0(void *arg) { (void)arg; exit(0); }
void TestExitInCleanup(T *t) {
	t_cleanup(t, exit0, NULL);
}
