// pack.c: a compressor with lz4's NULL-with-length-zero bug (LZ4_compress_HC
// at levels 10 to 12 reads its source before it looks at the length), for
// the replay matrix (replay_e2e.sh).
#include "pack.h"

#include <string.h>

size_t pack(const uint8_t *src, size_t n, uint8_t *dst, size_t cap, int level) {
    if (cap < n + 1) {
        return 0;
    }
    uint8_t first = 0;
    if (level >= 10 && level <= 12) {
        first = src[0]; // the high levels look ahead at the first byte
    } else if (n > 0) {
        first = src[0];
    }
    dst[0] = first;
    if (n > 0) {
        memcpy(dst + 1, src, n);
    }
    return n + 1;
}
