#include <testing/testing.h>

// import "testing"

static void logName(T *t, void *arg) {
	(void)arg; t_log(t, t_name(t));
}

void TestNames(T *t) {
	t_run(t, "a", logName, NULL);
	t_run(t, "a", logName, NULL);
	t_run(t, "a", logName, NULL);
	t_run(t, "a#01", logName, NULL);
	t_run(t, "with space", logName, NULL);
	t_run(t, "", logName, NULL);
	t_run(t, "", logName, NULL);
	t_run(t, "x/y", logName, NULL);
	t_run(t, "tab\there", logName, NULL);
	t_run(t, "caf\u00e9", logName, NULL);
}

static void nested(T *t, void *arg) {
	t_run(t, "inner", logName, arg);
	t_run(t, "inner", logName, arg);
}

void TestNested(T *t) {
	t_run(t, "outer", nested, NULL);
	t_run(t, "outer", nested, NULL);
}

void TestA(T *t) {
	t_run(t, "sub", logName, NULL);
}

void TestAB(T *t) {
	t_run(t, "sub", logName, NULL);
}
