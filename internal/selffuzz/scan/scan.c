// (none): the scanner re2c generates from cmd/ctest/scan.re (the driver's
// finder of TestXxx and FuzzXxx and of //ctest: lines), compiled into this
// package under rename.h's names so that ctest's coverage instrumentation
// reaches it. The generated file is in the build tree, never in the
// sources: the driver must be given CFLAGS=-I<build directory>
// (internal/selffuzz/CMakeLists.txt's tests give it).
#if !__has_include("cmd/ctest/scan.c")
#error "cmd/ctest/scan.c is generated in the build tree: run ctest with CFLAGS=-I<build directory>"
#endif
#include "cmd/ctest/scan.c"
