// (none) reflect.Value.Call for F.Fuzz: calls ff(t, args...) for any list
// of fuzzable kinds with libffi. The only file that includes <ffi.h>.
//
// A function of up to two fuzz arguments, the common case, is called
// directly, through a pointer of its exact type (direct0 .. direct2_*,
// generated below for every kind and pair of kinds): a libffi call
// classifies its arguments on each call, which cost a no-op target about
// 40ns per execution, a fifth of the fuzz loop.
//
// Every mode (seeds, fuzz workers, minimization, other engines' builds and
// replay binaries) calls the fuzz function through here, so that the same
// values are the same C arguments everywhere (docs/API.md, "Empty values
// and the bytes around a value"):
//   - a []byte or string of length 0 is {NULL, 0}, whatever storage the
//     value came from;
//   - any other starts where an allocation starts (malloc's alignment);
//   - under AddressSanitizer it is a copy in a heap block of exactly its
//     length, made for the call, so that a read past either end is a
//     heap-buffer-overflow report in every mode, as libFuzzer copies its
//     input. Without ASan nothing is copied: no allocation per call.
// ctest: a C string (C_STRING, C_CHARS) is a pointer to its bytes and a
// NUL, never NULL, "" when empty: a copy in a heap block of exactly that
// size under ASan, else a copy in a buffer that t keeps from call to call.
#include "testing/fuzzcall.h"

#include <ffi.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/internal.h"

_Static_assert(sizeof(bool) == 1, "bool is passed as ffi_type_uint8");
_Static_assert(sizeof(size_t) == 8, "size_t is passed as ffi_type_uint64");

// go_bytes and go_string are both { pointer, size_t } structs for libffi.
static ffi_type *viewElements[] = { &ffi_type_pointer, &ffi_type_uint64, NULL };
static ffi_type viewType = { 0, 0, FFI_TYPE_STRUCT, viewElements };

// slot is the storage of one argument: each kind's C parameter type.
typedef union slot {
    go_bytes bytes;
    go_string str;
    bool b;
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
    const char *cstr;
} slot;

// directFn calls c->fn with c->t and c's slots, with fn's exact type.
typedef void (*directFn)(testing_fuzzCall *c);

struct testing_fuzzCall {
    void (*fn)(void);
    directFn direct; // the direct call of fn's signature, or NULL: libffi
    ffi_cif cif;
    size_t n;         // number of fuzz arguments (after t)
    go_kind *kinds;   // their kinds
    ffi_type **types; // n+1 argument types: T * then the kinds'
    void **avalues;   // n+1 pointers to t and to slots, filled once
    testing_T *t;     // the first argument's storage
    slot *slots;      // the fuzz arguments' storage
    bool hasCString;  // some argument is a C_STRING or C_CHARS
};

// __asan_region_is_poisoned is AddressSanitizer's; weak, so that it is
// NULL in a program without ASan's runtime (the runtime's presence, not
// this file's own instrumentation, decides: the library is built without).
void *__asan_region_is_poisoned(void *beg, size_t size) __attribute__((weak));

// viewArg is what the fuzz function gets for the n bytes at p, argument i
// of a call on t: NULL for none; under ASan a copy of exactly n bytes,
// which t owns; else p itself. t keeps its copies until its next call or
// its end: a call may end by a longjmp (t_fatal, t_skip), and a seed that
// calls t_parallel goes on running while the seed loop calls on with
// another T.
static const void *viewArg(testing_T *t, size_t i, const void *p, size_t n) {
    if (n == 0) {
        return NULL;
    }
    if (__asan_region_is_poisoned == NULL) {
        return p;
    }
    t->argCopies[i] = runtime_malloc(n);
    memcpy(t->argCopies[i], p, n);
    return t->argCopies[i];
}

// freeCopies frees the copies of t's last call.
static void freeCopies(testing_T *t) {
    for (size_t i = 0; i < t->nargCopies; i++) {
        free(t->argCopies[i]);
        t->argCopies[i] = NULL;
    }
}

// testing_argBuf is a buffer of t's for one C string argument: cap bytes,
// of which the last call wrote used; the rest are zero.
struct testing_argBuf {
    char *p;
    size_t cap, used;
};

