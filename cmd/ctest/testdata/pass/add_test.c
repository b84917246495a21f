// add_test.c: a passing package: two tests, a fuzz test with seeds, and
// things the scanner must not take for tests.
#include <testing/testing.h>

int add(int a, int b);

/* void TestInComment(T *t) { } */
static const char *s = "void TestInString(T *t) {";

// static functions are not tests.
static void TestStatic(T *t) {
    t_fatal(t, "static function run as a test");
}

void TestAdd(T *t) {
    (void)s;
    (void)TestStatic;
    if (add(1, 2) != 3) {
        t_errorf(t, "add(1, 2) = %d, want 3", add(1, 2));
    }
}

void TesticularCancer(T *t); // not a test: "We don't want TesticularCancer."

void TesticularCancer(T *t) {
    t_fatal(t, "TesticularCancer run as a test");
}

void Test_underscore(testing_T *tt) {
    t_log(tt, "underscore");
}

static void fuzzAdd(T *t, go_int a) {
    if (add((int)a, 0) != (int)a) {
        t_errorf(t, "add(%d, 0) != %d", (int)a, (int)a);
    }
}

void FuzzAdd(F *f) {
    f_add(f, GO_INT(1));
    f_add(f, GO_INT(2));
    f_fuzz(f, fuzzAdd, GO_INT);
}
