// linked_test.c: fuzzes find, from a library linked in through $LDFLAGS
// (e2e.sh builds it from srcs/lib/find.c, with and without counters).
#include <stddef.h>
#include <stdint.h>

#include "testing/testing.h"

int find(const uint8_t *p, size_t n);

static void fuzzFind(T *t, go_bytes b) {
    if (find(b.ptr, b.len)) {
        t_fatalf(t, "found %cUG", 'B'); // no "BUG" for the token dictionary
    }
}

void FuzzFind(F *f) {
    f_add(f, GO_BYTES("xyz"));
    f_fuzz(f, fuzzFind, GO_BYTES);
}
