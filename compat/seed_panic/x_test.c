#include <testing/testing.h>
#include <string.h>
// import "testing"

static void fuzzPanic(T *t, go_string s) {
	t_logf(t, "seed %.*s", (int)s.len, s.ptr);
	if (s.len == 5 && memcmp(s.ptr, "panic", 5) == 0) {
		go_panic("panic in seed %.*s", (int)s.len, s.ptr);
	}
}

void FuzzPanic(F *f) {
	f_add(f, GO_STRING("fine"));
	f_add(f, GO_STRING("panic"));
	f_add(f, GO_STRING("not reached"));
	f_fuzz(f, fuzzPanic, GO_STRING);
}

void FuzzPanicFile(F *f) {
	f_fuzz(f, fuzzPanic, GO_STRING);
}

void FuzzPanicBeforeFuzz(F *f) {
	f_add(f, GO_STRING("x"));
	go_panic("panic before Fuzz");
}
