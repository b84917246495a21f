// lib_zutil.c: zlib's zutil.c, compiled in this package so that the ctest driver instruments it.
#include "@HELDOUT@/zlib-1.2.13.dfsg/zutil.c"
