#include <testing/testing.h>
static void logCleanup(F *f);
static void cleanup(void *f) { logCleanup(f); }

static void logCleanup(F *f) {
	f_log(f, "cleanup");
}

void FuzzTargetSkip(F *f) {
	f_cleanup(f, cleanup, f);
	f_skip(f, "");
}

void FuzzTargetFatal(F *f) {
	f_cleanup(f, cleanup, f);
	f_fatal(f, "");
}

void FuzzTargetPanic(F *f) {
	f_cleanup(f, cleanup, f);
	go_panic("oh no");
}

static void logOuter(F *f) {
	f_log(f, "outer");
}

static void logInner(T *t) {
	t_logf(t, "inner");
}
static void inner(void *t) { logInner(t); }
static void fuzzFunction(T *t, go_bytes b) {
	(void)b; t_cleanup(t, inner, t);
}
static void outer(void *f) { logOuter(f); }
void FuzzFunction(F *f) {
	f_add(f, GO_BYTES("\x00"));
	f_cleanup(f, outer, f);
	f_fuzz(f, fuzzFunction, GO_BYTES);
}
