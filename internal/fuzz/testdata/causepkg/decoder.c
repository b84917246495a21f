// decoder.c: a decoder in the shape of LZ4_decompress_fast, with its bug:
// it trusts the output size it is given and never checks where its input
// ends, so that most inputs make it read past them. The bad read happens
// in whichever inline helper reads next (read16, read_long_length, or
// decode_generic itself); all of them are inlined into decode_fast, as
// LZ4's are (LZ4_FORCE_INLINE).
#include "decoder.h"

#define FORCE_INLINE static inline __attribute__((always_inline))

// read16 reads a little-endian 16-bit match offset.
FORCE_INLINE unsigned read16(const uint8_t *p) {
    return (unsigned)(p[0] | p[1] << 8);
}

// read_long_length reads the bytes that extend a length of 15: each adds
// itself, and 255 says another follows.
FORCE_INLINE size_t read_long_length(const uint8_t **pp) {
    size_t n = 0;
    unsigned b;
    do {
        b = *(*pp)++;
        n += b;
    } while (b == 255);
    return n;
}

// decode_generic: each sequence is a token (literal length in the high
// nibble, match length - 4 in the low one), the literals, and a match
// offset.
FORCE_INLINE size_t decode_generic(const uint8_t *src, uint8_t *dst, size_t dstLen) {
    const uint8_t *ip = src;
    uint8_t *op = dst, *end = dst + dstLen;
    while (op < end) {
        unsigned token = *ip++;
        size_t lit = token >> 4;
        if (lit == 15) {
            lit += read_long_length(&ip);
        }
        for (; lit > 0 && op < end; lit--) {
            *op++ = *ip++;
        }
        if (op >= end) {
            break;
        }
        size_t off = read16(ip);
        ip += 2;
        if (off == 0 || off > (size_t)(op - dst)) {
            return 0;
        }
        for (size_t m = (token & 15) + 4; m > 0 && op < end; m--, op++) {
            *op = op[-off];
        }
    }
    return (size_t)(ip - src);
}

size_t decode_fast(const uint8_t *src, uint8_t *dst, size_t dstLen) {
    return decode_generic(src, dst, dstLen);
}

// checksum has a bug of its own: it adds one byte too many.
unsigned checksum(const uint8_t *p, size_t n) {
    unsigned sum = 0;
    for (size_t i = 0; i <= n; i++) {
        sum = sum * 31 + p[i];
    }
    return sum;
}
