// (none): internal/fuzz/encoding_parse.c (go/parser for a corpus line),
// compiled into this package under rename.h's names so that ctest's
// coverage instrumentation reaches it.
#include "internal/fuzz/encoding_parse.c"
