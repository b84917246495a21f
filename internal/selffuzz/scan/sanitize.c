// (none): cmd/ctest/sanitize.c (the sanitizers the scanner's
// //ctest:sanitize lines take), compiled into this package under
// rename.h's names.
#include "cmd/ctest/sanitize.c"
