// A second file that does not compile: its errors come after those of
// buildfail_test.c, however many compilers run at once (-p).
#include "testing/testing.h"

void TestAlsoBroken(T *t) {
    t_log(t, undeclared_too);
}
