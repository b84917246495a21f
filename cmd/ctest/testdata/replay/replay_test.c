// replay_test.c: one fuzz test per kind of crash, each behind the same
// easy trigger, for the replay matrix (replay_e2e.sh): what one mode finds
// must fail, with the same cause, in every mode that replays it. FuzzShape
// fails in no mode: it checks that a value is the same C argument in all.
#include <signal.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pack.h"
#include "testing/testing.h"

// trigger is the input every crash kind below waits for.
static bool trigger(go_bytes b) {
    return b.len == 3 && memcmp(b.ptr, "bug", 3) == 0;
}

// shapeOK fails t unless the n bytes at p are NULL when n is 0, and start
// where malloc's blocks start otherwise.
static void shapeOK(T *t, const char *what, const void *p, size_t n) {
    if (n == 0 && p != NULL) {
        t_errorf(t, "empty %s at %p, want NULL", what, p);
    }
    if (n > 0 && (p == NULL || (uintptr_t)p % alignof(max_align_t) != 0)) {
        t_errorf(t, "%s of %zu bytes at %p, want a block's alignment", what, n, p);
    }
}

static void fuzzShape(T *t, go_bytes b, go_string s) {
    shapeOK(t, "[]byte", b.ptr, b.len);
    shapeOK(t, "string", s.ptr, s.len);
}

void FuzzShape(F *f) {
    f_add(f, GO_BYTES(""), GO_STRING(""));
    f_add(f, GO_BYTES("ab"), GO_STRING("c"));
    f_fuzz(f, fuzzShape, GO_BYTES, GO_STRING);
}

static void fuzzPack(T *t, go_bytes src, go_int level) {
    uint8_t dst[64];
    if (src.len >= sizeof dst) {
        t_skip(t, "too long");
    }
    if (pack(src.ptr, src.len, dst, sizeof dst, (int)level) != src.len + 1) {
        t_fatalf(t, "pack(%zu bytes) did not write them all", src.len);
    }
}

void FuzzPack(F *f) {
    f_add(f, GO_BYTES("abc"), GO_INT(1));
    f_fuzz(f, fuzzPack, GO_BYTES, GO_INT);
}

static void fuzzFatal(T *t, go_bytes b) {
    if (trigger(b)) {
        t_fatal(t, "fatal: the planted failure");
    }
}

void FuzzFatal(F *f) {
    f_add(f, GO_BYTES("bu"));
    f_fuzz(f, fuzzFatal, GO_BYTES);
}

static void fuzzPanic(T *t, go_bytes b) {
    (void)t;
    if (trigger(b)) {
        go_panic("panic: the planted panic");
    }
}

void FuzzPanic(F *f) {
    f_add(f, GO_BYTES("bu"));
    f_fuzz(f, fuzzPanic, GO_BYTES);
}

static void fuzzAbort(T *t, go_bytes b) {
    (void)t;
    if (trigger(b)) {
        abort();
    }
}

void FuzzAbort(F *f) {
    f_add(f, GO_BYTES("bu"));
    f_fuzz(f, fuzzAbort, GO_BYTES);
}

// overread reads one byte past the end of b: only ASan sees it.
static uint8_t overread(go_bytes b) {
    volatile const uint8_t *p = b.ptr;
    return p[b.len];
}

static void fuzzOverflow(T *t, go_bytes b) {
    if (trigger(b) && overread(b) == 0xff) {
        t_log(t, "a byte that is not there");
    }
}

void FuzzOverflow(F *f) {
    f_add(f, GO_BYTES("bu"));
    f_fuzz(f, fuzzOverflow, GO_BYTES);
}

static void fuzzUndefined(T *t, go_bytes b, int32_t x) {
    if (trigger(b)) {
        volatile int32_t y = x;
        if (y + INT32_MAX == 0) { // overflows for every positive x
            t_log(t, "unreachable without the overflow");
        }
    }
}

void FuzzUndefined(F *f) {
    f_add(f, GO_BYTES("bu"), GO_INT32(1));
    f_fuzz(f, fuzzUndefined, GO_BYTES, GO_INT32);
}

static void fuzzHang(T *t, go_bytes b) {
    (void)t;
    if (trigger(b)) {
        for (;;) {
            pause();
        }
    }
}

void FuzzHang(F *f) {
    f_add(f, GO_BYTES("bu"));
    f_fuzz(f, fuzzHang, GO_BYTES);
}

static void fuzzMemory(T *t, go_bytes b) {
    if (trigger(b)) {
        size_t n = (size_t)3 << 30; // past every engine's limit
        volatile char *p = malloc(n);
        if (p != NULL) {
            memset((char *)p, 1, n);
        }
        t_logf(t, "allocated %p", (void *)p);
        free((void *)p);
    }
}

void FuzzMemory(F *f) {
    f_add(f, GO_BYTES("bu"));
    f_fuzz(f, fuzzMemory, GO_BYTES);
}

static void fuzzExit(T *t, go_bytes b) {
    (void)t;
    if (trigger(b)) {
        exit(0);
    }
}

void FuzzExit(F *f) {
    f_add(f, GO_BYTES("bu"));
    f_fuzz(f, fuzzExit, GO_BYTES);
}
