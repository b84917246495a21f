#include <testing/testing.h>

// import "testing"
static void fuzzY(T *t, go_int n) { (void)t; (void)n; }
void FuzzY(F *f) {
	f_add(f, GO_INT(1));
	f_fuzz(f, fuzzY, GO_INT);
}
