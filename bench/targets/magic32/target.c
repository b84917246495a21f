// target.c: the magic value as one comparison (see target.h).
#include "target.h"

bool magic32_target(const uint8_t *data, size_t len) {
    if (len < 4) {
        return false;
    }
    uint32_t v = (uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 |
                 (uint32_t)data[3] << 24;
    return v == MAGIC32;
}
