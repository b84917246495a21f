// selffuzz.h: what the fuzz tests of internal/selffuzz share.
#ifndef CTEST_INTERNAL_SELFFUZZ_SELFFUZZ_H
#define CTEST_INTERNAL_SELFFUZZ_SELFFUZZ_H

#include <stddef.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/testing.h"

// selffuzz_exactCopy copies the n bytes at p into a heap buffer of exactly
// n bytes (one if n is 0; the caller frees it), so that ASan reports a
// parser that reads past its input's end, as libFuzzer's copy of each
// input does: the engine's own buffer may have bytes after the input.
static inline char *selffuzz_exactCopy(const void *p, size_t n) {
    char *c = runtime_malloc(n);
    if (n > 0) {
        memcpy(c, p, n);
    }
    return c;
}

// selffuzz_addSeeds adds each of the n strings of seeds as a seed of the
// fuzz test's one argument, a string (GO_STRING) or a []byte (GO_BYTES).
static inline void selffuzz_addSeeds(F *f, const char *const *seeds, size_t n, go_kind kind) {
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(seeds[i]);
        if (kind == GO_BYTES) {
            f_add(f, GO_BYTES_N(seeds[i], len));
        } else {
            f_add(f, GO_STRING_N(seeds[i], len));
        }
    }
}

#endif // CTEST_INTERNAL_SELFFUZZ_SELFFUZZ_H
