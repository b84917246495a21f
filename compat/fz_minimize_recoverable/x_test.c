#include <testing/testing.h>
static uint8_t zeros[100];
static void fuzzMinimizerRecoverable(T *t, go_bytes b);

void FuzzMinimizerRecoverable(F *f) {
	f_add(f, GO_BYTES_N(zeros, sizeof zeros));
	f_fuzz(f, fuzzMinimizerRecoverable, GO_BYTES);
}

static void fuzzMinimizerRecoverable(T *t, go_bytes b) {
	if (b.len < 50) {
		// Make sure that b is large enough that it can be minimized
		return;
	}
	// Given the randomness of the mutations, this should allow the
	// minimizer to trim down the value a bit.
	for (size_t i = 0; i < b.len; i++) {
		if (b.ptr[i] != 0) {
			if (b.len == 50) {
				t_log(t, "got the minimum size!");
			}
			t_fatalf(t, "contains a non-zero byte of length %zu", b.len);
		}
	}
}
