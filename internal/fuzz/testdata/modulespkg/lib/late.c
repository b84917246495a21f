// late.c: a library with coverage counters that the fuzz test loads with
// dlopen (modules_e2e.sh builds it as liblate.so), after the test binary
// started: its counters are left out of the coverage space.
#include <stddef.h>
#include <stdint.h>

int late(const uint8_t *p, size_t n);

int late(const uint8_t *p, size_t n) {
    return n > 0 && p[0] == 'x';
}
