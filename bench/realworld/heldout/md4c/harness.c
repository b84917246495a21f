// harness.c: md4c's own libFuzzer harness, unchanged.
#include "@HELDOUT@/md4c-release-0.4.8/test/fuzzers/fuzz-mdhtml.c"
