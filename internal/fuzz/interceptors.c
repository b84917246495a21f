// (none) ctest's own: memcmp, strcmp and their kin, intercepted so that the
// fuzz target's calls feed the comparison dictionary (trace.c). ctest: not
// in Go, whose compiler instruments the string comparisons themselves; this
// is libFuzzer's FuzzerInterceptors.cpp.
//
// Under ASan the sanitizer runtime intercepts these functions and calls the
// __sanitizer_weak_hook_* hooks itself. Without it, the definitions here
// take the place of libc's (an executable's definition wins over a shared
// library's) and call the real ones, found with dlsym(RTLD_NEXT), then the
// hooks. They are weak, so that a sanitizer runtime's (weak, and linked
// first) interceptors keep their place. The fuzz target's package is built
// with -fno-builtin-memcmp and the like (as clang's -fsanitize=fuzzer
// does), so that its calls are not expanded inline. The hooks record only
// while the fuzz function runs (fuzz_cmpTracing), so the engine's own calls
// cost one test each.
//
#undef _POSIX_C_SOURCE
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <strings.h>

#include "internal/fuzz/trace.h"

typedef int (*memcmpFn)(const void *, const void *, size_t);
typedef int (*strcmpFn)(const char *, const char *);
typedef int (*strncmpFn)(const char *, const char *, size_t);
typedef char *(*strstrFn)(const char *, const char *);
typedef void *(*memmemFn)(const void *, size_t, const void *, size_t);

// The real functions, once resolved.
static memcmpFn realMemcmp, realBcmp;
static strcmpFn realStrcmp, realStrcasecmp;
static strncmpFn realStrncmp, realStrncasecmp;
static strstrFn realStrstr, realStrcasestr;
static memmemFn realMemmem;

// resolve is dlsym(RTLD_NEXT, name) as a function pointer (the cast goes
// through an integer: ISO C has no object-to-function pointer conversion).
static void *resolve(const char *name) {
    return dlsym(RTLD_NEXT, name);
}

#define RESOLVE(var, type, name) (var = (type)(uintptr_t)resolve(name))

__attribute__((constructor)) static void resolveAll(void) {
    RESOLVE(realMemcmp, memcmpFn, "memcmp");
    RESOLVE(realBcmp, memcmpFn, "bcmp");
    RESOLVE(realStrcmp, strcmpFn, "strcmp");
    RESOLVE(realStrcasecmp, strcmpFn, "strcasecmp");
    RESOLVE(realStrncmp, strncmpFn, "strncmp");
    RESOLVE(realStrncasecmp, strncmpFn, "strncasecmp");
    RESOLVE(realStrstr, strstrFn, "strstr");
    RESOLVE(realStrcasestr, strstrFn, "strcasestr");
    RESOLVE(realMemmem, memmemFn, "memmem");
}

