// go.h: Go's value types as C sees them: slices, strings, the fuzzable kinds,
// tagged values for f_add, and go_panic.
//
// (none) Stands in for the Go language itself: reflect.Kind for the 17 types a
// fuzz function may take (byte and rune are aliases, so 15 kinds), `any` for
// the values of a seed corpus entry, and the built-in panic. ctest adds
// kinds of C's own after Go's (C_STRING, C_CHARS).
//
// The bottom of the house: internal/std, internal/fuzz and testing all
// build on these types. A public leaf header all the same (testing.h, the
// header a test file includes, includes it): it includes only <stddef.h>,
// <stdint.h>, <stdbool.h>.
#ifndef CTEST_INTERNAL_STD_GO_H
#define CTEST_INTERNAL_STD_GO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// go_bytes is a Go []byte: a view of len bytes at ptr. Whoever hands one out
// says who owns the bytes and for how long.
typedef struct go_bytes {
    const uint8_t *ptr; // the bytes; may be NULL when len is 0
    size_t len;         // how many
} go_bytes;

// go_string is a Go string: len bytes at ptr, not NUL-terminated, and may hold
// NUL bytes or invalid UTF-8 as a Go string may.
typedef struct go_string {
    const char *ptr; // the bytes; may be NULL when len is 0
    size_t len;      // how many
} go_string;

// go_int and go_uint are Go's int and uint: 64 bits on every platform Go
// fuzzes on (amd64, arm64).
typedef int64_t go_int;
typedef uint64_t go_uint;

// go_kind names the types a fuzz function may take, as f_fuzz's arguments and
// as the tag of a go_value. byte is uint8 and rune is int32 in Go, so each
// pair is one kind here too.
typedef enum go_kind {
    GO_KIND_INVALID = 0, // the zero value: no kind
    GO_BYTES,            // []byte   -> go_bytes
    GO_STRING,           // string   -> go_string
    GO_BOOL,             // bool     -> bool
    GO_UINT8,            // uint8    -> uint8_t
    GO_INT32,            // int32    -> int32_t
    GO_INT,              // int      -> go_int
    GO_INT8,             // int8     -> int8_t
    GO_INT16,            // int16    -> int16_t
    GO_INT64,            // int64    -> int64_t
    GO_UINT,             // uint     -> go_uint
    GO_UINT16,           // uint16   -> uint16_t
    GO_UINT32,           // uint32   -> uint32_t
    GO_UINT64,           // uint64   -> uint64_t
    GO_FLOAT32,          // float32  -> float
    GO_FLOAT64,          // float64  -> double
    // ctest: the kinds below are C's own, which Go has not (docs/KINDS.md).
    C_STRING,           // a C string, no NUL inside -> const char *
    C_CHARS,            // chars, NULs allowed, and a NUL -> const char *
    GO_KIND_COUNT,      // not a kind: how many there are
    GO_BYTE = GO_UINT8, // byte is an alias for uint8
    GO_RUNE = GO_INT32, // rune is an alias for int32
} go_kind;

// go_value is one value of a corpus entry: Go's `any` holding one of the
// fuzzable types. Views (bytes, string) borrow their storage; f_add copies
// what it is given before it returns.
typedef struct go_value {
    go_kind kind; // which member is set
    union {
        go_bytes bytes; // GO_BYTES
        go_string str;  // GO_STRING, C_STRING, C_CHARS (the NUL after not counted)
        bool b;         // GO_BOOL
        int64_t i;      // GO_INT, GO_INT8, GO_INT16, GO_INT32, GO_INT64
        uint64_t u;     // GO_UINT, GO_UINT8, GO_UINT16, GO_UINT32, GO_UINT64
        float f32;      // GO_FLOAT32
        double f64;     // GO_FLOAT64
    } v;
} go_value;

// The value constructors, one per kind, named as the kind. A function-like
// macro is expanded only when followed by "(", so GO_INT alone is still the
// kind and GO_INT(3) is a value. Each converts its argument as Go's
// conversion int(3) would; GO_BYTES and GO_STRING take a string literal
// ("" lit "" refuses anything else), the _N forms a pointer and a length.
#define GO_BYTES(lit)                                                                              \
    ((go_value){ .kind = GO_BYTES,                                                                 \
                 .v.bytes = { (const uint8_t *)("" lit ""), sizeof("" lit "") - 1 } })
#define GO_BYTES_N(p, n) ((go_value){ .kind = GO_BYTES, .v.bytes = { (const uint8_t *)(p), (n) } })
#define GO_STRING(lit)                                                                             \
    ((go_value){ .kind = GO_STRING, .v.str = { ("" lit ""), sizeof("" lit "") - 1 } })
