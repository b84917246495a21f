// harness.c: upstream's libFuzzer harness of pcre2 (pcre2_fuzzsupport.c),
// unchanged: the one LLVMFuzzerTestOneInput that every build of the suite
// runs. Its first 8 bytes choose the compile and match options, the rest is
// the pattern and the subject.
#include "pcre2_fuzzsupport.c"
