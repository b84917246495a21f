// lib_inffast.c: zlib's inffast.c, compiled in this package so that the ctest driver instruments it.
#include "@HELDOUT@/zlib-1.2.13.dfsg/inffast.c"
