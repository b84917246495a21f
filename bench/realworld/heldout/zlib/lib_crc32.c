// lib_crc32.c: zlib's crc32.c, compiled in this package so that the ctest driver instruments it.
#include "@HELDOUT@/zlib-1.2.13.dfsg/crc32.c"
