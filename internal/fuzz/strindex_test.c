// (none) Tests of strindex.c: positions are found by key through growth,
// removals and the rebuilds they cause; absent keys are not found.
//
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/strindex.h"
#include "testing/testing.h"

enum { nkeys = 3000 };

void TestStrIndex(T *t) {
    char **keys = calloc(nkeys, sizeof *keys);
    strIndex x = { 0 };
    if (fuzz_strIndex_find(&x, keys, "k0") != (size_t)-1) {
        t_errorf(t, "an empty index found k0");
    }
    for (size_t i = 0; i < nkeys; i++) {
        keys[i] = malloc(16);
        snprintf(keys[i], 16, "k%zu", i);
        fuzz_strIndex_put(&x, keys, i);
    }
    // Remove every third position, then put it back under a new key, many
    // times over: removed slots must not pile up or hide live keys.
    for (int pass = 0; pass < 5; pass++) {
        for (size_t i = 0; i < nkeys; i += 3) {
            fuzz_strIndex_remove(&x, keys, i);
            snprintf(keys[i], 16, "p%d-%zu", pass, i);
            fuzz_strIndex_put(&x, keys, i);
        }
    }
    int wrong = 0;
    for (size_t i = 0; i < nkeys; i++) {
        wrong += fuzz_strIndex_find(&x, keys, keys[i]) != i;
    }
    char absent[16];
    snprintf(absent, sizeof absent, "p3-%d", 3);
    if (wrong != 0 || fuzz_strIndex_find(&x, keys, "k0") != (size_t)-1 ||
        fuzz_strIndex_find(&x, keys, absent) != (size_t)-1) {
        t_errorf(t, "%d keys at the wrong position, or a removed key still found", wrong);
    }
    if (x.live != nkeys || 2 * x.used > x.cap) {
        t_errorf(t, "%zu positions in %zu used slots of %zu, want %d in at most half", x.live,
                 x.used, x.cap, nkeys);
    }
    fuzz_strIndex_free(&x);
    for (size_t i = 0; i < nkeys; i++) {
        free(keys[i]);
    }
    free(keys);
}
