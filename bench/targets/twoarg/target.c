// target.c: the (string, int64) target (see target.h).
#include "target.h"

bool twoarg_target(const char *s, size_t n, int64_t x) {
    const char *prefix = TWOARG_PREFIX;
    for (size_t i = 0; prefix[i] != '\0'; i++) {
        if (i >= n || s[i] != prefix[i]) {
            return false;
        }
    }
    return x == TWOARG_N;
}
