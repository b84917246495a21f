#include <testing/testing.h>

// import (
#include <stdlib.h>
//	"testing"
// )
static void fuzzExit(T *t, bool b);
void FuzzExit(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzExit, GO_BOOL);
} static void fuzzExit(T *t, bool b) { (void)t;
	if (b) {
		exit(0);
	}
}
