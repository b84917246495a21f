// badsig_test.c: a test function with the wrong signature.
#include <testing/testing.h>

void TestWrong(int n) {
    (void)n;
}
