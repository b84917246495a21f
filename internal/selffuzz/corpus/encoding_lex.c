// (none): the scanner re2c generates from internal/fuzz/encoding_lex.re,
// compiled into this package under rename.h's names so that ctest's
// coverage instrumentation reaches it. The generated file is in the build
// tree, never in the sources: the driver must be given CFLAGS=-I<build
// directory> (internal/selffuzz/CMakeLists.txt's tests give it).
#if !__has_include("internal/fuzz/encoding_lex.c")
#error "internal/fuzz/encoding_lex.c is generated in the build tree: run ctest with CFLAGS=-I<build directory>"
#endif
#include "internal/fuzz/encoding_lex.c"
