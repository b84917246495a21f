// (none): internal/std/regexp_syntax_class.c (regexp/syntax's escapes and classes),
// compiled into this package under rename.h's names so that ctest's
// coverage instrumentation reaches it.
#include "internal/std/regexp_syntax_class.c"
