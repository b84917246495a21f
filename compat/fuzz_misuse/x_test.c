#include <testing/testing.h>

// import "testing"

static void fuzz(T *t, go_string s) {
	t_logf(t, "seed %.*s", (int)s.len, s.ptr);
}

static void noArgs(T *t) { (void)t; }

void FuzzTwice(F *f) {
	f_add(f, GO_STRING("a"));
	f_fuzz(f, fuzz, GO_STRING);
	f_fuzz(f, fuzz, GO_STRING);
}

void FuzzNoArgs(F *f) {
	f_fuzz(f, noArgs);
}

void FuzzNeverCallsFuzz(F *f) {
	f_add(f, GO_STRING("a"));
	f_log(f, "no f.Fuzz here");
}

void FuzzAddAfterFuzz(F *f) {
	f_add(f, GO_STRING("a"));
	f_fuzz(f, fuzz, GO_STRING);
	f_add(f, GO_STRING("b"));
	f_log(f, "after Fuzz");
}

void FuzzErrorBeforeFuzz(F *f) {
	f_add(f, GO_STRING("a"));
	f_error(f, "error before Fuzz");
	f_fuzz(f, fuzz, GO_STRING);
}

void FuzzSkipNoSeeds(F *f) {
	f_fuzz(f, fuzz, GO_STRING);
}
