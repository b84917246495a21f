// (none) ctest's own: the outcome of each integer comparison of the fuzz
// target, by call site, for ctest corpus (Go has no corpus minimization).
// An edge counter sees a condition only when the code branches on it; the
// value of a condition that is returned or stored (the last operand of a
// || in a return statement) takes no edge of its own, yet llvm-cov's
// branch coverage counts its true and its false. trace-cmp calls a hook
// for every comparison, branched on or not, so which way each went is a
// feature too: on expat, edge features alone chose a set two branches
// short of the corpus's.
#undef _POSIX_C_SOURCE
#define _GNU_SOURCE // dl_iterate_phdr
#include "internal/fuzz/cmpoutcome.h"

#include <link.h>
#include <stdlib.h>

#include "internal/std/std.h"

bool fuzz_cmpOutcomes;

// The executable's code is [textLo, textHi); outcomes holds a byte of
// outcome bits for each of its bytes, and touched lists the sites with
// bits (up to maxTouched; past it, overflowed says to scan them all).
static uintptr_t textLo, textHi;
static uint8_t *outcomes;
static uint32_t *touched;
static size_t ntouched;
static bool overflowed;

enum { maxTouched = 1 << 20 };

// findText is dl_iterate_phdr's callback: the first object is the
// executable, and its code is its executable segments.
static int findText(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || (ph->p_flags & PF_X) == 0) {
            continue;
        }
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
        textLo = textLo == 0 || lo < textLo ? lo : textLo;
        textHi = hi > textHi ? hi : textHi;
    }
    return 1; // the executable only
}

size_t fuzz_cmpOutcomesInit(void) {
    if (outcomes != NULL) {
        return textHi - textLo;
    }
    dl_iterate_phdr(findText, NULL);
    size_t n = textHi > textLo ? textHi - textLo : 0;
    if (n > 0) {
        outcomes = runtime_calloc(n, 1);
        touched = runtime_malloc(maxTouched * sizeof *touched);
        fuzz_cmpOutcomes = true;
    }
    return n;
}

void fuzz_cmpOutcome(uintptr_t pc, uint64_t a, uint64_t b, unsigned size) {
    if (pc < textLo || pc >= textHi) {
        return; // code outside the executable: a shared library's
    }
    uint8_t bit = 1;
    if (a != b) {
        // The signed order: the operands sign-extended from their width.
        unsigned shift = 64 - 8 * size;
        int64_t sa = (int64_t)(a << shift) >> shift, sb = (int64_t)(b << shift) >> shift;
        bit = (uint8_t)(2u << ((a < b ? 1 : 0) + (sa < sb ? 2 : 0)));
    }
    size_t site = pc - textLo;
    if (outcomes[site] == 0) {
        if (ntouched < maxTouched) {
            touched[ntouched++] = (uint32_t)site;
        } else {
            overflowed = true;
        }
    }
    outcomes[site] |= bit;
}

void fuzz_cmpOutcomeTake(void (*fn)(void *ctx, size_t site, uint8_t outcomes), void *ctx) {
    if (overflowed) {
        for (size_t site = 0; site < textHi - textLo; site++) {
            if (outcomes[site] != 0) {
                fn(ctx, site, outcomes[site]);
                outcomes[site] = 0;
            }
        }
    } else {
        for (size_t k = 0; k < ntouched; k++) {
            fn(ctx, touched[k], outcomes[touched[k]]);
            outcomes[touched[k]] = 0;
        }
    }
    ntouched = 0;
    overflowed = false;
}
