// lib_adler32.c: zlib's adler32.c, compiled in this package so that the ctest driver instruments it.
//ctest:cflags -I@HELDOUT@/zlib-1.2.13.dfsg
#include "@HELDOUT@/zlib-1.2.13.dfsg/adler32.c"