void testing_fuzzCall_release(testing_T *t) {
    freeCopies(t);
    free(t->argCopies);
    for (size_t i = 0; i < t->nargBufs; i++) {
        free(t->argBufs[i].p);
    }
    free(t->argBufs);
}

// cstringArg is what the fuzz function gets for the C string of the n
// bytes at p, argument i of a call on t: the bytes and a NUL after them.
// Under ASan it is a copy of exactly n+1 bytes, which t owns until its
// next call; else a copy in t's buffer for argument i, which only grows,
// and whose bytes after the NUL are all zero, whatever longer string an
// earlier call left there: code that reads on past the NUL reads the
// same bytes when an input is replayed in a new process.
static const char *cstringArg(testing_T *t, size_t i, const char *p, size_t n) {
    char *dst;
    if (__asan_region_is_poisoned != NULL) {
        dst = t->argCopies[i] = runtime_malloc(n + 1);
    } else {
        struct testing_argBuf *b = &t->argBufs[i];
        if (b->cap < n + 1) {
            free(b->p);
            b->cap = n + 1 > 2 * b->cap ? n + 1 : 2 * b->cap;
            b->p = runtime_calloc(b->cap, 1);
            b->used = 0;
        }
        if (b->used > n + 1) {
            memset(b->p + n + 1, 0, b->used - (n + 1));
        }
        b->used = n + 1;
        dst = b->p;
    }
    if (n > 0) {
        memcpy(dst, p, n);
    }
    dst[n] = '\0';
    return dst;
}

// takeBufs makes room in t for the C string buffers of a call of n
// arguments; those it has are kept.
static void takeBufs(testing_T *t, size_t n) {
    if (t->nargBufs < n) {
        t->argBufs = runtime_realloc(t->argBufs, n * sizeof t->argBufs[0]);
        memset(t->argBufs + t->nargBufs, 0, (n - t->nargBufs) * sizeof t->argBufs[0]);
        t->nargBufs = n;
    }
}

// takeCopies makes room in t for the copies of a call of n arguments,
// freeing those of its last call.
static void takeCopies(testing_T *t, size_t n) {
    freeCopies(t);
    if (t->nargCopies < n) {
        free(t->argCopies);
        t->argCopies = runtime_calloc(n, sizeof t->argCopies[0]);
        t->nargCopies = n;
    }
}

// FUZZCALL_KINDS(X, ...) is X(kind, C parameter type, slot member, ...) for
// each kind; FUZZCALL_KINDS_B is the same list, to expand inside it.
#define FUZZCALL_KINDS(X, ...)                                                                     \
    X(GO_BYTES, go_bytes, bytes, __VA_ARGS__)                                                      \
    X(GO_STRING, go_string, str, __VA_ARGS__)                                                      \
    X(GO_BOOL, bool, b, __VA_ARGS__)                                                               \
    X(GO_UINT8, uint8_t, u8, __VA_ARGS__)                                                          \
    X(GO_INT32, int32_t, i32, __VA_ARGS__)                                                         \
    X(GO_INT, go_int, i64, __VA_ARGS__)                                                            \
    X(GO_INT8, int8_t, i8, __VA_ARGS__)                                                            \
    X(GO_INT16, int16_t, i16, __VA_ARGS__)                                                         \
    X(GO_INT64, int64_t, i64, __VA_ARGS__)                                                         \
    X(GO_UINT, go_uint, u64, __VA_ARGS__)                                                          \
    X(GO_UINT16, uint16_t, u16, __VA_ARGS__)                                                       \
    X(GO_UINT32, uint32_t, u32, __VA_ARGS__)                                                       \
    X(GO_UINT64, uint64_t, u64, __VA_ARGS__)                                                       \
    X(GO_FLOAT32, float, f32, __VA_ARGS__)                                                         \
    X(GO_FLOAT64, double, f64, __VA_ARGS__)                                                        \
    X(C_STRING, const char *, cstr, __VA_ARGS__)                                                   \
    X(C_CHARS, const char *, cstr, __VA_ARGS__)
