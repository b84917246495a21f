// fields.c: the library of -fuzzengine's end-to-end test, with a planted
// bug.
#include "fields.h"

int64_t fields(const uint8_t *line, size_t n, int64_t limit, bool strict) {
    if (limit <= 0) {
        return 0;
    }
    int64_t count = 1;
    for (size_t i = 0; i < n; i++) {
        if (line[i] == ',' && count < limit) {
            count++;
        } else if (strict && line[i] == ';') {
            count++; // the planted bug: the limit is not checked
        }
    }
    return count;
}
