// recover_test.c: fuzz tests whose inputs mostly crash, each in one way:
// two inputs in three (a length that is not a multiple of 3) crash, the
// others pass. recover_e2e.sh fuzzes them with -fuzzkeepgoing, where a
// worker goes on after each crash of the cause it found first.
#include <stdlib.h>
#include <string.h>
#include <testing/testing.h>

static volatile int *nullPointer;
static volatile char sink;

static bool crashes(go_bytes b) {
    return b.len % 3 != 0;
}

// heap reads one byte past a heap copy of the input (an ASan report).
static void heap(T *t, go_bytes b) {
    (void)t;
    char *p = malloc(b.len + 1);
    if (b.len > 0) { // an empty value's pointer is NULL
        memcpy(p, b.ptr, b.len);
    }
    p[b.len] = 0;
    sink = crashes(b) ? p[b.len + 1] : p[0];
    free(p);
}

void FuzzHeap(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, heap, GO_BYTES);
}

static void null(T *t, go_bytes b) {
    (void)t;
    if (crashes(b)) {
        *nullPointer = 1;
    }
}

void FuzzNull(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, null, GO_BYTES);
}

static void aborts(T *t, go_bytes b) {
    (void)t;
    if (crashes(b)) {
        abort();
    }
}

void FuzzAbort(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, aborts, GO_BYTES);
}

static void fatal(T *t, go_bytes b) {
    if (crashes(b)) {
        t_fatalf(t, "a length of %zu", b.len);
    }
}

void FuzzFatal(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, fatal, GO_BYTES);
}
