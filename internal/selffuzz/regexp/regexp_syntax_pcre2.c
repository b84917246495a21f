// (none): internal/std/regexp_syntax_pcre2.c (the PCRE2 pattern written for a parsed regexp),
// compiled into this package under rename.h's names so that ctest's
// coverage instrumentation reaches it.
#include "internal/std/regexp_syntax_pcre2.c"
