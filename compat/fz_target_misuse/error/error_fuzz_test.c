#include <testing/testing.h>



void Fuzz(F *f) {
	f_error(f, "error in target");
}
