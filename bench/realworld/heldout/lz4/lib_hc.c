// lib_hc.c: lz4's high-compression mode, which the frame format links to.
#include "@HELDOUT@/lz4-1.9.4/lib/lz4hc.c"
