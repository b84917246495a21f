// harness.c: lz4's own libFuzzer harness of frame decompression, unchanged.
#include "@HELDOUT@/lz4-1.9.4/ossfuzz/decompress_frame_fuzzer.c"
