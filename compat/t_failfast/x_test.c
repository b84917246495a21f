#include <testing/testing.h>

// import "testing"

void TestA(T *t) {
	t_error(t, "A fails");
}

static void subFails(T *t, void *arg) {
	(void)arg; t_error(t, "sub fails");
}

static void subPasses(T *t, void *arg) {
	(void)arg; t_log(t, "sub passes");
}

void TestB(T *t) {
	t_run(t, "one", subFails, NULL);
	t_run(t, "two", subPasses, NULL);
}

void TestC(T *t) {
	t_log(t, "C passes");
}
