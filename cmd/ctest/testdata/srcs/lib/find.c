// find.c: a library outside the srcs package, which builds it through
// //ctest:srcs, instrumented for fuzzing as the package's own files are.
#include <stddef.h>
#include <stdint.h>

int find(const uint8_t *p, size_t n);

// find reports whether p starts with "BUG", one byte at a time, so that
// only coverage inside this file leads fuzzing to it.
int find(const uint8_t *p, size_t n) {
    if (n >= 3 && p[0] == 'B') {
        if (p[1] == 'U') {
            if (p[2] == 'G') {
                return 1;
            }
        }
    }
    return 0;
}
