#include <testing/testing.h>



void Fuzz(F *f) {
	f_fatal(f, "fatal in target");
}
