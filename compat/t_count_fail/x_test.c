#include <testing/testing.h>

// import "testing"

static int runs;

void TestFailsSecondTime(T *t) {
	runs++;
	t_logf(t, "run %d", runs);
	if (runs == 2) {
		t_error(t, "second run fails");
	}
}

void TestOther(T *t) {
	t_log(t, "other");
}
