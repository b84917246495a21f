// libfuzzer.c: the libFuzzer harness of the (string, int64) target. An
// input is the integer in 8 little-endian bytes (missing bytes are zero),
// then the string.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint64_t x = 0;
    size_t n = size < 8 ? size : 8;
    for (size_t i = 0; i < n; i++) {
        x |= (uint64_t)data[i] << (8 * i);
    }
    if (twoarg_target((const char *)data + n, size - n, (int64_t)x)) {
        fprintf(stderr, "found the prefix and the integer\n");
        abort();
    }
    return 0;
}
