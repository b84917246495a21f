#define _POSIX_C_SOURCE 200809L
#include <testing/testing.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
static void fuzzNop(T *t, go_bytes b), fuzzClosePipeAfter(T *t, go_bytes b);
static void sendGarbageToCoordinator(void);
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

void FuzzClosePipeBefore(F *f) {
	if (isWorker()) {
		sendGarbageToCoordinator();
		sleep(3600); // pause until coordinator terminates the process
	}
	f_fuzz(f, fuzzNop, GO_BYTES);
}

static void fuzzNop(T *t, go_bytes b) { (void)t, (void)b; }

void FuzzClosePipeAfter(F *f) {
	f_fuzz(f, fuzzClosePipeAfter, GO_BYTES);
}

static void fuzzClosePipeAfter(T *t, go_bytes b) {
	(void)t, (void)b;
	if (isWorker()) {
		sendGarbageToCoordinator();
		sleep(3600); // pause until coordinator terminates the process
	}
}

// sendGarbageToCoordinator writes "!!" to fuzz_out, the worker's fd 4.
static void sendGarbageToCoordinator(void) {
	if (write(4, "!!", 2) != 2) {
		go_panic("writing fuzz_out failed");
	}
}
