// libfuzzer.c: the libFuzzer harness of the no-op target.
#include <stddef.h>
#include <stdint.h>

#include "../target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    nop_target(data, size);
    return 0;
}
