#include <testing/testing.h>



void Fuzz(F *f) { (void)f; }
