// target.c: the no-op target (see target.h).
#include "target.h"

void nop_target(const uint8_t *data, size_t len) {
    (void)data, (void)len;
}
