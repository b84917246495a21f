// lib.c: cJSON, compiled in this package so that the ctest driver instruments it.
//ctest:cflags -I@HELDOUT@/cJSON-1.7.15
#include "@HELDOUT@/cJSON-1.7.15/cJSON.c"
