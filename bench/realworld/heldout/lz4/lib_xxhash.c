// lib_xxhash.c: the checksum of lz4's frames.
#include "@HELDOUT@/lz4-1.9.4/lib/xxhash.c"
