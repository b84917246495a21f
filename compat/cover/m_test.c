#include "testing/testing.h"

int Abs(int x);
static void fuzzAbs(testing_T *t, go_int x);
void TestAbs(testing_T *t) {
    if (Abs(-2) != 2) {
        t_fatal(t, "Abs(-2) != 2");
    }
}

void FuzzAbs(testing_F *f) {
    f_add(f, GO_INT(3));
    f_fuzz(f, fuzzAbs, GO_INT);
}

static void fuzzAbs(testing_T *t, go_int x) {
    (void)t;
    Abs((int)x);
}
