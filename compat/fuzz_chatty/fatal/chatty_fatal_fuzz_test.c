#include <testing/testing.h>

// import "testing"

void Fuzz(F *f) {
	f_fatal(f, "fatal in target");
}
