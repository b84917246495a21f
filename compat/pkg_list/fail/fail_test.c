#include <testing/testing.h>

// import "testing"

void TestFail(T *t) {
	t_error(t, "fail");
}
