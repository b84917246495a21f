// Ports go1.19.8 src/internal/fuzz/mutators_byteslice.go: the byte slice
// mutators, byteSliceMutators (mutator.go) in Go's order, and the
// interesting8/16/32 tables as mutator.go's init leaves them.
//
// Each mutator works in place, within b->cap: those that grow the slice use
// the spare capacity (and also as scratch space, as Go's do), and give up
// (return false, Go's nil) when there is not enough of it. Positions are
// go_int, as Go's int, so that Go's arithmetic on them reads the same.
//
#include <string.h>

#include "internal/fuzz/mutator.h"
#include "internal/fuzz/value.h"

const int8_t fuzz_interesting8[numInteresting8] = { -128, -1, 0, 1, 16, 32, 64, 100, 127 };

// fuzz_interesting16 is Go's interesting16 followed by interesting8.
// clang-format off
const int16_t fuzz_interesting16[numInteresting16] = {
    -32768, -129, 128, 255, 256, 512, 1000, 1024, 4096, 32767, // interesting16
    -128, -1, 0, 1, 16, 32, 64, 100, 127,                      // interesting8
};

// fuzz_interesting32 is Go's interesting32 followed by interesting16 as
// extended above.
const int32_t fuzz_interesting32[numInteresting32] = {
    -2147483648, -100663046, -32769, 32768, 65535, 65536, 100663045, 2147483647, // interesting32
    -32768, -129, 128, 255, 256, 512, 1000, 1024, 4096, 32767,                   // interesting16
    -128, -1, 0, 1, 16, 32, 64, 100, 127,                                        // interesting8
};
// clang-format on

// rnd and chooseLen are m.rand and m.chooseLen.
static go_int rnd(mutator *m, go_int n) {
    return fuzz_mutator_rand(m, n);
}

static go_int chooseLen(mutator *m, go_int n) {
    return fuzz_mutator_chooseLen(m, n);
}

// move is Go's copy(b[dst:], b[src:src+n]) once the caller has worked out n.
static void move(byteSlice *b, go_int dst, go_int src, go_int n) {
    if (n > 0) {
        memmove(b->ptr + dst, b->ptr + src, (size_t)n);
    }
}

// The byte orders of encoding/binary: get and put at p, little endian if le.
static uint16_t getUint16(const uint8_t *p, bool le) {
    uint16_t v = 0;
    for (int i = 0; i < 2; i++) {
        v = (uint16_t)(v | p[le ? i : 1 - i] << (8 * i));
    }
    return v;
}

static void putUint16(uint8_t *p, bool le, uint16_t v) {
    for (int i = 0; i < 2; i++) {
        p[le ? i : 1 - i] = (uint8_t)(v >> (8 * i));
    }
}

static uint32_t getUint32(const uint8_t *p, bool le) {
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        v |= (uint32_t)p[le ? i : 3 - i] << (8 * i);
    }
    return v;
}

static void putUint32(uint8_t *p, bool le, uint32_t v) {
    for (int i = 0; i < 4; i++) {
        p[le ? i : 3 - i] = (uint8_t)(v >> (8 * i));
    }
}

static uint64_t getUint64(const uint8_t *p, bool le) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) {
        v |= (uint64_t)p[le ? i : 7 - i] << (8 * i);
    }
    return v;
}

static void putUint64(uint8_t *p, bool le, uint64_t v) {
    for (int i = 0; i < 8; i++) {
        p[le ? i : 7 - i] = (uint8_t)(v >> (8 * i));
    }
}

// byteSliceRemoveBytes cuts a run of bytes out of b.
static bool byteSliceRemoveBytes(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len <= 1) {
        return false;
    }
    go_int pos0 = rnd(m, len);
    go_int pos1 = pos0 + chooseLen(m, len - pos0);
    move(b, pos0, pos1, len - pos1);
    b->len = (size_t)(len - (pos1 - pos0));
    return true;
}

// byteSliceInsertRandomBytes puts a run of random bytes somewhere in b,
// making it longer.
static bool byteSliceInsertRandomBytes(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    go_int pos = rnd(m, len + 1);
    go_int n = chooseLen(m, 1024);
    if (len + n >= (go_int)b->cap) {
        return false;
    }
    b->len = (size_t)(len + n);
    move(b, pos + n, pos, len - pos);
    for (go_int i = 0; i < n; i++) {
        b->ptr[pos + i] = (uint8_t)rnd(m, 256);
    }
    return true;
}

