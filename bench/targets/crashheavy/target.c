// target.c: a decoder in the shape of LZ4's LZ4_decompress_fast called with
// a wrong output size: it trusts the size of its output and never checks
// where its input ends, so that about nine inputs in ten make it read past
// them, or before the start of its output. Built with -DCRASHHEAVY_FIXED,
// it checks both and returns 0 instead: the same work on the same inputs,
// with no crash. bench/crashheavy.sh fuzzes both under AddressSanitizer.
#include "target.h"

#ifdef CRASHHEAVY_FIXED
// need says that n more bytes of input are there, or returns 0.
#define need(n)                                                                                    \
    do {                                                                                           \
        if ((size_t)(end - ip) < (n)) {                                                            \
            return 0;                                                                              \
        }                                                                                          \
    } while (0)
#else
#define need(n) ((void)0)
#endif

size_t decode(const uint8_t *src, size_t n, uint8_t *dst, size_t dstLen) {
    const uint8_t *ip = src, *end = src + n;
    uint8_t *op = dst, *oend = dst + dstLen;
    (void)end;
    while (op < oend) {
        need(1);
        unsigned token = *ip++;
        size_t lit = token >> 4;
        if (lit == 15) {
            unsigned b;
            do {
                need(1);
                b = *ip++;
                lit += b;
            } while (b == 255);
        }
        for (; lit > 0 && op < oend; lit--) {
            need(1);
            *op++ = *ip++;
        }
        if (op >= oend) {
            break;
        }
        need(2);
        size_t off = (size_t)(ip[0] | ip[1] << 8);
        ip += 2;
#ifdef CRASHHEAVY_FIXED
        if (off == 0 || off > (size_t)(op - dst)) {
            return 0;
        }
#endif
        for (size_t m = (token & 15) + 4; m > 0 && op < oend; m--, op++) {
            *op = op[-off];
        }
    }
    return (size_t)(ip - src);
}
