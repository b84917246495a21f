#include <testing/testing.h>
static uint8_t zeros[100];
static void fuzzMinimizerRecoverable(T *t, go_bytes b);

void FuzzMinimizerRecoverable(F *f) {
	f_add(f, GO_BYTES_N(zeros, sizeof zeros));
	f_fuzz(f, fuzzMinimizerRecoverable, GO_BYTES);
}

static void fuzzMinimizerRecoverable(T *t, go_bytes b) {
	for (size_t i = 0; i < b.len; i++) {
		if (b.ptr[i] != 0) {
			t_fatalf(t, "contains a non-zero byte of length %zu", b.len);
		}
	}
}
