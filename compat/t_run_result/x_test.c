#include <testing/testing.h>
#define B(x) ((x) ? "true" : "false")
// import "testing"

static void pass(T *t, void *arg) {
	(void)arg; t_log(t, "pass");
}

static void fail(T *t, void *arg) {
	(void)arg; t_fail(t);
}

static void skip(T *t, void *arg) {
	(void)arg; t_skipnow(t);
}

void TestRunResult(T *t) {
	bool a = t_run(t, "pass", pass, NULL);
	bool b = t_run(t, "fail", fail, NULL);
	bool c = t_run(t, "skip", skip, NULL);
	t_logf(t, "pass=%s fail=%s skip=%s parent failed=%s", B(a), B(b), B(c), B(t_failed(t)));
}

void TestRunNoMatch(T *t) {
	bool ok = t_run(t, "filtered", pass, NULL);
	t_logf(t, "filtered=%s", B(ok));
}
