// cflags_test.c: checks the flags from cflags.c's //ctest:cflags line.
#include <string.h>
#include <testing/testing.h>

int fixtureValue(void);

void TestCflags(T *t) {
    if (fixtureValue() != 42) {
        t_errorf(t, "fixtureValue() = %d, want 42", fixtureValue());
    }
    if (strcmp(FIXTURE_NAME, "a b") != 0) {
        t_errorf(t, "FIXTURE_NAME = %s, want a b", FIXTURE_NAME);
    }
}
