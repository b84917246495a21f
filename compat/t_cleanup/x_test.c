#include <testing/testing.h>

// import "testing"

static void logMsg(T *t, const char *msg) {
	t_log(t, msg);
}
static void first(void *t)      { logMsg(t, "first registered"); }
static void second(void *t)     { logMsg(t, "second registered"); }
static void subCleanup(void *t) { logMsg(t, "sub cleanup"); }
static void afterFatal(void *t) { logMsg(t, "cleanup after fatal"); }
static void afterSkip(void *t)  { logMsg(t, "cleanup after skip"); }
static void failing(void *t)    { t_error((T *)t, "error in cleanup"); }
static void late(void *t)       { logMsg(t, "registered by a cleanup"); }
static void registering(void *t) { t_cleanup((T *)t, late, t); logMsg(t, "registering"); }

static void sub(T *t, void *arg) {
	(void)arg; t_cleanup(t, subCleanup, t);
	t_log(t, "sub body");
}

void TestCleanupOrder(T *t) {
	t_cleanup(t, first, t);
	t_cleanup(t, second, t);
	t_run(t, "sub", sub, NULL);
	t_log(t, "body done");
}

void TestCleanupAfterFatal(T *t) {
	t_cleanup(t, afterFatal, t);
	t_fatal(t, "fatal");
}

void TestCleanupAfterSkip(T *t) {
	t_cleanup(t, afterSkip, t);
	t_skip(t, "skip");
}

void TestCleanupFails(T *t) {
	t_cleanup(t, failing, t);
	t_log(t, "body passes");
}

void TestCleanupRegistersCleanup(T *t) {
	t_cleanup(t, registering, t);
	t_cleanup(t, second, t);
}
