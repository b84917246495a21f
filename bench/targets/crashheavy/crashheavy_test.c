// crashheavy_test.c: FuzzDecode, the ctest harness of the crash-heavy
// decoder. The input is copied to a heap block of its size, so that
// AddressSanitizer sees each read past its end.
#include <stdlib.h>
#include <string.h>

#include "target.h"
#include "testing/testing.h"

static volatile size_t sink;

static void fuzz_decode(T *t, go_bytes data) {
    (void)t;
    uint8_t *in = malloc(data.len > 0 ? data.len : 1);
    if (data.len > 0) {
        memcpy(in, data.ptr, data.len);
    }
    uint8_t out[64];
    sink = decode(in, data.len, out, sizeof out);
    free(in);
}

void FuzzDecode(F *f) {
    // Four literals and a match of four, 48 literals and a match of eight:
    // the 64 bytes of the output, read from all of the input.
    f_add(f, GO_BYTES("\x40"
                      "abcd"
                      "\x04\x00"
                      "\xf4\x21"
                      "efghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP"
                      "\x08\x00"));
    f_fuzz(f, fuzz_decode, GO_BYTES);
}
