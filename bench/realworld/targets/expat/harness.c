// harness.c: upstream's libFuzzer harness of expat, unchanged, for UTF-8
// input: the one LLVMFuzzerTestOneInput that every build of the suite runs.
//ctest:cflags -DENCODING_FOR_FUZZING=UTF-8 -I${SRCDIR}/../../../../../shared/realworld/src/expat/fuzz
#include "xml_parse_fuzzer.c"
