#include <testing/testing.h>

// import "testing"

void TestError(T *t) {
	t_error(t, "first error");
	t_errorf(t, "second error %d", 2);
	t_log(t, "still running");
}

void TestFatal(T *t) {
	t_fatal(t, "stop here");
	t_log(t, "not reached");
}

void TestFatalf(T *t) {
	t_fatalf(t, "stop %s", "there");
}

void TestFailNow(T *t) {
	t_log(t, "before FailNow");
	t_failnow(t);
}

void TestFail(T *t) {
	t_logf(t, "failed=%s", t_failed(t) ? "true" : "false");
	t_fail(t);
	t_logf(t, "failed=%s", t_failed(t) ? "true" : "false");
}

static void fatalSub(T *t, void *arg) {
	(void)arg; t_fatal(t, "sub fatal");
}

void TestFatalInSub(T *t) {
	bool ok = t_run(t, "sub", fatalSub, NULL);
	t_logf(t, "parent continues, sub ok=%s", ok ? "true" : "false");
}

void TestPasses(T *t) {
	t_log(t, "passing test log");
}
