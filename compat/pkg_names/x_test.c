#include <testing/testing.h>

// import "testing"

void TestRoot(T *t) {
	t_log(t, "root");
}
