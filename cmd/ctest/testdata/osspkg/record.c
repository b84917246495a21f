// record.c: the library of the build contract's tests. Each seed of
// FuzzRecord (record_test.c) reaches code that no other seed reaches, so
// that a seed missing from the seed corpus changes what it covers.
#include "record.h"

#include <string.h>

// fields counts the '='-separated fields of the body; a backslash
// escapes the next byte.
static int fields(const uint8_t *body, size_t n) {
    int count = 1;
    for (size_t i = 0; i < n; i++) {
        if (body[i] == '\\') {
            i++;
        } else if (body[i] == '=') {
            count++;
        }
    }
    return count;
}

int record_score(const uint8_t *body, size_t n, const char *tag, size_t tagLen, int64_t version,
                 bool strict, uint8_t mode, double weight) {
    if (tagLen == 0) {
        return -1;
    }
    int score = 0;
    if (tagLen >= 3 && memcmp(tag, "hdr", 3) == 0) {
        score += 10;
    }
    if (version < 0) {
        return -2;
    }
    if (version > 100) {
        score += 5;
    }
    int count = fields(body, n);
    if (strict) {
        if (count > 3) {
            return -3;
        }
        score++;
    }
    switch (mode) {
    case 0:
        score += count;
        break;
    case 7:
        score *= 3;
        break;
    default:
        score -= mode;
        break;
    }
    if (weight > 1.5) {
        score *= 2;
    } else if (weight != weight) {
        return -4;
    }
    return score;
}
