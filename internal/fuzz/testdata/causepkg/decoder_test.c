// decoder_test.c: FuzzOneBug reaches decoder.c's one bug through any of
// its inline helpers; FuzzTwoBugs reaches it too, and checksum's, which is
// another bug. Each input is copied to a heap block of its size, so that
// AddressSanitizer sees a read past its end.
#include <stdlib.h>
#include <string.h>
#include <testing/testing.h>

#include "decoder.h"

static volatile unsigned sink;

static uint8_t *copyInput(go_bytes b) {
    uint8_t *p = malloc(b.len > 0 ? b.len : 1);
    if (b.len > 0) {
        memcpy(p, b.ptr, b.len);
    }
    return p;
}

// decode decodes the input's copy in into 32 bytes.
static void decode(const uint8_t *in) {
    uint8_t out[32];
    sink = (unsigned)decode_fast(in, out, sizeof out);
}

// seed decodes without a bad read: four literals and a match of four,
// twice, then four literals and a match that ends the output.
static const uint8_t seed[] = "\x40"
                              "abcd"
                              "\x04\x00"
                              "\x40"
                              "efgh"
                              "\x08\x00"
                              "\x4f"
                              "ijkl"
                              "\x04\x00";

static void oneBug(T *t, go_bytes b) {
    (void)t;
    uint8_t *in = copyInput(b);
    decode(in);
    free(in);
}

void FuzzOneBug(F *f) {
    f_add(f, GO_BYTES_N(seed, sizeof seed - 1));
    f_fuzz(f, oneBug, GO_BYTES);
}

static void twoBugs(T *t, go_bytes b) {
    (void)t;
    uint8_t *in = copyInput(b);
    if (b.len > 0 && in[0] == 'C') {
        sink = checksum(in, b.len);
    } else {
        decode(in);
    }
    free(in);
}

void FuzzTwoBugs(F *f) {
    f_add(f, GO_BYTES_N(seed, sizeof seed - 1));
    f_fuzz(f, twoBugs, GO_BYTES);
}
