#include <testing/testing.h>

#include <stdbool.h>
#include <stdlib.h>
static bool isWorker(void);
static void fuzz(T *t, go_bytes b);

void FuzzA(F *f) {
	const char *s = getenv("TEST_FUZZ_SETENV_A"); if (s == NULL) s = ""; if (isWorker() && s[0] == '\0') {
		f_fatal(f, "environment variable not set");
	} else if (!isWorker() && s[0] != '\0') {
		f_fatal(f, "environment variable already set");
	}
	f_setenv(f, "TEST_FUZZ_SETENV_A", "A");
	if (getenv("TEST_FUZZ_SETENV_A") == NULL || getenv("TEST_FUZZ_SETENV_A")[0] == '\0') {
		f_fatal(f, "Setenv did not set environment variable");
	}
	f_fuzz(f, fuzz, GO_BYTES);
}

void FuzzB(F *f) {
	if (getenv("TEST_FUZZ_SETENV_A") != NULL && getenv("TEST_FUZZ_SETENV_A")[0] != '\0') {
		f_fatal(f, "environment variable not cleared after FuzzA");
	}
	f_skip(f, "");
}

static void fuzz(T *t, go_bytes b) { (void)t; (void)b; }

// isWorker is false in seed mode, the only mode run here.
static bool isWorker(void) {
	return false;
}