// The fallbacks serve calls made before the constructor has run (another
// library's constructor) or if dlsym fails. They read through volatile
// pointers, so that no compiler turns them back into calls of the function
// being defined.
static int lower(int c) {
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int internalMemcmp(const void *s1, const void *s2, size_t n) {
    const volatile unsigned char *a = s1, *b = s2;
    for (size_t i = 0; i < n; i++) {
        if (a[i] != b[i]) {
            return a[i] < b[i] ? -1 : 1;
        }
    }
    return 0;
}

static int internalStrncmp(const char *s1, const char *s2, size_t n, bool fold) {
    const volatile unsigned char *a = (const unsigned char *)s1, *b = (const unsigned char *)s2;
    for (size_t i = 0; i < n; i++) {
        int ca = fold ? lower(a[i]) : a[i], cb = fold ? lower(b[i]) : b[i];
        if (ca != cb) {
            return ca < cb ? -1 : 1;
        }
        if (ca == 0) {
            break;
        }
    }
    return 0;
}

static size_t internalStrlen(const char *s) {
    const volatile char *p = s;
    size_t n = 0;
    while (p[n] != '\0') {
        n++;
    }
    return n;
}

static void *internalMemmem(const void *h, size_t hlen, const void *n, size_t nlen, bool fold) {
    if (nlen == 0) {
        return (void *)(uintptr_t)h;
    }
    const unsigned char *hp = h;
    for (size_t i = 0; i + nlen <= hlen; i++) {
        if (fold ? internalStrncmp((const char *)hp + i, n, nlen, true) == 0
                 : internalMemcmp(hp + i, n, nlen) == 0) {
            return (void *)(uintptr_t)(hp + i);
        }
    }
    return NULL;
}

__attribute__((weak)) int memcmp(const void *s1, const void *s2, size_t n) {
    int r = realMemcmp != NULL ? realMemcmp(s1, s2, n) : internalMemcmp(s1, s2, n);
    if (fuzz_cmpTracing) {
        __sanitizer_weak_hook_memcmp(NULL, s1, s2, n, r);
    }
    return r;
}

__attribute__((weak)) int bcmp(const void *s1, const void *s2, size_t n) {
    int r = realBcmp != NULL ? realBcmp(s1, s2, n) : internalMemcmp(s1, s2, n);
    if (fuzz_cmpTracing) {
        __sanitizer_weak_hook_memcmp(NULL, s1, s2, n, r);
    }
    return r;
}

__attribute__((weak)) int strncmp(const char *s1, const char *s2, size_t n) {
    int r = realStrncmp != NULL ? realStrncmp(s1, s2, n) : internalStrncmp(s1, s2, n, false);
    if (fuzz_cmpTracing) {
        __sanitizer_weak_hook_strncmp(NULL, s1, s2, n, r);
    }
    return r;
}

__attribute__((weak)) int strcmp(const char *s1, const char *s2) {
    int r = realStrcmp != NULL ? realStrcmp(s1, s2) : internalStrncmp(s1, s2, SIZE_MAX, false);
    if (fuzz_cmpTracing) {
        __sanitizer_weak_hook_strcmp(NULL, s1, s2, r);
    }
    return r;
}

__attribute__((weak)) int strncasecmp(const char *s1, const char *s2, size_t n) {
    int r = realStrncasecmp != NULL ? realStrncasecmp(s1, s2, n) : internalStrncmp(s1, s2, n, true);
    if (fuzz_cmpTracing) {
        __sanitizer_weak_hook_strncasecmp(NULL, s1, s2, n, r);
    }
    return r;
}

__attribute__((weak)) int strcasecmp(const char *s1, const char *s2) {
    int r = realStrcasecmp != NULL ? realStrcasecmp(s1, s2)
                                   : internalStrncmp(s1, s2, SIZE_MAX, true);
    if (fuzz_cmpTracing) {
        __sanitizer_weak_hook_strcasecmp(NULL, s1, s2, r);
    }
    return r;
}

__attribute__((weak)) char *strstr(const char *s1, const char *s2) {
    char *r = realStrstr != NULL
                      ? realStrstr(s1, s2)
                      : internalMemmem(s1, internalStrlen(s1), s2, internalStrlen(s2), false);
    if (fuzz_cmpTracing) {
        __sanitizer_weak_hook_strstr(NULL, s1, s2, r);
    }
    return r;
}

__attribute__((weak)) char *strcasestr(const char *s1, const char *s2) {
    char *r = realStrcasestr != NULL
                      ? realStrcasestr(s1, s2)
                      : internalMemmem(s1, internalStrlen(s1), s2, internalStrlen(s2), true);
    if (fuzz_cmpTracing) {
        __sanitizer_weak_hook_strcasestr(NULL, s1, s2, r);
    }
    return r;
}

__attribute__((weak)) void *memmem(const void *s1, size_t len1, const void *s2, size_t len2) {
    void *r = realMemmem != NULL ? realMemmem(s1, len1, s2, len2)
                                 : internalMemmem(s1, len1, s2, len2, false);
    if (fuzz_cmpTracing) {
        __sanitizer_weak_hook_memmem(NULL, s1, len1, s2, len2, r);
    }
    return r;
}
