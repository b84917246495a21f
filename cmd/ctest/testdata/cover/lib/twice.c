// A library file built with the package through //ctest:srcs: measured
// too. Two statements, one of which the tests run.
int Twice(int x) {
    if (x > 100) {
        return 0;
    }
    return 2 * x;
}
