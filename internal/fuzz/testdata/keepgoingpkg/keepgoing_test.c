// keepgoing_test.c: a fuzz target with several bugs of distinct causes, one
// for each second byte after a 'B': a failed check, a panic, a bad pointer,
// an abort, and (built with -sanitize=address) a heap overflow.
#include <stdlib.h>
#include <string.h>
#include <testing/testing.h>

static volatile int *nullPointer;
static char *volatile sink; // keeps the compiler from dropping the copy

static void overflow(const uint8_t *p, size_t n) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
    sink = malloc(4);
    memcpy(sink, p, n);
    free(sink);
#endif
#endif
    (void)p;
    (void)n;
}

static void fuzzBugs(T *t, go_bytes b) {
    if (b.len < 2 || b.ptr[0] != 'B') {
        return;
    }
    switch (b.ptr[1]) {
    case 'f':
        t_fatalf(t, "check failed with %zu bytes", b.len);
        break;
    case 'p':
        go_panic("panic with %zu bytes", b.len);
        break;
    case 's':
        *nullPointer = 1;
        break;
    case 'a':
        abort();
    case 'o':
        if (b.len > 4) {
            overflow(b.ptr, b.len);
        }
        break;
    }
}

void FuzzBugs(F *f) {
    f_add(f, GO_BYTES("xx"));
    f_fuzz(f, fuzzBugs, GO_BYTES);
}
