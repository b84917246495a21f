// srcsbad_test.c: a //ctest:srcs pattern that matches no file.
//ctest:srcs nothere/*.c
#include "testing/testing.h"

void TestNothing(T *t) {
    (void)t;
}
