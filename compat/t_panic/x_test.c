#include <testing/testing.h>

// import "testing"

void TestPanic(T *t) {
	t_log(t, "about to panic");
	go_panic("boom");
}

static void panicSub(T *t, void *arg) {
	(void)t; (void)arg; go_panic("boom in sub");
}

void TestPanicSub(T *t) {
	t_run(t, "sub", panicSub, NULL);
}

void TestPanicAfterError(T *t) {
	t_error(t, "an error first");
	go_panic("then boom");
}

void TestPanicFormatted(T *t) {
	(void)t; go_panic("value %d: %s", 42, "bad");
}

void TestPasses(T *t) {
	t_log(t, "passes");
}
