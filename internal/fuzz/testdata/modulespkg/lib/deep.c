// deep.c: the shared library's half of the planted bug (modules_e2e.sh
// builds it as libdeep.so): four more bytes, each checked as gate.c
// checks its own, from another start.
#include <stddef.h>
#include <stdint.h>

static uint32_t step(uint32_t h, uint8_t b) {
    return (h ^ b) * 0x01000193u;
}

int deep(const uint8_t *p, size_t n) {
    if (n < 4) {
        return 0;
    }
    uint32_t h = step(0x2545f491u, p[0]);
    if (h >> 24 == 0x5a) {
        h = step(h, p[1]);
        if (h >> 24 == 0xbd) {
            h = step(h, p[2]);
            if (h >> 24 == 0xbf) {
                h = step(h, p[3]);
                if (h >> 24 == 0xfc) {
                    return 1;
                }
            }
        }
    }
    return 0;
}
