// lib_inflate.c: zlib's inflate.c, compiled in this package so that the ctest driver instruments it.
#include "@HELDOUT@/zlib-1.2.13.dfsg/inflate.c"
