// harness_helpers.c: the harness's helpers.
#include "@HELDOUT@/lz4-1.9.4/ossfuzz/lz4_helpers.c"
