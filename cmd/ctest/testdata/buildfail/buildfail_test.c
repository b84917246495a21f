// buildfail_test.c: a package whose test file does not compile.
#include <testing/testing.h>

void TestBroken(T *t) {
    int x = undefined_name;
}
