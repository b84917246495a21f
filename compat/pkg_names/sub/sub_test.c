#include <testing/testing.h>

// import "testing"

void TestSub(T *t) {
	t_log(t, "sub");
}
