// harness_producer.c: the harness's reader of its input.
#include "@HELDOUT@/lz4-1.9.4/ossfuzz/fuzz_data_producer.c"