// byteSliceDuplicateBytes copies a run of b's bytes and puts the copy
// elsewhere in b, making it longer.
static bool byteSliceDuplicateBytes(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len <= 1) {
        return false;
    }
    go_int src = rnd(m, len);
    go_int dst = rnd(m, len);
    while (dst == src) {
        dst = rnd(m, len);
    }
    go_int n = chooseLen(m, len - src);
    // The block goes through the spare capacity after the data, which must
    // hold two copies of it; otherwise give up, as Go does.
    if (len + n * 2 >= (go_int)b->cap) {
        return false;
    }
    go_int end = len;
    move(b, end + n, src, n);         // the block, past the end
    move(b, dst + n, dst, end - dst); // make room at dst
    move(b, dst, end + n, n);         // the block, into the room
    b->len = (size_t)(end + n);
    return true;
}

// byteSliceOverwriteBytes copies one run of b over another.
static bool byteSliceOverwriteBytes(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len <= 1) {
        return false;
    }
    go_int src = rnd(m, len);
    go_int dst = rnd(m, len);
    while (dst == src) {
        dst = rnd(m, len);
    }
    go_int n = chooseLen(m, len - src - 1);
    // Go: copy(b[dst:], b[src:src+n]) copies no more than fits after dst.
    move(b, dst, src, n < len - dst ? n : len - dst);
    return true;
}

// byteSliceBitFlip flips one bit of b.
static bool byteSliceBitFlip(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len == 0) {
        return false;
    }
    go_int pos = rnd(m, len);
    b->ptr[pos] ^= (uint8_t)(1u << rnd(m, 8));
    return true;
}

// byteSliceXORByte flips bits of one byte of b: the mask is never zero,
// so that the byte always changes.
static bool byteSliceXORByte(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len == 0) {
        return false;
    }
    go_int pos = rnd(m, len);
    b->ptr[pos] ^= (uint8_t)(1 + rnd(m, 255));
    return true;
}

// byteSliceSwapByte swaps two random bytes in b.
static bool byteSliceSwapByte(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len <= 1) {
        return false;
    }
    go_int src = rnd(m, len);
    go_int dst = rnd(m, len);
    while (dst == src) {
        dst = rnd(m, len);
    }
    uint8_t t = b->ptr[src];
    b->ptr[src] = b->ptr[dst];
    b->ptr[dst] = t;
    return true;
}

// byteSliceArithmeticUint8 moves one byte of b up or down by at most 35.
static bool byteSliceArithmeticUint8(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len == 0) {
        return false;
    }
    go_int pos = rnd(m, len);
    uint8_t v = (uint8_t)(rnd(m, 35) + 1);
    if (fuzz_mutator_bool(m)) {
        b->ptr[pos] = (uint8_t)(b->ptr[pos] + v);
    } else {
        b->ptr[pos] = (uint8_t)(b->ptr[pos] - v);
    }
    return true;
}

// byteSliceArithmeticUint16 does the same to two bytes of b, read as a
// uint16 in either byte order.
static bool byteSliceArithmeticUint16(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len < 2) {
        return false;
    }
    uint16_t v = (uint16_t)(rnd(m, 35) + 1);
    if (fuzz_mutator_bool(m)) {
        v = (uint16_t)(0 - v);
    }
    go_int pos = rnd(m, len - 1);
    bool le = fuzz_mutator_randByteOrder(m);
    putUint16(b->ptr + pos, le, (uint16_t)(getUint16(b->ptr + pos, le) + v));
    return true;
}

// byteSliceArithmeticUint32: the same, on four bytes.
static bool byteSliceArithmeticUint32(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len < 4) {
        return false;
    }
    uint32_t v = (uint32_t)(rnd(m, 35) + 1);
    if (fuzz_mutator_bool(m)) {
        v = 0 - v;
    }
    go_int pos = rnd(m, len - 3);
    bool le = fuzz_mutator_randByteOrder(m);
    putUint32(b->ptr + pos, le, getUint32(b->ptr + pos, le) + v);
    return true;
}

// byteSliceArithmeticUint64: the same, on eight bytes.
static bool byteSliceArithmeticUint64(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len < 8) {
        return false;
    }
    uint64_t v = (uint64_t)(rnd(m, 35) + 1);
    if (fuzz_mutator_bool(m)) {
        v = 0 - v;
    }
    go_int pos = rnd(m, len - 7);
    bool le = fuzz_mutator_randByteOrder(m);
    putUint64(b->ptr + pos, le, getUint64(b->ptr + pos, le) + v);
    return true;
}

// byteSliceOverwriteInterestingUint8 writes one of interesting8's values
// over a byte of b.
static bool byteSliceOverwriteInterestingUint8(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len == 0) {
        return false;
    }
    go_int pos = rnd(m, len);
    b->ptr[pos] = (uint8_t)fuzz_interesting8[rnd(m, numInteresting8)];
    return true;
}

// byteSliceOverwriteInterestingUint16 writes one of interesting16's values,
// in either byte order, over two bytes of b.
static bool byteSliceOverwriteInterestingUint16(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len < 2) {
        return false;
    }
    go_int pos = rnd(m, len - 1);
    uint16_t v = (uint16_t)fuzz_interesting16[rnd(m, numInteresting16)];
    putUint16(b->ptr + pos, fuzz_mutator_randByteOrder(m), v);
    return true;
}

