// lib.c: md4c's parser, compiled in this package so that the ctest driver instruments it.
//ctest:cflags -I@HELDOUT@/md4c-release-0.4.8/src
#include "@HELDOUT@/md4c-release-0.4.8/src/md4c.c"
