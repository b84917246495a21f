// (none): cmd/ctest/load.c (the driver's packages and string lists, which
// the scanner fills), compiled into this package under rename.h's names.
#include "cmd/ctest/load.c"
