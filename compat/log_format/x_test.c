#include <testing/testing.h>
static void fuzzLog(T *t, go_string s);
static void level1(T *t, void *arg);

void TestLogFormat(T *t) {
	t_log(t, "two\nlines");
	t_log(t, "trailing newline\n");
	t_log(t, "");
	t_logf(t, "%s", "");
	t_log(t, "tab\tinside");
	t_log(t, "three\nlines\nhere");
	t_log(t, "blank\n\nline");
	t_error(t, "failing\nwith two lines");
}

static void nested(T *t, void *arg) {
	(void)arg; t_log(t, "nested\nmultiline");
	t_error(t, "nested error");
}

void TestNestedFormat(T *t) {
	t_run(t, "level1", level1, NULL);
}

static void level1(T *t, void *arg) {
	t_run(t, "level2", nested, arg);
}

void FuzzLog(F *f) {
	f_log(f, "f.Log\nmultiline");
	f_add(f, GO_STRING("x"));
	f_fuzz(f, fuzzLog, GO_STRING);
}

static void fuzzLog(T *t, go_string s) {
	t_logf(t, "seed %.*s\nsecond line", (int)s.len, s.ptr);
}
