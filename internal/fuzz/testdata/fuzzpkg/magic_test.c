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

// The targets below end the worker process on the first mutation of their
// seed's first byte, each in its own way; each crasher minimizes to "0".

// crashes reports whether b is a mutation of "hello" that changed its
// first byte.
static bool crashes(go_bytes b) {
    return b.len > 0 && b.ptr[0] != 'h';
}

// fuzzSegv writes through a null pointer.
static void fuzzSegv(T *t, go_bytes b) {
    (void)t;
    if (crashes(b)) {
        volatile int *volatile p = NULL;
        *p = 1;
    }
}

void FuzzSegv(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzzSegv, GO_BYTES);
}

// noUBSan keeps UBSan (under CTEST_SANITIZE) from reporting the division
// by zero before the CPU does.
#if defined(__has_attribute)
#if __has_attribute(no_sanitize)
#define noUBSan __attribute__((no_sanitize("undefined")))
#endif
#endif
#ifndef noUBSan
#define noUBSan
#endif

// fuzzFPE divides by zero.
noUBSan static void fuzzFPE(T *t, go_bytes b) {
    (void)t;
    if (crashes(b)) {
        // Both operands unknown, so that an optimizing compiler keeps the
        // division (1 / x compiles to a compare).
        volatile int one = 1, zero = 0;
        volatile int x = one / zero;
        (void)x;
    }
}

void FuzzFPE(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzzFPE, GO_BYTES);
}

// recurse never returns: each frame holds a buffer the next one reads.
static int recurse(volatile char *prev, size_t depth) {
    volatile char buf[256];
    buf[0] = prev[0];
    if (depth == (size_t)-1) {
        return buf[0];
    }
    return recurse(buf, depth + 1) + buf[1];
}

// fuzzStack overflows the stack.
static void fuzzStack(T *t, go_bytes b) {
    (void)t;
    if (crashes(b)) {
        volatile char c = 0;
        recurse(&c, 0);
    }
}

void FuzzStack(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzzStack, GO_BYTES);
}

// fuzzHang spins forever.
static void fuzzHang(T *t, go_bytes b) {
    (void)t;
    if (crashes(b)) {
        for (volatile int spin = 0;; spin++) {
        }
    }
}

void FuzzHang(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzzHang, GO_BYTES);
}

// fuzzHeap reads one byte past a heap block: run with -sanitize=address.
static void fuzzHeap(T *t, go_bytes b) {
    (void)t;
    if (crashes(b)) {
        volatile char *p = malloc(b.len);
        volatile char c = p[b.len];
        (void)c;
        free((void *)p);
    }
}

void FuzzHeap(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzzHeap, GO_BYTES);
}

// fuzzOverflow overflows a signed int: run with -sanitize=undefined.
static void fuzzOverflow(T *t, go_bytes b) {
    (void)t;
    if (crashes(b)) {
        volatile int x = 0x7fffffff;
        x = x + b.ptr[0];
    }
}

void FuzzOverflow(F *f) {
    f_add(f, GO_BYTES("hello"));
    f_fuzz(f, fuzzOverflow, GO_BYTES);
}

// fuzzLength finds new coverage at each power-of-two length (the loop's
// counter), and never fails.
static void fuzzLength(T *t, go_bytes b) {
    (void)t;
    volatile size_t n = 0;
    for (size_t i = 0; i < b.len; i++) {
        n++;
    }
}

void FuzzLength(F *f) {
    f_add(f, GO_BYTES("a"));
    f_fuzz(f, fuzzLength, GO_BYTES);
}
