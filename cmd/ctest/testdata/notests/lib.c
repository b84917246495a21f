// lib.c: a package without test files.
int lib(void);

int lib(void) {
    return 0;
}
