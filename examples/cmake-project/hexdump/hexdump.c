// hexdump.c: the lines of a hex dump (libhexdump.so), built on libhex.so.
#include "hexdump.h"

#include <string.h>

#include "hex.h"

int hexdump_line(const uint8_t *p, size_t n, uint32_t offset, char *out, size_t outsize) {
    if (n > 16 || outsize < HEXDUMP_LINE_MAX) {
        return -1;
    }
    const uint8_t off[4] = { (uint8_t)(offset >> 24), (uint8_t)(offset >> 16),
                             (uint8_t)(offset >> 8), (uint8_t)offset };
    char *w = out;
    hex_encode(off, sizeof off, w);
    w += 2 * sizeof off;
    *w++ = ' ';
    *w++ = ' ';
    for (size_t i = 0; i < 16; i++) {
        if (i < n) {
            hex_encode(p + i, 1, w);
        } else {
            w[0] = w[1] = ' ';
        }
        w[2] = ' ';
        w += 3;
    }
    *w++ = '|';
    for (size_t i = 0; i < n; i++) {
        *w++ = p[i] >= 0x20 && p[i] < 0x7f ? (char)p[i] : '.';
    }
    *w++ = '|';
    *w++ = '\n';
    *w = '\0';
    return (int)(w - out);
}
