// hex.c: hexadecimal encoding (libhex.so).
#include "hex.h"

#include <ctype.h>
#include <string.h>

static const char digits[] = "0123456789abcdef";

void hex_encode(const uint8_t *in, size_t n, char *out) {
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
}

// value is the value of the hex digit c, in either case, or -1.
static int value(char c) {
    const char *d = strchr(digits, tolower((unsigned char)c));
    return c != '\0' && d != NULL ? (int)(d - digits) : -1;
}

long hex_decode(const char *in, size_t n, uint8_t *out) {
    if (n % 2 != 0) {
        return -1;
    }
    for (size_t i = 0; i < n; i += 2) {
        int hi = value(in[i]), lo = value(in[i + 1]);
        if (hi < 0 || lo < 0) {
            return -1;
        }
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}
