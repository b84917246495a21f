// (none): internal/fuzz/encoding.c (encoding.go's marshalCorpusFile and
// unmarshalCorpusFile), compiled into this package under rename.h's names
// so that ctest's coverage instrumentation reaches it.
#include "internal/fuzz/encoding.c"
