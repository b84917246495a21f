#include <testing/testing.h>
static void fuzzBadIf10(T *t, go_int i);
static void fuzzBadIfNot10(T *t, go_int i);
static void fuzzAlwaysBad(T *t, go_int i);
void FuzzWithAdd(F *f) {
	f_add(f, GO_INT(10));
	f_fuzz(f, fuzzBadIf10, GO_INT);
}
static void fuzzNonZero(T *t, go_bytes b);
void FuzzWithGoodAdd(F *f) {
	f_add(f, GO_INT(10));
	f_fuzz(f, fuzzBadIfNot10, GO_INT);
}

void FuzzWithTestdata(F *f) {
	f_fuzz(f, fuzzBadIf10, GO_INT);
}

void FuzzWithNoCache(F *f) {
	f_fuzz(f, fuzzAlwaysBad, GO_INT);
}

void FuzzWithMinimizableCache(F *f) {
	f_fuzz(f, fuzzNonZero, GO_BYTES);
}

static void fuzzBadIf10(T *t, go_int i) {
	if (i == 10) {
		t_error(t, "bad thing here");
	}
}

static void fuzzBadIfNot10(T *t, go_int i) {
	if (i != 10) {
		t_error(t, "bad thing here");
	}
}

static void fuzzAlwaysBad(T *t, go_int i) {
	(void)i; t_error(t, "bad thing here");
}

static void fuzzNonZero(T *t, go_bytes b) {
	if (b.len < 10) {
		return;
	}
	for (size_t i = 0; i < b.len; i++) { uint8_t n = b.ptr[i];
		if (n != 0) {
			if (b.len == 10) {
				t_log(t, "got the minimum size!");
			}
			t_fatalf(t, "contains a non-zero byte of length %zu", b.len);
		}
	}
}
