#include <testing/testing.h>

// import "testing"

static void seq(T *t, void *arg) {
	(void)arg; t_log(t, "sequential");
}

static void par(T *t, void *arg) {
	(void)arg; t_parallel(t);
	t_log(t, "parallel");
}

void TestSub(T *t) {
	t_run(t, "seq1", seq, NULL);
	t_run(t, "par", par, NULL);
	t_run(t, "seq2", seq, NULL);
	t_log(t, "parent body done");
}

void TestTopPar(T *t) {
	t_parallel(t);
	t_log(t, "top parallel");
}

void TestTopSeq(T *t) {
	t_log(t, "top sequential");
}

static void parFail(T *t, void *arg) {
	(void)arg; t_parallel(t);
	t_error(t, "parallel failure");
}

void TestParFail(T *t) {
	t_run(t, "p", parFail, NULL);
	t_run(t, "s", seq, NULL);
}

void TestPanicParallelTwice(T *t) {
	t_parallel(t);
	t_parallel(t);
}

void TestPanicSetenvThenParallel(T *t) {
	t_setenv(t, "CTEST_COMPAT_X", "1");
	t_parallel(t);
}

void TestPanicParallelThenSetenv(T *t) {
	t_parallel(t);
	t_setenv(t, "CTEST_COMPAT_X", "1");
}
