// minimize.h: minimizing a []byte or string value (minimize.c).
#ifndef CTEST_INTERNAL_FUZZ_MINIMIZE_H
#define CTEST_INTERNAL_FUZZ_MINIMIZE_H

#include <stdbool.h>

#include "internal/fuzz/value.h"

// fuzz_isMinimizable is isMinimizable.
bool fuzz_isMinimizable(go_kind k);
// fuzz_isMinimizable (declared above) is defined in minimize.c.
// fuzz_minimizeBytes is minimizeBytes: it looks for a smaller, then simpler,
// value that try still accepts, calling shouldStop before each candidate.
// A candidate is a view valid only during its try call. On return,
// v->ptr[0:v->len] is the last candidate try accepted (v unchanged if none);
// v->cap is not used.
void fuzz_minimizeBytes(byteSlice *v, bool (*try)(void *ctx, go_bytes candidate),
                        bool (*shouldStop)(void *ctx), void *ctx);

#endif // CTEST_INTERNAL_FUZZ_MINIMIZE_H
