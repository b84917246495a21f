#include <testing/testing.h>

// import "testing"

void Fuzz(F *f) {
	(void)f; go_panic("this is bad");
}
