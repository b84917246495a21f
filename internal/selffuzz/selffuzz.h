// selffuzz.h: what the fuzz tests of internal/selffuzz share.
#ifndef CTEST_INTERNAL_SELFFUZZ_SELFFUZZ_H
#define CTEST_INTERNAL_SELFFUZZ_SELFFUZZ_H

#include <stddef.h>
#include <string.h>

#include "internal/std/std.h"

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

#endif // CTEST_INTERNAL_SELFFUZZ_SELFFUZZ_H
