// gate.c: the package's half of the planted bug. Four bytes must each
// give a step of a running hash its value, one comparison at a time, before
// the library's half (lib/deep.c, a shared library) is called: only the
// coverage of this file's branches leads the fuzzer through them.
#include "gate.h"

#include <stddef.h>
#include <stdint.h>

// step mixes b into the hash h (FNV-1a's), so that no comparison's
// operand is a byte of the input the fuzzer could copy.
static uint32_t step(uint32_t h, uint8_t b) {
    return (h ^ b) * 0x01000193u;
}

int gate(const uint8_t *p, size_t n) {
    if (n < 8) {
        return 0;
    }
    uint32_t h = step(0x811c9dc5u, p[0]);
    if (h >> 24 == 0xc8) {
        h = step(h, p[1]);
        if (h >> 24 == 0xa9) {
            h = step(h, p[2]);
            if (h >> 24 == 0x2a) {
                h = step(h, p[3]);
                if (h >> 24 == 0x98) {
                    return deep(p + 4, n - 4);
                }
            }
        }
    }
    return 0;
}
