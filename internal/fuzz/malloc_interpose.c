// (none) ctest's own: malloc and its kin for a fuzzing build, so that
// -test.fuzzmalloclimit sees the size of every allocation (memlimit.c).
// Go needs no such thing: it has no limit on one allocation. libFuzzer
// keeps its limit only under a sanitizer whose allocator runs malloc hooks;
// this file gives every other build the same check.
//
// The driver links this library (ctest_malloc) into fuzzing builds only.
// Each function hands the size to fuzz_onAlloc, then calls glibc's
// allocator by the names glibc exports for allocators that wrap it
// (__libc_malloc, ...). An executable's definition takes the place of the
// C library's for every caller, the C library's own calls (strdup, fopen)
// included. free is defined too, so that a package linking another
// allocator's shared library cannot free memory of one allocator with the
// other. The definitions are weak: a sanitizer runtime that has an
// allocator defines these functions weak too and is linked first, so its
// own stay, and report sizes through its malloc hooks instead; a package
// that defines malloc itself keeps its own (and fuzz_mallocLimitEnforced
// then says the limit cannot be kept).
#include <errno.h>
#include <stddef.h>

#include "internal/fuzz/memlimit.h"

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void __libc_free(void *ptr);
void *__libc_memalign(size_t alignment, size_t size);
void *__libc_valloc(size_t size);
void *__libc_pvalloc(size_t size);

// The C library's names, declared here rather than through <stdlib.h> and
// <malloc.h>, whose declarations carry attributes of their own.
void *malloc(size_t size) __attribute__((weak));
void *calloc(size_t n, size_t size) __attribute__((weak));
void *realloc(void *ptr, size_t size) __attribute__((weak));
void free(void *ptr) __attribute__((weak));
void *memalign(size_t alignment, size_t size) __attribute__((weak));
void *aligned_alloc(size_t alignment, size_t size) __attribute__((weak));
int posix_memalign(void **out, size_t alignment, size_t size) __attribute__((weak));
void *valloc(size_t size) __attribute__((weak));
void *pvalloc(size_t size) __attribute__((weak));

void *malloc(size_t size) {
    fuzz_onAlloc(size);
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    // An overflowing product is the C library's to refuse (ENOMEM).
    if (size == 0 || n <= (size_t)-1 / size) {
        fuzz_onAlloc(n * size);
    }
    return __libc_calloc(n, size);
}

void *realloc(void *ptr, size_t size) {
    fuzz_onAlloc(size);
    return __libc_realloc(ptr, size);
}

void free(void *ptr) {
    __libc_free(ptr);
}

void *memalign(size_t alignment, size_t size) {
    fuzz_onAlloc(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    fuzz_onAlloc(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    // POSIX's rule: a power of two, and a multiple of sizeof(void *).
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    fuzz_onAlloc(size);
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) {
        return ENOMEM;
    }
    *out = p;
    return 0;
}

void *valloc(size_t size) {
    fuzz_onAlloc(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    fuzz_onAlloc(size);
    return __libc_pvalloc(size);
}
