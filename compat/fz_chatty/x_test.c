#include <testing/testing.h>
#include <string.h>
static void fuzz(T *t, go_bytes b), fuzzFails(T *t, go_bytes b);

void Test(T *t) {
	t_log(t, "logged foo");
}

void Fuzz(F *f) {
	f_log(f, "all good here");
	f_fuzz(f, fuzz, GO_BYTES);
}

static void fuzz(T *t, go_bytes b) { (void)t, (void)b; }

void FuzzFails(F *f) {
	f_log(f, "all good here too");
	f_add(f, GO_BYTES("aa"));
	f_fuzz(f, fuzzFails, GO_BYTES);
}

static void fuzzFails(T *t, go_bytes b) {
	if (b.len > 0 && !(b.len == 2 && memcmp(b.ptr, "aa", 2) == 0)) {
		t_log(t, "logged before the failure");
		t_error(t, "fails");
	}
}
