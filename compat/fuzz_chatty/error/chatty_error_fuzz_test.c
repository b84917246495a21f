#include <testing/testing.h>

// import "testing"

void Fuzz(F *f) {
	f_error(f, "error in target");
}