// byteSliceOverwriteInterestingUint32 overwrites a random uint32 in b with
// an interesting value.
static bool byteSliceOverwriteInterestingUint32(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len < 4) {
        return false;
    }
    go_int pos = rnd(m, len - 3);
    uint32_t v = (uint32_t)fuzz_interesting32[rnd(m, numInteresting32)];
    putUint32(b->ptr + pos, fuzz_mutator_randByteOrder(m), v);
    return true;
}

// byteSliceInsertConstantBytes inserts a chunk of one repeated byte into a
// random position in b. The length limit, 4096, is Go's (picked "mainly
// randomly", says Go's TODO).
static bool byteSliceInsertConstantBytes(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len <= 1) {
        return false;
    }
    go_int dst = rnd(m, len);
    go_int n = chooseLen(m, 4096);
    if (len + n >= (go_int)b->cap) {
        return false;
    }
    b->len = (size_t)(len + n);
    move(b, dst + n, dst, len - dst);
    uint8_t rb = (uint8_t)rnd(m, 256);
    memset(b->ptr + dst, rb, (size_t)n);
    return true;
}

// byteSliceOverwriteConstantBytes overwrites a chunk of b with one repeated
// byte.
static bool byteSliceOverwriteConstantBytes(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len <= 1) {
        return false;
    }
    go_int dst = rnd(m, len);
    go_int n = chooseLen(m, len - dst);
    uint8_t rb = (uint8_t)rnd(m, 256);
    memset(b->ptr + dst, rb, (size_t)n);
    return true;
}

// byteSliceShuffleBytes puts a run of b's bytes in a random order
// (Fisher-Yates, from the end of the run back to its start).
static bool byteSliceShuffleBytes(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len <= 1) {
        return false;
    }
    go_int dst = rnd(m, len);
    go_int n = chooseLen(m, len - dst);
    if (n <= 2) {
        return false;
    }
    for (go_int i = n - 1; i > 0; i--) {
        go_int j = rnd(m, i + 1);
        uint8_t t = b->ptr[dst + i];
        b->ptr[dst + i] = b->ptr[dst + j];
        b->ptr[dst + j] = t;
    }
    return true;
}

// byteSliceSwapBytes exchanges two runs of b's bytes.
static bool byteSliceSwapBytes(mutator *m, byteSlice *b) {
    go_int len = (go_int)b->len;
    if (len <= 1) {
        return false;
    }
    go_int src = rnd(m, len);
    go_int dst = rnd(m, len);
    while (dst == src) {
        dst = rnd(m, len);
    }
    // Chunks start at src and dst and must end within b.
    go_int max = dst;
    if (src > max) {
        max = src;
    }
    go_int n = chooseLen(m, len - max - 1);
    // Overlapping chunks would duplicate bytes rather than swap them.
    if ((src > dst && dst + n >= src) || (dst > src && src + n >= dst)) {
        return false;
    }
    // The spare capacity holds one chunk while they trade places.
    if (len + n >= (go_int)b->cap) {
        return false;
    }
    go_int end = len;
    move(b, end, dst, n);
    move(b, dst, src, n);
    move(b, src, end, n);
    return true;
}

const byteSliceMutatorDef fuzz_byteSliceMutators[numByteSliceMutators] = {
    { "byteSliceRemoveBytes", byteSliceRemoveBytes },
    { "byteSliceInsertRandomBytes", byteSliceInsertRandomBytes },
    { "byteSliceDuplicateBytes", byteSliceDuplicateBytes },
    { "byteSliceOverwriteBytes", byteSliceOverwriteBytes },
    { "byteSliceBitFlip", byteSliceBitFlip },
    { "byteSliceXORByte", byteSliceXORByte },
    { "byteSliceSwapByte", byteSliceSwapByte },
    { "byteSliceArithmeticUint8", byteSliceArithmeticUint8 },
    { "byteSliceArithmeticUint16", byteSliceArithmeticUint16 },
    { "byteSliceArithmeticUint32", byteSliceArithmeticUint32 },
    { "byteSliceArithmeticUint64", byteSliceArithmeticUint64 },
    { "byteSliceOverwriteInterestingUint8", byteSliceOverwriteInterestingUint8 },
    { "byteSliceOverwriteInterestingUint16", byteSliceOverwriteInterestingUint16 },
    { "byteSliceOverwriteInterestingUint32", byteSliceOverwriteInterestingUint32 },
    { "byteSliceInsertConstantBytes", byteSliceInsertConstantBytes },
    { "byteSliceOverwriteConstantBytes", byteSliceOverwriteConstantBytes },
    { "byteSliceShuffleBytes", byteSliceShuffleBytes },
    { "byteSliceSwapBytes", byteSliceSwapBytes },
};
