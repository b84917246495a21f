// fail_test.c: a failing package.
#include <testing/testing.h>

void TestFails(T *t) {
    t_error(t, "bad");
}

void TestPasses(T *t) {
    (void)t;
}
