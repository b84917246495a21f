// lib.c: lz4's block format, compiled in this package so that the ctest driver instruments it.
//ctest:cflags -I@HELDOUT@/lz4-1.9.4/lib -I@HELDOUT@/lz4-1.9.4/ossfuzz
#include "@HELDOUT@/lz4-1.9.4/lib/lz4.c"
