// modules_test.c: a bug behind branches in the package and in a shared
// library built with coverage counters (modules_e2e.sh).
#include <dlfcn.h>
#include <stdlib.h>

#include "gate.h"
#include "testing/testing.h"

static void fuzzGate(T *t, go_bytes b) {
    if (gate(b.ptr, b.len)) {
        t_fatalf(t, "passed the gate and the library's checks");
    }
}

void FuzzGate(F *f) {
    f_add(f, GO_BYTES("\0\0\0\0\0\0\0\0"));
    f_fuzz(f, fuzzGate, GO_BYTES);
}

// fuzzLate loads the library $LATE_LIB on its first run and calls it.
static void fuzzLate(T *t, go_bytes b) {
    static int (*late)(const uint8_t *, size_t);
    if (late == NULL) {
        void *h = dlopen(getenv("LATE_LIB"), RTLD_NOW);
        if (h == NULL) {
            t_fatalf(t, "dlopen: %s", dlerror());
        }
        *(void **)&late = dlsym(h, "late");
        if (late == NULL) {
            t_fatalf(t, "dlsym late: %s", dlerror());
        }
    }
    late(b.ptr, b.len);
}

void FuzzLate(F *f) {
    f_add(f, GO_BYTES("a"));
    f_fuzz(f, fuzzLate, GO_BYTES);
}
