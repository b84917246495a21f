// pcre2_test.c: FuzzPcre2 hands each input to upstream's harness
// (harness.c), as libFuzzer and AFL++ do.
#include <stddef.h>
#include <stdint.h>

#include "testing/testing.h"

// As upstream declares them.
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(unsigned char *data, size_t size);

static void fuzz_pcre2(T *t, go_bytes data) {
    (void)t;
    // libFuzzer never passes NULL, even for an empty input.
    static unsigned char empty[1];
    LLVMFuzzerTestOneInput(data.len > 0 ? (unsigned char *)data.ptr : empty, data.len);
}

void FuzzPcre2(F *f) {
    // Raises the stack limit, as libFuzzer and AFL++'s driver call it
    // before the first input.
    LLVMFuzzerInitialize(NULL, NULL);
    f_fuzz(f, fuzz_pcre2, GO_BYTES);
}
