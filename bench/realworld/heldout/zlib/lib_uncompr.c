// lib_uncompr.c: zlib's uncompr.c, compiled in this package so that the ctest driver instruments it.
#include "@HELDOUT@/zlib-1.2.13.dfsg/uncompr.c"
