#include <testing/testing.h>

// import "testing"

static void helper(T *t) {
	t_helper(t);
	t_error(t, "from helper");
}

static void helper2(T *t) {
	t_helper(t);
	helper(t);
}

static void notHelper(T *t) {
	helper(t);
}

static void helperFatal(T *t) {
	t_helper(t);
	t_fatalf(t, "fatal from %s", "helper");
}

static void helperLog(T *t, const char *msg) {
	t_helper(t);
	t_log(t, msg);
}

static void cleanupHelper(void *t) { helperLog(t, "cleanup via helper"); }

void TestHelper(T *t) {
	helper(t);
	helper2(t);
	notHelper(t);
}

void TestHelperFatal(T *t) {
	helperFatal(t);
}

void TestHelperInCleanup(T *t) {
	t_cleanup(t, cleanupHelper, t);
	helperLog(t, "body via helper");
}

static void subUsesHelper(T *t, void *arg) {
	(void)arg; helperLog(t, "sub via helper");
}

void TestHelperSub(T *t) {
	t_run(t, "sub", subUsesHelper, NULL);
}
