// libfuzzer.c: the libFuzzer harness of the INI-style parser. Its planted
// bug is found with -fsanitize=fuzzer,address.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "../target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    parser_result r;
    if (parser_target(data, size, &r) == 0 && r.pairs < 0) {
        abort();
    }
    return 0;
}
