#include <testing/testing.h>

// import "testing"

static void fuzzString(T *t, go_string s) {
	t_logf(t, "got %.*s", (int)s.len, s.ptr);
}

static void fuzzInt(T *t, go_int i) {
	t_logf(t, "got %lld", (long long)i);
}

void FuzzHeader(F *f) {
	f_fuzz(f, fuzzString, GO_STRING);
}

void FuzzSyntax(F *f) {
	f_fuzz(f, fuzzString, GO_STRING);
}

void FuzzValues(F *f) {
	f_fuzz(f, fuzzInt, GO_INT);
}

void FuzzEmpty(F *f) {
	f_add(f, GO_STRING("from Add"));
	f_fuzz(f, fuzzString, GO_STRING);
}

void FuzzGood(F *f) {
	f_fuzz(f, fuzzString, GO_STRING);
}
