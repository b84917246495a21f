// lz4_test.c: FuzzLz4 hands each input to the harness, as libFuzzer and
// AFL++ do.
#include <stddef.h>
#include <stdint.h>

#include "testing/testing.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_lz4(T *t, go_bytes data) {
    (void)t;
    // libFuzzer never passes NULL, even for an empty input.
    static const uint8_t empty[1];
    LLVMFuzzerTestOneInput(data.len > 0 ? data.ptr : empty, data.len);
}

void FuzzLz4(F *f) {
    f_fuzz(f, fuzz_lz4, GO_BYTES);
}
