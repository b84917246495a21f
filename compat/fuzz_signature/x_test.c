#include <testing/testing.h>

// import "testing"

static void fuzzInt(T *t, go_int n) { (void)t; (void)n; }
static void fuzzBytes(T *t, go_bytes b) { (void)t; (void)b; }
static void fuzzString(T *t, go_string s) { (void)t; (void)s; }

void FuzzType(F *f) {
	f_fuzz(f, fuzzInt, GO_STRING);
}

void FuzzCount(F *f) {
	f_fuzz(f, fuzzBytes, GO_BYTES, GO_INT);
}

void FuzzGood(F *f) {
	f_fuzz(f, fuzzString, GO_STRING);
}
