// magic.c: the code under test, built with coverage counters under -fuzz.
#include "magic.h"

bool magic_check(const uint8_t *b, size_t n) {
    return n >= 3 && b[0] == 'b' && b[1] == 'u' && b[2] == 'g';
}
