#include <testing/testing.h>

// import "testing"

void TestA(T *t) {
	t_log(t, "a");
}
