#include "testing/testing.h"

extern const int X;

void TestX(testing_T *t) {
    if (X != 1) {
        t_fatal(t, "X != 1");
    }
}