#define GO_STRING_N(p, n) ((go_value){ .kind = GO_STRING, .v.str = { (const char *)(p), (n) } })
#define GO_BOOL(x) ((go_value){ .kind = GO_BOOL, .v.b = (bool)(x) })
#define GO_UINT8(x) ((go_value){ .kind = GO_UINT8, .v.u = (uint8_t)(x) })
#define GO_BYTE(x) GO_UINT8(x)
#define GO_INT32(x) ((go_value){ .kind = GO_INT32, .v.i = (int32_t)(x) })
#define GO_RUNE(x) GO_INT32(x)
#define GO_INT(x) ((go_value){ .kind = GO_INT, .v.i = (go_int)(x) })
#define GO_INT8(x) ((go_value){ .kind = GO_INT8, .v.i = (int8_t)(x) })
#define GO_INT16(x) ((go_value){ .kind = GO_INT16, .v.i = (int16_t)(x) })
#define GO_INT64(x) ((go_value){ .kind = GO_INT64, .v.i = (int64_t)(x) })
#define GO_UINT(x) ((go_value){ .kind = GO_UINT, .v.u = (go_uint)(x) })
#define GO_UINT16(x) ((go_value){ .kind = GO_UINT16, .v.u = (uint16_t)(x) })
#define GO_UINT32(x) ((go_value){ .kind = GO_UINT32, .v.u = (uint32_t)(x) })
#define GO_UINT64(x) ((go_value){ .kind = GO_UINT64, .v.u = (uint64_t)(x) })
#define GO_FLOAT32(x) ((go_value){ .kind = GO_FLOAT32, .v.f32 = (float)(x) })
#define GO_FLOAT64(x) ((go_value){ .kind = GO_FLOAT64, .v.f64 = (double)(x) })
// ctest: C_STRING(s) takes any NUL-terminated string, not only a literal:
// the value is its bytes up to the NUL. NULL is refused by f_add.
#define C_STRING(s) go_cstringValue(s)
static inline go_value go_cstringValue(const char *s) {
    go_value v;
    v.kind = C_STRING;
    v.v.str.ptr = s;
    v.v.str.len = s != NULL ? __builtin_strlen(s) : 0;
    return v;
}
// ctest: C_CHARS("lit") takes a string literal, NULs inside included,
// C_CHARS_N a pointer and a length.
#define C_CHARS(lit)                                                                               \
    ((go_value){ .kind = C_CHARS, .v.str = { ("" lit ""), sizeof("" lit "") - 1 } })
#define C_CHARS_N(p, n) ((go_value){ .kind = C_CHARS, .v.str = { (const char *)(p), (n) } })

// The C parameter type of each kind, for f_fuzz's compile-time check:
// GO_CTYPE(GO_INT) is go_int.
#define GO_CTYPE(kind) GO_CTYPE_##kind
#define GO_CTYPE_GO_BYTES go_bytes
#define GO_CTYPE_GO_STRING go_string
#define GO_CTYPE_GO_BOOL bool
#define GO_CTYPE_GO_UINT8 uint8_t
#define GO_CTYPE_GO_BYTE uint8_t
#define GO_CTYPE_GO_INT32 int32_t
#define GO_CTYPE_GO_RUNE int32_t
#define GO_CTYPE_GO_INT go_int
#define GO_CTYPE_GO_INT8 int8_t
#define GO_CTYPE_GO_INT16 int16_t
#define GO_CTYPE_GO_INT64 int64_t
#define GO_CTYPE_GO_UINT go_uint
#define GO_CTYPE_GO_UINT16 uint16_t
#define GO_CTYPE_GO_UINT32 uint32_t
#define GO_CTYPE_GO_UINT64 uint64_t
#define GO_CTYPE_GO_FLOAT32 float
#define GO_CTYPE_GO_FLOAT64 double
#define GO_CTYPE_C_STRING const char *
#define GO_CTYPE_C_CHARS const char *

// go_panic is Go's panic with a formatted message. Under a test runner it
// unwinds to the running test as panic/recover do (the test fails and the
// binary then panics as Go's does, or, while fuzzing, the input is a
// crasher); outside one it prints "panic: <msg>" and exits with status 2.
// It does not return.
#define go_panic(...) runtime_gopanic(__FILE__, __LINE__, __VA_ARGS__)
_Noreturn void runtime_gopanic(const char *file, int line, const char *format, ...)
        __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif

#endif // CTEST_INTERNAL_STD_GO_H