#define FUZZCALL_KINDS_B(X, ...)                                                                   \
    X(GO_BYTES, go_bytes, bytes, __VA_ARGS__)                                                      \
    X(GO_STRING, go_string, str, __VA_ARGS__)                                                      \
    X(GO_BOOL, bool, b, __VA_ARGS__)                                                               \
    X(GO_UINT8, uint8_t, u8, __VA_ARGS__)                                                          \
    X(GO_INT32, int32_t, i32, __VA_ARGS__)                                                         \
    X(GO_INT, go_int, i64, __VA_ARGS__)                                                            \
    X(GO_INT8, int8_t, i8, __VA_ARGS__)                                                            \
    X(GO_INT16, int16_t, i16, __VA_ARGS__)                                                         \
    X(GO_INT64, int64_t, i64, __VA_ARGS__)                                                         \
    X(GO_UINT, go_uint, u64, __VA_ARGS__)                                                          \
    X(GO_UINT16, uint16_t, u16, __VA_ARGS__)                                                       \
    X(GO_UINT32, uint32_t, u32, __VA_ARGS__)                                                       \
    X(GO_UINT64, uint64_t, u64, __VA_ARGS__)                                                       \
    X(GO_FLOAT32, float, f32, __VA_ARGS__)                                                         \
    X(GO_FLOAT64, double, f64, __VA_ARGS__)                                                        \
    X(C_STRING, const char *, cstr, __VA_ARGS__)                                                   \
    X(C_CHARS, const char *, cstr, __VA_ARGS__)

static void direct0(testing_fuzzCall *c) {
    ((void (*)(testing_T *))c->fn)(c->t);
}

#define DIRECT1(K, CT, F, unused)                                                                  \
    static void direct1_##K(testing_fuzzCall *c) {                                                 \
        ((void (*)(testing_T *, CT))c->fn)(c->t, c->slots[0].F);                                   \
    }
FUZZCALL_KINDS(DIRECT1, _)

#define DIRECT2_B(K2, CT2, F2, K1, CT1, F1)                                                        \
    static void direct2_##K1##_##K2(testing_fuzzCall *c) {                                         \
        ((void (*)(testing_T *, CT1, CT2))c->fn)(c->t, c->slots[0].F1, c->slots[1].F2);            \
    }
#define DIRECT2(K1, CT1, F1, unused) FUZZCALL_KINDS_B(DIRECT2_B, K1, CT1, F1)
FUZZCALL_KINDS(DIRECT2, _)

// directCall is the direct call of a function of the n kinds, or NULL.
static directFn directCall(const go_kind *kinds, size_t n) {
#define CASE1(K, CT, F, unused)                                                                    \
    case K:                                                                                        \
        return direct1_##K;
#define CASE2_B(K2, CT2, F2, K1)                                                                   \
    case K2:                                                                                       \
        return direct2_##K1##_##K2;
#define CASE2(K, CT, F, unused)                                                                    \
    case K:                                                                                        \
        switch (kinds[1]) {                                                                        \
            FUZZCALL_KINDS_B(CASE2_B, K)                                                           \
        default:                                                                                   \
            return NULL;                                                                           \
        }
    switch (n) {
    case 0:
        return direct0;
    case 1:
        switch (kinds[0]) {
            FUZZCALL_KINDS(CASE1, _)
        default:
            return NULL;
        }
    case 2:
        switch (kinds[0]) {
            FUZZCALL_KINDS(CASE2, _)
        default:
            return NULL;
        }
    default:
        return NULL;
    }
}

// ffiType is the libffi type of a kind's C parameter type, or NULL.
static ffi_type *ffiType(go_kind k) {
    switch (k) {
    case GO_BYTES:
    case GO_STRING:
        return &viewType;
    case GO_BOOL:
    case GO_UINT8:
        return &ffi_type_uint8;
    case GO_INT32:
        return &ffi_type_sint32;
    case GO_INT:
    case GO_INT64:
        return &ffi_type_sint64;
    case GO_INT8:
        return &ffi_type_sint8;
    case GO_INT16:
        return &ffi_type_sint16;
    case GO_UINT:
    case GO_UINT64:
        return &ffi_type_uint64;
    case GO_UINT16:
        return &ffi_type_uint16;
    case GO_UINT32:
        return &ffi_type_uint32;
    case GO_FLOAT32:
        return &ffi_type_float;
    case GO_FLOAT64:
        return &ffi_type_double;
    case C_STRING:
    case C_CHARS:
        return &ffi_type_pointer;
    default:
        return NULL;
    }
}

