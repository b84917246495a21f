// Ports go1.19.8 src/internal/fuzz/counters_supported.go: where the
// coverage counters are. Go's linker gathers the compiler's 8-bit counters
// between _counters and _ecounters; clang's
// -fsanitize-coverage=inline-8bit-counters gathers them in one section per
// module and announces it through __sanitizer_cov_8bit_counters_init, which
// this file defines. The engine itself is never instrumented, so only the
// package under test has counters.
//
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

// __sanitizer_cov_8bit_counters_init is called once per instrumented module
// before main, with the module's counters. A test binary is one module, so
// there is one region, as Go has one.
// ctest: a second region (a shared library) is ignored.
void __sanitizer_cov_8bit_counters_init(uint8_t *start, uint8_t *end) {
    static bool seen;
    if (seen || start == NULL || end <= start) {
        return;
    }
    seen = true;
    fuzz_setCoverageCounters(start, (size_t)(end - start));
}

// __sanitizer_cov_pcs_init is called with the PC table when
// -fsanitize-coverage=pc-table is given; the engine does not use PCs.
void __sanitizer_cov_pcs_init(const uintptr_t *pcs_beg, const uintptr_t *pcs_end) {
    (void)pcs_beg;
    (void)pcs_end;
}
