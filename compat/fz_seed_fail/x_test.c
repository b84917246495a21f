#include <testing/testing.h>
#include <string.h>
static bool isBoom(go_string s) { return s.len == 4 && memcmp(s.ptr, "boom", 4) == 0; }
static void fuzzAddFail(T *t, go_string s);
void FuzzAddFail(F *f) {
	f_add(f, GO_STRING("fine"));
	f_add(f, GO_STRING("boom"));
	f_fuzz(f, fuzzAddFail, GO_STRING);
}

static void fuzzAddFail(T *t, go_string s) {
	if (isBoom(s)) {
		t_errorf(t, "failed on \"%.*s\"", (int)s.len, s.ptr);
	}
}
static void fuzzFileFail(T *t, go_string s);
void FuzzFileFail(F *f) {
	f_add(f, GO_STRING("fine"));
	f_fuzz(f, fuzzFileFail, GO_STRING);
}

static void fuzzFileFail(T *t, go_string s) {
	if (isBoom(s)) {
		t_fatalf(t, "fatal on \"%.*s\"", (int)s.len, s.ptr);
	}
}
