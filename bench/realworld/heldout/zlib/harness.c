// harness.c: zlib ships no fuzz harness; this one is of OSS-Fuzz's kind
// for zlib (its uncompress fuzzer): the input is a zlib stream, inflated
// by uncompress() into a fixed buffer of 256 KiB.
#include <stddef.h>
#include <stdint.h>

#include "zlib.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Bytef out[256 * 1024];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uLongf n = sizeof out;
    (void)uncompress(out, &n, data, (uLong)size);
    return 0;
}
