#include <testing/testing.h>

// import "testing"

void TestSkip(T *t) {
	t_skip(t, "skipping");
}

void TestSkipf(T *t) {
	t_skipf(t, "skip %d of %s", 3, "them");
}

void TestSkipNow(T *t) {
	t_log(t, "before SkipNow");
	t_skipnow(t);
}

void TestSkipAfterError(T *t) {
	t_error(t, "an error first");
	t_skip(t, "then skip");
}

static void skipper(T *t, void *arg) {
	(void)arg; t_skip(t, "sub skipped");
}

static void passer(T *t, void *arg) {
	(void)arg; t_log(t, "sub passes");
}

void TestSkipSub(T *t) {
	t_run(t, "skip", skipper, NULL);
	t_run(t, "pass", passer, NULL);
	if (t_skipped(t)) {
		t_error(t, "parent skipped");
	}
}

static void allSkip(T *t, void *arg) {
	(void)arg; t_skip(t, "all skip");
}

void TestAllSubsSkip(T *t) {
	t_run(t, "a", allSkip, NULL);
	t_run(t, "b", allSkip, NULL);
}
