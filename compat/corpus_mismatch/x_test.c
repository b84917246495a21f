#include <testing/testing.h>

// import "testing"

static void fuzzString(T *t, go_string s) {
	t_logf(t, "got %.*s", (int)s.len, s.ptr);
}

static void fuzzTwo(T *t, go_string s, go_int n) {
	t_logf(t, "got %.*s %lld", (int)s.len, s.ptr, (long long)n);
}

void FuzzFileCount(F *f) {
	f_fuzz(f, fuzzString, GO_STRING);
}

void FuzzFileType(F *f) {
	f_fuzz(f, fuzzTwo, GO_STRING, GO_INT);
}

void FuzzAddCount(F *f) {
	f_add(f, GO_STRING("a"), GO_INT(1));
	f_fuzz(f, fuzzString, GO_STRING);
}

void FuzzAddType(F *f) {
	f_add(f, GO_INT(1));
	f_fuzz(f, fuzzString, GO_STRING);
}

void FuzzAddTypes(F *f) {
	f_add(f, GO_INT64(1), GO_STRING("x"));
	f_fuzz(f, fuzzTwo, GO_STRING, GO_INT);
}

void FuzzAddTooFew(F *f) {
	f_add(f, GO_STRING("only one"));
	f_fuzz(f, fuzzTwo, GO_STRING, GO_INT);
}

void FuzzAddGoodThenBad(F *f) {
	f_add(f, GO_STRING("good"));
	f_add(f, GO_BYTES("bad"));
	f_fuzz(f, fuzzString, GO_STRING);
}
