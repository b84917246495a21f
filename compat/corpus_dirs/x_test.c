#include <testing/testing.h>

// import "testing"

static void fuzz(T *t, go_string s) {
	t_logf(t, "got %.*s", (int)s.len, s.ptr);
}

void FuzzDirs(F *f) {
	f_fuzz(f, fuzz, GO_STRING);
}

void FuzzNoDir(F *f) {
	f_add(f, GO_STRING("only Add"));
	f_fuzz(f, fuzz, GO_STRING);
}
