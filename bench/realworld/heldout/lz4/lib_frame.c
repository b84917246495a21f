// lib_frame.c: lz4's frame format.
#include "@HELDOUT@/lz4-1.9.4/lib/lz4frame.c"
