// lib.c: expat's library sources, compiled in this package so that the
// ctest driver instruments them; the other builds of the suite compile
// the same file with the same flags (bench/realworld/lib/build.sh).
//ctest:cflags -I${SRCDIR} -I${SRCDIR}/../../../../../shared/realworld/src/expat/lib
#include "xmlparse.c"
