// A package that defines malloc and its kin itself, which ctest's malloc
// (weak) then leaves in place: -fuzzmalloclimit cannot see its
// allocations, and fuzzing says so (memlimit_e2e.sh).
#include <stddef.h>
#include <testing/testing.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void __libc_free(void *ptr);

void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *ptr, size_t size);
void *memalign(size_t alignment, size_t size);
void *aligned_alloc(size_t alignment, size_t size);
void free(void *ptr);

void *malloc(size_t size) {
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    return __libc_calloc(n, size);
}

void *realloc(void *ptr, size_t size) {
    return __libc_realloc(ptr, size);
}

void *memalign(size_t alignment, size_t size) {
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    return __libc_memalign(alignment, size);
}

void free(void *ptr) {
    __libc_free(ptr);
}

// FuzzOwnMalloc asks for 256 MB at once on an input that starts with 'M'.
static void bigMalloc(T *t, go_bytes b) {
    (void)t;
    if (b.len == 0 || b.ptr[0] != 'M') {
        return;
    }
    void *volatile p = malloc(256u << 20);
    free(p);
}

void FuzzOwnMalloc(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, bigMalloc, GO_BYTES);
}
