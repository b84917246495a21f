#include <testing/testing.h>

// import "testing"

void TestShortFlag(T *t) {
	t_log(t, "runs with or without -short");
}
