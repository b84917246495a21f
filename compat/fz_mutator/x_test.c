#include <testing/testing.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
static void fuzzA(T *t, go_bytes b), fuzzB(T *t, go_bytes b);

static FILE *logFile;
// isWorker: is this a fuzzing worker? (Go looks up the test.fuzzworker flag)
static bool isWorker(void) {
	FILE *fp = fopen("/proc/self/cmdline", "rb");
	if (fp == NULL) return false;
	char buf[4096];
	size_t n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[n] = 0;
	for (size_t i = 0; i < n; i += strlen(buf + i) + 1) if (strcmp(buf + i, "-test.fuzzworker") == 0) return true;
	return false;
}

// logInput logs "<name> %q\n" of b (b is printable here but for \xNN).
static void logInput(const char *name, go_bytes b) {
	if (logFile == NULL) logFile = fopen(isWorker() ? "fuzz.worker" : "fuzz", "a");
	fprintf(logFile, "%s \"", name);
	for (size_t i = 0; i < b.len; i++) fprintf(logFile, b.ptr[i] >= 0x20 && b.ptr[i] < 0x7f && b.ptr[i] != '"' && b.ptr[i] != '\\' ? "%c" : "\\x%02x", b.ptr[i]);
	fputs("\"\n", logFile);
	fflush(logFile);
}
void FuzzA(F *f) {
	f_add(f, GO_BYTES("seed"));
	f_fuzz(f, fuzzA, GO_BYTES);
}

static void fuzzA(T *t, go_bytes b) { (void)t, logInput("FuzzA", b); }

void FuzzB(F *f) {
	f_add(f, GO_BYTES("seed"));
	f_fuzz(f, fuzzB, GO_BYTES);
}

static void fuzzB(T *t, go_bytes b) { (void)t, logInput("FuzzB", b); }
