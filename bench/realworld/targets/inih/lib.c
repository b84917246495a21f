// lib.c: inih, compiled in this package so that the ctest driver
// instruments it; the other builds of the suite compile the same file with
// the same flags (bench/realworld/lib/build.sh). inih's defaults: a line
// of at most 200 bytes on the stack, multi-line values, inline comments.
//ctest:cflags -I${SRCDIR}/../../../../../shared/realworld/src/inih
#include "ini.c"
