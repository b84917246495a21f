// Ports go1.19.8 src/internal/fuzz/counters_supported.go: where the
// coverage counters are. Go's linker gathers the compiler's 8-bit counters
// between _counters and _ecounters; clang's
// -fsanitize-coverage=inline-8bit-counters gathers them in one section per
// module and announces it through __sanitizer_cov_8bit_counters_init, which
// this file defines. The engine itself is never instrumented, so only the
// package under test and the libraries built with counters have them.
//
#define _GNU_SOURCE // dladdr
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/coverage.h"

// The hooks are called by code the compiler generates; they have no
// prototypes in any header.
void __sanitizer_cov_8bit_counters_init(uint8_t *start, uint8_t *end);
void __sanitizer_cov_pcs_init(const uintptr_t *pcs_beg, const uintptr_t *pcs_end);

// fuzz_linkCounters does nothing; the engine calls it so that the linker
// takes this file out of the library even when a sanitizer runtime already
// has a (weak) __sanitizer_cov_8bit_counters_init, which would leave the
// counters to the runtime.
void fuzz_linkCounters(void) {
}

// loaded is set once every module loaded with the program has announced
// its counters. This file is part of the executable, whose constructors
// run after those of the shared libraries it needs, and those of a
// default priority after the compiler's (SanitizerCoverage's run at
// priority 2). volatile: else the optimizer runs the constructor at
// compile time, and loaded is true from the start.
static volatile bool loaded;

__attribute__((constructor)) static void countersLoaded(void) {
    loaded = true;
}

// moduleName is the file name of the module holding addr, without its
// directory ("?" when the loader does not know it); borrowed from the
// loader.
static const char *moduleName(const void *addr) {
    Dl_info info;
    if (dladdr(addr, &info) == 0 || info.dli_fname == NULL || info.dli_fname[0] == '\0') {
        return "?";
    }
    const char *slash = strrchr(info.dli_fname, '/');
    return slash != NULL ? slash + 1 : info.dli_fname;
}

// lateName is the file name of the first module announced after the
// program started, empty if none; lateOut, when set, is where a worker
// copies it for its coordinator (lateCap bytes, the shared memory's).
static char lateName[64];
static char *lateOut;
static size_t lateCap;

// copyLate copies lateName to lateOut, cut to fit.
static void copyLate(void) {
    if (lateOut != NULL && lateName[0] != '\0') {
        snprintf(lateOut, lateCap, "%s", lateName);
    }
}

void fuzz_reportLateModules(char *buf, size_t cap) {
    lateOut = cap > 0 ? buf : NULL;
    lateCap = cap;
    copyLate();
}

void fuzz_warnLateModule(const char *name, size_t cap) {
    static bool warned;
    size_t n = strnlen(name, cap);
    if (warned || n == 0) {
        return;
    }
    warned = true;
    fprintf(stderr,
            "ctest: warning: %.*s was loaded with dlopen after the test binary started, so fuzzing "
            "does not see its coverage counters; link the test binary with it\n",
            (int)n, name);
}

// __sanitizer_cov_8bit_counters_init is called once per instrumented module
// with the module's counters: the test binary's, then each shared
// library's before main, each a region of the coverage space. ctest: Go
// has one region. A module loaded later (dlopen) would change the space
// under a running coordinator and its workers, which must agree on it,
// and make the fuzz loop allocate: its counters are left out, with a
// warning, which a worker also names to its coordinator to print (the
// worker's own stderr is seen only when it crashes).
void __sanitizer_cov_8bit_counters_init(uint8_t *start, uint8_t *end) {
    if (start == NULL || end <= start) {
        return;
    }
    size_t n;
    const fuzz_coverageRegion *r = fuzz_coverageRegions(&n);
    for (size_t i = 0; i < n; i++) {
        if (r[i].start == start) {
            return; // announced twice
        }
    }
    if (!loaded) {
        fuzz_addCoverageCounters(start, (size_t)(end - start));
        return;
    }
    if (lateName[0] == '\0') {
        snprintf(lateName, sizeof lateName, "%s", moduleName(start));
        copyLate();
        fuzz_warnLateModule(lateName, sizeof lateName);
    }
}

char *fuzz_describeCoverage(void) {
    size_t n;
    const fuzz_coverageRegion *r = fuzz_coverageRegions(&n);
    char *s = runtime_sprintf("%zu in %zu module%s", fuzz_coverageLen(), n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n; i++) {
        char *t = runtime_sprintf("%s%s %s (%zu)", s, i == 0 ? ":" : ",", moduleName(r[i].start),
                                  r[i].len);
        free(s);
        s = t;
    }
    return s;
}

// __sanitizer_cov_pcs_init is called with the PC table when
// -fsanitize-coverage=pc-table is given; the engine does not use PCs.
void __sanitizer_cov_pcs_init(const uintptr_t *pcs_beg, const uintptr_t *pcs_end) {
    (void)pcs_beg;
    (void)pcs_end;
}
