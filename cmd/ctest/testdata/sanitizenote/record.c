// record.c: two bugs that only a sanitizer sees (see sanitize_e2e.sh,
// which fuzzes them, and fixes them in a scratch copy).
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// checksum sums the bytes of a record: a count, then that many bytes. It
// trusts the count, so a record that claims more bytes than it has is read
// past the end of its copy: heap bytes that malloc's slack hides, which
// only AddressSanitizer sees.
int checksum(const uint8_t *data, size_t len) {
    if (len < 1) {
        return 0;
    }
    uint8_t *copy = malloc(len);
    memcpy(copy, data, len);
    int sum = 0;
    for (size_t i = 1; i <= copy[0]; i++) {
        sum += copy[i];
    }
    free(copy);
    return sum;
}

// scale turns a reading into thousandths without checking its range: a
// large one overflows int, which wraps but for UndefinedBehaviorSanitizer.
int scale(int32_t reading) {
    return reading * 1000;
}
