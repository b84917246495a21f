// unwritable_test.c: a fuzz test for each kind of crash, each failing on
// any input of four bytes or more (one mutation of its seed away), for
// unwritable_e2e.sh, which fuzzes them with -fuzzkeepgoing where the
// crasher cannot be written.
#define _DEFAULT_SOURCE // MAP_ANONYMOUS
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <testing/testing.h>

static volatile int *nullPointer;
static char *volatile sink; // keeps the compiler from dropping a read or a block

static bool long4(go_bytes b) {
    return b.len >= 4;
}

static void fatal(T *t, go_bytes b) {
    if (long4(b)) {
        t_fatal(t, "a long input");
    }
}

void FuzzFatal(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, fatal, GO_BYTES);
}

static void panics(T *t, go_bytes b) {
    (void)t;
    if (long4(b)) {
        go_panic("a long input");
    }
}

void FuzzPanic(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, panics, GO_BYTES);
}

static void aborts(T *t, go_bytes b) {
    (void)t;
    if (long4(b)) {
        abort();
    }
}

void FuzzAbort(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, aborts, GO_BYTES);
}

static void segv(T *t, go_bytes b) {
    (void)t;
    if (long4(b)) {
        *nullPointer = 1;
    }
}

void FuzzSegv(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, segv, GO_BYTES);
}

// overflow reads one byte past a heap block (a report under -sanitize=address).
static void overflow(T *t, go_bytes b) {
    (void)t;
    if (long4(b)) {
        char *p = malloc(b.len);
        memcpy(p, b.ptr, b.len);
        sink = p;
        char c = p[b.len];
        free(p);
        sink = c == 'x' ? NULL : sink;
    }
}

void FuzzOverflow(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, overflow, GO_BYTES);
}

// shift shifts past the width of an int (a report under
// -sanitize=undefined).
static void shift(T *t, go_bytes b) {
    (void)t;
    if (long4(b)) {
        volatile int n = (int)b.len + 40;
        volatile int v = 1 << n;
        (void)v;
    }
}

void FuzzShift(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, shift, GO_BYTES);
}

static void hang(T *t, go_bytes b) {
    (void)t;
    while (long4(b)) {
        sink = (char *)b.ptr;
    }
}

void FuzzHang(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, hang, GO_BYTES);
}

// hog holds 300 MB, each page written, past a -fuzzrsslimit of 200.
static void hog(T *t, go_bytes b) {
    if (!long4(b)) {
        return;
    }
    size_t n = 300u << 20;
    char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        t_fatal(t, "mmap failed");
    }
    for (;;) {
        memset(p, 1, n);
    }
}

void FuzzHog(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, hog, GO_BYTES);
}

static void exits(T *t, go_bytes b) {
    (void)t;
    if (long4(b)) {
        exit(0);
    }
}

void FuzzExit(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, exits, GO_BYTES);
}
