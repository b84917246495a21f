// crash_test.c: a test that crashes the test binary. The report names it
// and shows where it crashed (testing/crash.c).
#include <stddef.h>

#include "testing/testing.h"

static int deref(volatile int *p) {
    return *p;
}

void TestFine(T *t) {
    t_log(t, "fine");
}

void TestCrash(T *t) {
    t_log(t, "about to crash");
    deref(NULL);
}
