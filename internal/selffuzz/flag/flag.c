// (none): internal/std/flag.c (Go's package flag), compiled into this
// package under rename.h's names so that ctest's coverage instrumentation
// reaches it.
#include "internal/std/flag.c"
