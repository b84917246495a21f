#define _POSIX_C_SOURCE 200809L
#include <unistd.h>
#include <testing/testing.h>

static void fuzzHang(T *t, bool b);

void FuzzHang(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzHang, GO_BOOL);
}

static void fuzzHang(T *t, bool b) {
	(void)t;
	if (b) {
		for (;;) pause();
	}
}
