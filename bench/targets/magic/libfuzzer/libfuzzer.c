// libfuzzer.c: the libFuzzer harness of the byte-by-byte magic value.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (magic_target(data, size)) {
        fprintf(stderr, "found the magic value\n");
        abort();
    }
    return 0;
}
