#include <testing/testing.h>

// import "testing"

static F *f0;
static void nop(void *arg) { (void)arg; }

static void fuzzFail(T *t, go_bytes b) {
	(void)t; (void)b; f_fail(f0);
}

void FuzzFail(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzFail, GO_BYTES);
}

static void fuzzFailNow(T *t, go_bytes b) {
	(void)t; (void)b; f_failnow(f0);
}

void FuzzFailNow(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzFailNow, GO_BYTES);
}

static void fuzzLog(T *t, go_bytes b) {
	(void)t; (void)b; f_log(f0, "msg");
}

void FuzzLog(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzLog, GO_BYTES);
}

static void fuzzLogf(T *t, go_bytes b) {
	(void)t; (void)b; f_logf(f0, "msg %d", 1);
}

void FuzzLogf(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzLogf, GO_BYTES);
}

static void fuzzError(T *t, go_bytes b) {
	(void)t; (void)b; f_error(f0, "msg");
}

void FuzzError(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzError, GO_BYTES);
}

static void fuzzErrorf(T *t, go_bytes b) {
	(void)t; (void)b; f_errorf(f0, "msg %d", 1);
}

void FuzzErrorf(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzErrorf, GO_BYTES);
}

static void fuzzFatal(T *t, go_bytes b) {
	(void)t; (void)b; f_fatal(f0, "msg");
}

void FuzzFatal(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzFatal, GO_BYTES);
}

static void fuzzFatalf(T *t, go_bytes b) {
	(void)t; (void)b; f_fatalf(f0, "msg %d", 1);
}

void FuzzFatalf(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzFatalf, GO_BYTES);
}

static void fuzzSkip(T *t, go_bytes b) {
	(void)t; (void)b; f_skip(f0, "msg");
}

void FuzzSkip(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzSkip, GO_BYTES);
}

static void fuzzSkipf(T *t, go_bytes b) {
	(void)t; (void)b; f_skipf(f0, "msg %d", 1);
}

void FuzzSkipf(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzSkipf, GO_BYTES);
}

static void fuzzSkipNow(T *t, go_bytes b) {
	(void)t; (void)b; f_skipnow(f0);
}

void FuzzSkipNow(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzSkipNow, GO_BYTES);
}

static void fuzzSkipped(T *t, go_bytes b) {
	(void)t; (void)b; (void)f_skipped(f0);
}

void FuzzSkipped(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzSkipped, GO_BYTES);
}

static void fuzzHelper(T *t, go_bytes b) {
	(void)t; (void)b; f_helper(f0);
}

void FuzzHelper(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzHelper, GO_BYTES);
}

static void fuzzCleanup(T *t, go_bytes b) {
	(void)t; (void)b; f_cleanup(f0, nop, NULL);
}

void FuzzCleanup(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzCleanup, GO_BYTES);
}

static void fuzzTempDir(T *t, go_bytes b) {
	(void)t; (void)b; (void)f_tempdir(f0);
}

void FuzzTempDir(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzTempDir, GO_BYTES);
}

static void fuzzSetenv(T *t, go_bytes b) {
	(void)t; (void)b; f_setenv(f0, "CTEST_COMPAT_X", "1");
}

void FuzzSetenv(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzSetenv, GO_BYTES);
}

static void fuzzFailed(T *t, go_bytes b) {
	(void)t; (void)b; (void)f_failed(f0);
}

void FuzzFailed(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzFailed, GO_BYTES);
}

static void fuzzName(T *t, go_bytes b) {
	(void)t; (void)b; t_log(t, f_name(f0));
}

void FuzzName(F *f) {
	f0 = f;
	f_add(f, GO_BYTES("x"));
	f_fuzz(f, fuzzName, GO_BYTES);
}

