// harness.c: cJSON's own libFuzzer harness, unchanged.
#include "@HELDOUT@/cJSON-1.7.15/fuzzing/cjson_read_fuzzer.c"
