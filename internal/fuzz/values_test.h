// values_test.h: what the engine's tests compare values with.
#ifndef CTEST_INTERNAL_FUZZ_VALUES_TEST_H
#define CTEST_INTERNAL_FUZZ_VALUES_TEST_H

#include <stdbool.h>
#include <string.h>

#include "internal/std/go.h"

// sameValue reports whether a and b are the same value: floats by their
// bits, so that NaNs and -0 compare as written.
static inline bool sameValue(const go_value *a, const go_value *b) {
    if (a->kind != b->kind) {
        return false;
    }
    switch (a->kind) {
    case GO_BYTES:
        return a->v.bytes.len == b->v.bytes.len &&
               (a->v.bytes.len == 0 || memcmp(a->v.bytes.ptr, b->v.bytes.ptr, a->v.bytes.len) == 0);
    case GO_STRING:
    case C_STRING:
    case C_CHARS:
        return a->v.str.len == b->v.str.len &&
               (a->v.str.len == 0 || memcmp(a->v.str.ptr, b->v.str.ptr, a->v.str.len) == 0);
    case GO_BOOL:
        return a->v.b == b->v.b;
    case GO_FLOAT32:
        return memcmp(&a->v.f32, &b->v.f32, sizeof a->v.f32) == 0;
    case GO_FLOAT64:
        return memcmp(&a->v.f64, &b->v.f64, sizeof a->v.f64) == 0;
    case GO_INT8:
    case GO_INT16:
    case GO_INT32:
    case GO_INT:
    case GO_INT64:
        return a->v.i == b->v.i;
    default:
        return a->v.u == b->v.u;
    }
}

#endif // CTEST_INTERNAL_FUZZ_VALUES_TEST_H
