// add.c: the code under test of the passing fixture package.
int add(int a, int b);

int add(int a, int b) {
    return a + b;
}
