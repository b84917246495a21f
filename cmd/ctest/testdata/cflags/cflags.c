// cflags.c: //ctest:cflags lines in any file of the package reach every
// compilation, as cgo's #cgo CFLAGS lines do.
//ctest:cflags -DFIXTURE_VALUE=42 "-DFIXTURE_NAME=\"a b\""
//ctest:ldflags -lm
int fixtureValue(void);

int fixtureValue(void) {
    return FIXTURE_VALUE;
}
