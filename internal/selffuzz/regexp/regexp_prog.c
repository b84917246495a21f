// (none): internal/std/regexp_prog.c (a parsed regexp as a program), compiled
// into this package under rename.h's names, as regexp_syntax.c's copy
// calls it.
#include "internal/std/regexp_prog.c"
