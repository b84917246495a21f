// Fuzz tests that pass a fuzz worker's memory limits; memlimit_e2e.sh
// fuzzes each with -fuzzrsslimit and -fuzzmalloclimit.
#define _DEFAULT_SOURCE // MAP_ANONYMOUS
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <testing/testing.h>
#include <time.h>

// leaked holds the last block FuzzLeak leaked, so that the compiler
// cannot drop the allocation as unused.
static void *volatile leaked;

// FuzzLeak leaks a megabyte a call, each page written so that it is
// resident.
static void leak(T *t, go_bytes b) {
    (void)b;
    char *p = malloc(1 << 20);
    if (p == NULL) {
        t_fatal(t, "malloc failed");
    }
    memset(p, 1, 1 << 20);
    leaked = p;
}

void FuzzLeak(F *f) {
    f_add(f, GO_BYTES("a"));
    f_fuzz(f, leak, GO_BYTES);
}

// FuzzHog holds 300 MB for half a second on an input that starts with 'H',
// and nothing on any other. The memory is mapped, not malloc'd, so that it
// leaves the process whatever the allocator (or a sanitizer's quarantine)
// would do with it.
static void hog(T *t, go_bytes b) {
    if (b.len == 0 || b.ptr[0] != 'H') {
        return;
    }
    size_t n = 300u << 20;
    char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        t_fatal(t, "mmap failed");
    }
    memset(p, 1, n);
    struct timespec ts = { 0, 500 * 1000 * 1000 };
    nanosleep(&ts, NULL);
    munmap(p, n);
}

void FuzzHog(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, hog, GO_BYTES);
}

// FuzzBigMalloc asks for 256 MB at once, and never touches it, on an input
// that starts with 'M'.
static void bigMalloc(T *t, go_bytes b) {
    (void)t;
    if (b.len == 0 || b.ptr[0] != 'M') {
        return;
    }
    void *volatile p = malloc(256u << 20);
    free(p);
}

void FuzzBigMalloc(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, bigMalloc, GO_BYTES);
}

// FuzzBothLimits passes the resident limit on an input that starts with
// 'H' and the malloc limit on one that starts with 'M': two causes, which
// -fuzzkeepgoing writes a crasher each for.
static void bothLimits(T *t, go_bytes b) {
    hog(t, b);
    bigMalloc(t, b);
}

void FuzzBothLimits(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, bothLimits, GO_BYTES);
}
