// (none): internal/std/regexp_syntax.c (regexp/syntax's parse loop),
// compiled into this package under rename.h's names so that ctest's
// coverage instrumentation reaches it.
#include "internal/std/regexp_syntax.c"
