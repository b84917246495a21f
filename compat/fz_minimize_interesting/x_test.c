#include <testing/testing.h>
#include <stdlib.h>
#include <string.h>


static void fuzzCrashInMinimization(T *t, go_bytes b), fuzzNonrecoverableCrashInMinimization(T *t, go_bytes b);
static uint8_t seed[100];
static bool isSeed(go_bytes b) { return b.len == sizeof seed && memcmp(b.ptr, seed, sizeof seed) == 0; }
__attribute__((constructor)) static void initSeed(void) { memset(seed, 255, sizeof seed); }

void FuzzMinimizerCrashInMinimization(F *f) {
	f_add(f, GO_BYTES_N(seed, sizeof seed));
	f_fuzz(f, fuzzCrashInMinimization, GO_BYTES);
}

static void fuzzCrashInMinimization(T *t, go_bytes b) {
	if (isSeed(b)) {
		return;
	}
	t_error(t, "bad input");
	if (b.len == 1) {
		t_error(t, "got the minimum size!");
	}
}

void FuzzMinimizerNonrecoverableCrashInMinimization(F *f) {
	f_add(f, GO_BYTES_N(seed, sizeof seed));
	f_fuzz(f, fuzzNonrecoverableCrashInMinimization, GO_BYTES);
}

static void fuzzNonrecoverableCrashInMinimization(T *t, go_bytes b) {
	(void)t;
	if (isSeed(b)) {
		return;
	} else if (b.len == 1) {
		exit(1);
	}
}
