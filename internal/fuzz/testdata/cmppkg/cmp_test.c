// cmp_test.c: fuzz targets that random mutation alone hardly ever passes,
// and that the comparison dictionary (-fuzzcmp, trace.c) finds at once:
// a 32-bit magic value, and a 64-bit constant together with a string
// compared by strncmp, memcmp and strcmp.
#include <stdint.h>
#include <string.h>

#include "testing/testing.h"

static void fuzzMagic32(T *t, uint32_t x) {
    if (x == 0xDEADBEEF) {
        t_fatalf(t, "found the magic value %#x", (unsigned)x);
    }
}

void FuzzMagic32(F *f) {
    f_fuzz(f, fuzzMagic32, GO_UINT32);
}

static void fuzzPair(T *t, go_string s, int64_t n) {
    if (n == 1234567890123 && s.len >= 5 && strncmp(s.ptr, "ctest", 5) == 0) {
        t_fatalf(t, "found the pair (%.*s, %lld)", (int)s.len, s.ptr, (long long)n);
    }
}

void FuzzPair(F *f) {
    f_fuzz(f, fuzzPair, GO_STRING, GO_INT64);
}

// fuzzHeader compares a []byte with memcmp, then a little-endian word.
static void fuzzHeader(T *t, go_bytes b) {
    if (b.len >= 12 && memcmp(b.ptr, "MAGIC!", 6) == 0) {
        uint32_t w = (uint32_t)b.ptr[6] | (uint32_t)b.ptr[7] << 8 | (uint32_t)b.ptr[8] << 16 |
                     (uint32_t)b.ptr[9] << 24;
        if (w == 0xCAFEF00D) {
            t_fatal(t, "found the header");
        }
    }
}

void FuzzHeader(F *f) {
    f_fuzz(f, fuzzHeader, GO_BYTES);
}

// fuzzReduce has a branch for each of a few leading bytes, whatever
// follows. From a long seed, the inputs found are long; smaller inputs
// that reach the same branch take their place (ctest's reduction).
static volatile unsigned reduceSink;

static void fuzzReduce(T *t, go_bytes b) {
    (void)t;
    if (b.len == 0) {
        return;
    }
    switch (b.ptr[0]) {
    case 'a':
        reduceSink += 1;
        break;
    case 'b':
        reduceSink += 20;
        break;
    case 'c':
        reduceSink *= 3;
        break;
    case 'd':
        reduceSink -= 7;
        break;
    default:
        break;
    }
}

void FuzzReduce(F *f) {
    uint8_t seed[200];
    memset(seed, 'z', sizeof seed);
    f_add(f, GO_BYTES_N(seed, sizeof seed));
    f_fuzz(f, fuzzReduce, GO_BYTES);
}

// fuzzEdges has ifs without an else, whose untaken way is an edge of its
// own: the default search counts it, Go's search (a counter per block)
// does not.
static void fuzzEdges(T *t, go_bytes b) {
    (void)t;
    for (size_t i = 0; i < b.len; i++) {
        if (b.ptr[i] == 'x') {
            reduceSink++;
        }
        if (b.ptr[i] == 'y' && i > 2) {
            reduceSink--;
        }
    }
}

void FuzzEdges(F *f) {
    f_fuzz(f, fuzzEdges, GO_BYTES);
}