testing_fuzzCall *testing_fuzzCall_new(void (*fn)(void), const go_kind *kinds, size_t n) {
    testing_fuzzCall *c = runtime_calloc(1, sizeof *c);
    c->fn = fn;
    c->n = n;
    c->kinds = runtime_calloc(n + 1, sizeof c->kinds[0]);
    c->types = runtime_calloc(n + 1, sizeof c->types[0]);
    c->avalues = runtime_calloc(n + 1, sizeof c->avalues[0]);
    c->slots = runtime_calloc(n + 1, sizeof c->slots[0]);
    c->types[0] = &ffi_type_pointer;
    c->avalues[0] = &c->t;
    for (size_t i = 0; i < n; i++) {
        c->kinds[i] = kinds[i];
        c->types[i + 1] = ffiType(kinds[i]);
        c->avalues[i + 1] = &c->slots[i];
        c->hasCString = c->hasCString || kinds[i] == C_STRING || kinds[i] == C_CHARS;
        if (c->types[i + 1] == NULL) {
            testing_fuzzCall_free(c);
            return NULL;
        }
    }
    if (ffi_prep_cif(&c->cif, FFI_DEFAULT_ABI, (unsigned)(n + 1), &ffi_type_void, c->types) !=
        FFI_OK) {
        testing_fuzzCall_free(c);
        return NULL;
    }
    c->direct = directCall(kinds, n);
    return c;
}

void testing_fuzzCall_call(testing_fuzzCall *c, testing_T *t, const go_value *vals) {
    c->t = t;
    if (__asan_region_is_poisoned != NULL) {
        takeCopies(t, c->n);
    } else if (c->hasCString) {
        takeBufs(t, c->n);
    }
    for (size_t i = 0; i < c->n; i++) {
        slot *s = &c->slots[i];
        const go_value *v = &vals[i];
        switch (c->kinds[i]) {
        case GO_BYTES:
            s->bytes = (go_bytes){ viewArg(t, i, v->v.bytes.ptr, v->v.bytes.len), v->v.bytes.len };
            break;
        case GO_STRING:
            s->str = (go_string){ viewArg(t, i, v->v.str.ptr, v->v.str.len), v->v.str.len };
            break;
        case GO_BOOL:
            s->b = v->v.b;
            break;
        case GO_UINT8:
            s->u8 = (uint8_t)v->v.u;
            break;
        case GO_INT32:
            s->i32 = (int32_t)v->v.i;
            break;
        case GO_INT:
        case GO_INT64:
            s->i64 = v->v.i;
            break;
        case GO_INT8:
            s->i8 = (int8_t)v->v.i;
            break;
        case GO_INT16:
            s->i16 = (int16_t)v->v.i;
            break;
        case GO_UINT:
        case GO_UINT64:
            s->u64 = v->v.u;
            break;
        case GO_UINT16:
            s->u16 = (uint16_t)v->v.u;
            break;
        case GO_UINT32:
            s->u32 = (uint32_t)v->v.u;
            break;
        case GO_FLOAT32:
            s->f32 = v->v.f32;
            break;
        case GO_FLOAT64:
            s->f64 = v->v.f64;
            break;
        case C_STRING:
        case C_CHARS:
            s->cstr = cstringArg(t, i, v->v.str.ptr, v->v.str.len);
            break;
        default:
            break;
        }
    }
    if (c->direct != NULL) {
        c->direct(c);
        return;
    }
    ffi_arg rvalue; // unused: fn returns void
    ffi_call(&c->cif, FFI_FN(c->fn), &rvalue, c->avalues);
}

void testing_fuzzCall_free(testing_fuzzCall *c) {
    if (c == NULL) {
        return;
    }
    free(c->kinds);
    free(c->types);
    free(c->avalues);
    free(c->slots);
    free(c);
}
