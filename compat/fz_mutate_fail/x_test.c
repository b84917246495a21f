#include <testing/testing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fuzzNop(T *t, go_bytes b);
// isWorker: is this a fuzzing worker? (Go looks up the test.fuzzworker flag)
static bool isWorker(void) {
	FILE *fp = fopen("/proc/self/cmdline", "rb");
	if (fp == NULL) {
		return false;
	}
	char buf[4096];
	size_t n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[n] = 0;
	for (size_t i = 0; i < n; i += strlen(buf + i) + 1) {
		if (strcmp(buf + i, "-test.fuzzworker") == 0) return true;
	} return false; }

void FuzzReturn(F *f) {
	if (isWorker()) {
		return;
	}
	f_fuzz(f, fuzzNop, GO_BYTES);
}

void FuzzSkip(F *f) {
	if (isWorker()) {
		f_skip(f, "");
	}
	f_fuzz(f, fuzzNop, GO_BYTES);
}

void FuzzFail(F *f) {
	if (isWorker()) {
		f_fail(f);
	}
	f_fuzz(f, fuzzNop, GO_BYTES);
}

void FuzzPanic(F *f) {
	if (isWorker()) {
		go_panic("nope");
	}
	f_fuzz(f, fuzzNop, GO_BYTES);
}

void FuzzExit(F *f) {
	if (isWorker()) {
		exit(99);
	}
	f_fuzz(f, fuzzNop, GO_BYTES);
}

void FuzzFatal(F *f) {
	if (isWorker()) {
		f_fatal(f, "fatal in the worker");
	}
	f_fuzz(f, fuzzNop, GO_BYTES);
}

static void fuzzNop(T *t, go_bytes b) { (void)t, (void)b; }
