#include <testing/testing.h>

// import "testing"

void TestPass(T *t) {
	t_log(t, "pass");
}
