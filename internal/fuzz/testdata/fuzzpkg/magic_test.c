// magic_test.c: fuzz targets whose bugs the engine finds at once, one per
// way a fuzz function can fail (run each with -run=X -fuzz=X).
#include <stdlib.h>

#include "magic.h"
#include "testing/testing.h"

// fuzzZero fails on any input starting with a zero byte, which the first
// mutations produce; it minimizes to "\x00".
static void fuzzZero(T *t, go_bytes b) {
    if (b.len > 0 && b.ptr[0] == 0) {
        t_fatalf(t, "zero byte first in %zu bytes", b.len);
    }
}

void FuzzZero(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzzZero, GO_BYTES);
}

// fuzzMagic needs coverage guidance to find "bug".
static void fuzzMagic(T *t, go_bytes b) {
    if (magic_check(b.ptr, b.len)) {
        t_errorf(t, "found the bug in %zu bytes", b.len);
    }
}

void FuzzMagic(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzzMagic, GO_BYTES);
}

// fuzzAbort kills the worker on the first mutation of its seed's first byte.
static void fuzzAbort(T *t, go_bytes b) {
    (void)t;
    if (b.len > 0 && b.ptr[0] != 'h') {
        abort();
    }
}

void FuzzAbort(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzzAbort, GO_BYTES);
}

// fuzzExit exits the worker, as os.Exit would.
static void fuzzExit(T *t, go_string s) {
    (void)t;
    if (s.len > 0 && s.ptr[0] != 'h') {
        exit(3);
    }
}

void FuzzExit(F *f) {
    f_add(f, GO_STRING("hello"));
    f_fuzz(f, fuzzExit, GO_STRING);
}

// fuzzPass never fails.
static void fuzzPass(T *t, go_bytes b, int64_t n) {
    (void)t;
    (void)b;
    (void)n;
}

void FuzzPass(F *f) {
    f_add(f, GO_BYTES("hello"), GO_INT64(3));
    f_fuzz(f, fuzzPass, GO_BYTES, GO_INT64);
}

// FuzzSeed's seed fails: the warm-up reports it.
static void fuzzSeed(T *t, go_string s) {
    if (s.len == 4) {
        t_errorf(t, "seed of %zu bytes", s.len);
    }
}

void FuzzSeed(F *f) {
    f_add(f, GO_STRING("seed"));
    f_fuzz(f, fuzzSeed, GO_STRING);
}
