// Tests of fuzzcall.c: F.Fuzz's calls of fuzz functions of several arities
// and every kind, checking what each parameter receives.
#include <stdio.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/fuzzcall.h"
#include "testing/testing.h"

// received records what the called functions saw.
static struct {
    T *t;
    int calls;
    go_bytes bytes;
    go_string str;
    bool b;
    uint8_t u8;
    int32_t i32;
    go_int i;
    int8_t i8;
    int16_t i16;
    int64_t i64;
    go_uint u;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    float f32;
    double f64;
} received;

static void fuzz0(T *t) {
    received.t = t;
    received.calls++;
}

static void fuzz1(T *t, go_bytes b) {
    received.t = t;
    received.calls++;
    received.bytes = b;
}

static void fuzzAll(T *t, go_bytes bytes, go_string str, bool b, uint8_t u8, int32_t i32, go_int i,
                    int8_t i8, int16_t i16, int64_t i64, go_uint u, uint16_t u16, uint32_t u32,
                    uint64_t u64, float f32, double f64) {
    received.t = t;
    received.calls++;
    received.bytes = bytes, received.str = str, received.b = b, received.u8 = u8;
    received.i32 = i32, received.i = i, received.i8 = i8, received.i16 = i16, received.i64 = i64;
    received.u = u, received.u16 = u16, received.u32 = u32, received.u64 = u64;
    received.f32 = f32, received.f64 = f64;
}

// fuzzMixed interleaves small and large kinds, to catch misaligned slots.
static void fuzzMixed(T *t, bool b, double f64, int8_t i8, go_string str, float f32, uint16_t u16) {
    received.t = t;
    received.calls++;
    received.b = b, received.f64 = f64, received.i8 = i8, received.str = str, received.f32 = f32;
    received.u16 = u16;
}

void TestFuzzCall(T *t) {
    // No arguments after t.
    memset(&received, 0, sizeof received);
    testing_fuzzCall *c = testing_fuzzCall_new((void (*)(void))fuzz0, NULL, 0);
    if (c == NULL) {
        t_fatalf(t, "testing_fuzzCall_new(fuzz0) = NULL");
    }
    testing_fuzzCall_call(c, t, NULL);
    if (received.calls != 1 || received.t != t) {
        t_errorf(t, "fuzz0: got %d calls with t %p, want 1 with %p", received.calls,
                 (void *)received.t, (void *)t);
    }
    testing_fuzzCall_free(c);

    // One []byte, called twice with the same prepared call.
    memset(&received, 0, sizeof received);
    go_kind k1[] = { GO_BYTES };
    c = testing_fuzzCall_new((void (*)(void))fuzz1, k1, 1);
    go_value v1[] = { GO_BYTES("hello") };
    testing_fuzzCall_call(c, t, v1);
    go_value v1b[] = { GO_BYTES_N("a\0b", 3) };
    testing_fuzzCall_call(c, t, v1b);
    if (received.calls != 2 || received.bytes.len != 3 ||
        memcmp(received.bytes.ptr, "a\0b", 3) != 0) {
        t_errorf(t, "fuzz1: got %d calls, bytes of length %zu; want 2, \"a\\x00b\"", received.calls,
                 received.bytes.len);
    }
    testing_fuzzCall_free(c);

    // Every kind.
    memset(&received, 0, sizeof received);
    go_kind kAll[] = { GO_BYTES,  GO_STRING, GO_BOOL,   GO_UINT8,   GO_INT32,
                       GO_INT,    GO_INT8,   GO_INT16,  GO_INT64,   GO_UINT,
                       GO_UINT16, GO_UINT32, GO_UINT64, GO_FLOAT32, GO_FLOAT64 };
    go_value vAll[] = { GO_BYTES("xy"),
                        GO_STRING("str"),
                        GO_BOOL(true),
                        GO_UINT8(200),
                        GO_INT32(-70000),
                        GO_INT(-5000000000),
                        GO_INT8(-100),
                        GO_INT16(-30000),
                        GO_INT64(INT64_MIN),
                        GO_UINT(UINT64_MAX),
                        GO_UINT16(65000),
                        GO_UINT32(4000000000u),
                        GO_UINT64(0x8000000000000001u),
                        GO_FLOAT32(1.5f),
                        GO_FLOAT64(-2.25) };
    c = testing_fuzzCall_new((void (*)(void))fuzzAll, kAll, sizeof kAll / sizeof kAll[0]);
    if (c == NULL) {
        t_fatalf(t, "testing_fuzzCall_new(fuzzAll) = NULL");
    }
    testing_fuzzCall_call(c, t, vAll);
    testing_fuzzCall_free(c);
    if (received.calls != 1 || received.t != t) {
        t_errorf(t, "fuzzAll: got %d calls, want 1", received.calls);
    }
    if (received.bytes.len != 2 || memcmp(received.bytes.ptr, "xy", 2) != 0) {
        t_errorf(t, "fuzzAll: []byte: got length %zu, want \"xy\"", received.bytes.len);
    }
    if (received.str.len != 3 || memcmp(received.str.ptr, "str", 3) != 0) {
        t_errorf(t, "fuzzAll: string: got length %zu, want \"str\"", received.str.len);
    }
    if (received.b != true || received.u8 != 200 || received.i32 != -70000 ||
        received.i != -5000000000 || received.i8 != -100 || received.i16 != -30000 ||
        received.i64 != INT64_MIN || received.u != UINT64_MAX || received.u16 != 65000 ||
        received.u32 != 4000000000u || received.u64 != 0x8000000000000001u ||
        received.f32 != 1.5f || received.f64 != -2.25) {
        t_errorf(t,
                 "fuzzAll: got %d %u %d %lld %d %d %lld %llu %u %u %llu %g %g, want true 200 "
                 "-70000 -5000000000 -100 -30000 %lld %llu 65000 4000000000 %llu 1.5 -2.25",
                 received.b, received.u8, received.i32, (long long)received.i, received.i8,
                 received.i16, (long long)received.i64, (unsigned long long)received.u,
                 received.u16, received.u32, (unsigned long long)received.u64, (double)received.f32,
                 received.f64, (long long)INT64_MIN, (unsigned long long)UINT64_MAX,
                 (unsigned long long)0x8000000000000001u);
    }

    // Small and large kinds interleaved.
    memset(&received, 0, sizeof received);
    go_kind kMixed[] = { GO_BOOL, GO_FLOAT64, GO_INT8, GO_STRING, GO_FLOAT32, GO_UINT16 };
    go_value vMixed[] = { GO_BOOL(true),      GO_FLOAT64(1e300), GO_INT8(-1),
                          GO_STRING("mixed"), GO_FLOAT32(-0.5f), GO_UINT16(7) };
    c = testing_fuzzCall_new((void (*)(void))fuzzMixed, kMixed, 6);
    testing_fuzzCall_call(c, t, vMixed);
    testing_fuzzCall_free(c);
    if (received.calls != 1 || !received.b || received.f64 != 1e300 || received.i8 != -1 ||
        received.str.len != 5 || memcmp(received.str.ptr, "mixed", 5) != 0 ||
        received.f32 != -0.5f || received.u16 != 7) {
        t_errorf(t, "fuzzMixed: got %d %g %d %.*s %g %u, want true 1e+300 -1 mixed -0.5 7",
                 received.b, received.f64, received.i8, (int)received.str.len, received.str.ptr,
                 (double)received.f32, received.u16);
    }

    // A kind libffi cannot be given.
    go_kind bad[] = { GO_KIND_INVALID };
    if ((c = testing_fuzzCall_new((void (*)(void))fuzz0, bad, 1)) != NULL) {
        testing_fuzzCall_free(c);
        t_errorf(t, "testing_fuzzCall_new(invalid kind): got a call, want NULL");
    }
}

static void fuzzBool(T *t, bool b) {
    received.t = t;
    received.calls++;
    received.b = b;
}

static void fuzzF64(T *t, double f64) {
    received.t = t;
    received.calls++;
    received.f64 = f64;
}

static void fuzzF32Bytes(T *t, float f32, go_bytes bytes) {
    received.t = t;
    received.calls++;
    received.f32 = f32, received.bytes = bytes;
}

static void fuzzI8F64(T *t, int8_t i8, double f64) {
    received.t = t;
    received.calls++;
    received.i8 = i8, received.f64 = f64;
}

static void fuzzStrU16(T *t, go_string str, uint16_t u16) {
    received.t = t;
    received.calls++;
    received.str = str, received.u16 = u16;
}

// TestFuzzCallDirect checks the direct calls of one and two arguments
// (fuzzcall.c's direct1_*, direct2_*): each parameter gets its value, in
// integer and floating-point registers and as a two-word struct.
void TestFuzzCallDirect(T *t) {
    memset(&received, 0, sizeof received);
    go_kind kb[] = { GO_BOOL };
    go_value vb[] = { GO_BOOL(true) };
    testing_fuzzCall *c = testing_fuzzCall_new((void (*)(void))fuzzBool, kb, 1);
    testing_fuzzCall_call(c, t, vb);
    testing_fuzzCall_free(c);
    go_kind kf[] = { GO_FLOAT64 };
    go_value vf[] = { GO_FLOAT64(-0.125) };
    c = testing_fuzzCall_new((void (*)(void))fuzzF64, kf, 1);
    testing_fuzzCall_call(c, t, vf);
    testing_fuzzCall_free(c);
    if (received.calls != 2 || received.t != t || !received.b || received.f64 != -0.125) {
        t_errorf(t, "fuzzBool, fuzzF64: got %d calls, %d, %g; want 2, true, -0.125", received.calls,
                 received.b, received.f64);
    }

    memset(&received, 0, sizeof received);
    go_kind k1[] = { GO_FLOAT32, GO_BYTES };
    go_value v1[] = { GO_FLOAT32(2.5f), GO_BYTES("pair") };
    c = testing_fuzzCall_new((void (*)(void))fuzzF32Bytes, k1, 2);
    testing_fuzzCall_call(c, t, v1);
    testing_fuzzCall_free(c);
    if (received.calls != 1 || received.f32 != 2.5f || received.bytes.len != 4 ||
        memcmp(received.bytes.ptr, "pair", 4) != 0) {
        t_errorf(t, "fuzzF32Bytes: got %d calls, %g, length %zu; want 1, 2.5, \"pair\"",
                 received.calls, (double)received.f32, received.bytes.len);
    }

    memset(&received, 0, sizeof received);
    go_kind k2[] = { GO_INT8, GO_FLOAT64 };
    go_value v2[] = { GO_INT8(-128), GO_FLOAT64(1e-300) };
    c = testing_fuzzCall_new((void (*)(void))fuzzI8F64, k2, 2);
    testing_fuzzCall_call(c, t, v2);
    testing_fuzzCall_free(c);
    if (received.calls != 1 || received.i8 != -128 || received.f64 != 1e-300) {
        t_errorf(t, "fuzzI8F64: got %d calls, %d, %g; want 1, -128, 1e-300", received.calls,
                 received.i8, received.f64);
    }

    memset(&received, 0, sizeof received);
    go_kind k3[] = { GO_STRING, GO_UINT16 };
    go_value v3[] = { GO_STRING("s"), GO_UINT16(65535) };
    c = testing_fuzzCall_new((void (*)(void))fuzzStrU16, k3, 2);
    testing_fuzzCall_call(c, t, v3);
    testing_fuzzCall_free(c);
    if (received.calls != 1 || received.str.len != 1 || received.str.ptr[0] != 's' ||
        received.u16 != 65535) {
        t_errorf(t, "fuzzStrU16: got %d calls, length %zu, %u; want 1, \"s\", 65535",
                 received.calls, received.str.len, received.u16);
    }
}

// The C strings fuzzCString and fuzzCStrings saw, copied as they saw them.
static char seenA[64], seenB[64];
static bool seenNull;

static void fuzzCString(T *t, const char *s) {
    received.t = t;
    received.calls++;
    seenNull = s == NULL;
    snprintf(seenA, sizeof seenA, "%s", s != NULL ? s : "");
}

// fuzzCStrings has three arguments, so that libffi makes the call.
static void fuzzCStrings(T *t, const char *a, go_int i, const char *b) {
    received.t = t;
    received.calls++;
    received.i = i;
    seenNull = a == NULL || b == NULL;
    snprintf(seenA, sizeof seenA, "%s", a != NULL ? a : "");
    snprintf(seenB, sizeof seenB, "%s", b != NULL ? b : "");
}

// Whether this test runs under AddressSanitizer, where the bytes after a
// C string's NUL are outside its block.
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

// fuzzTail keeps the 8 bytes at the start of the C string it gets.
static char tail[8];

static void fuzzTail(T *t, const char *s) {
    received.t = t;
    memcpy(tail, s, sizeof tail);
}

// TestFuzzCallCStringTail: without ASan, a C string after a longer one
// has zero bytes after its NUL, as in a new process, not the longer
// one's.
void TestFuzzCallCStringTail(T *t) {
    if (UNDER_ASAN) {
        t_skip(t, "under ASan the bytes after the NUL are outside the argument's block");
    }
    go_kind k[] = { C_STRING };
    testing_fuzzCall *c = testing_fuzzCall_new((void (*)(void))fuzzTail, k, 1);
    go_value longer[] = { C_STRING("abcdefg") }, shorter[] = { C_STRING("ab") };
    testing_fuzzCall_call(c, t, longer);
    testing_fuzzCall_call(c, t, shorter);
    if (memcmp(tail, "ab\0\0\0\0\0\0", sizeof tail) != 0) {
        t_errorf(t, "after abcdefg, ab's bytes are %.8s, want ab and zeros", tail);
    }
    testing_fuzzCall_free(c);
}

// fuzzChars keeps the first 4 bytes of the C_CHARS argument it gets.
static const char *seenChars;
static char seenCharsCopy[4];

static void fuzzChars(T *t, const char *s) {
    received.t = t;
    seenChars = s;
    if (s != NULL) {
        memcpy(seenCharsCopy, s, sizeof seenCharsCopy);
    }
}

// TestFuzzCallCString: a C string argument ends with its NUL, is "" and
// never NULL when empty, directly and through libffi, and a shorter
// string after a longer one is cut where it ends; a C_CHARS argument
// keeps the NULs it holds.
void TestFuzzCallCString(T *t) {
    go_kind k1[] = { C_STRING };
    testing_fuzzCall *c = testing_fuzzCall_new((void (*)(void))fuzzCString, k1, 1);
    if (c == NULL) {
        t_fatalf(t, "testing_fuzzCall_new(fuzzCString) = NULL");
    }
    const char *inputs[] = { "a longer string", "", "short" };
    for (size_t i = 0; i < 3; i++) {
        go_value v[] = { C_STRING(inputs[i]) };
        testing_fuzzCall_call(c, t, v);
        if (seenNull || strcmp(seenA, inputs[i]) != 0) {
            t_errorf(t, "fuzzCString(%s): got %s (NULL: %d)", inputs[i], seenA, seenNull);
        }
    }
    // A value that views bytes with no NUL after them, as a mutated one does.
    char unterminated[] = { 'x', 'y', 'z' };
    go_value v[] = { C_STRING("") };
    v[0].v.str = (go_string){ unterminated, 2 };
    testing_fuzzCall_call(c, t, v);
    if (strcmp(seenA, "xy") != 0) {
        t_errorf(t, "fuzzCString(2 bytes of xyz): got %s, want xy", seenA);
    }
    testing_fuzzCall_free(c);

    go_kind k3[] = { C_STRING, GO_INT, C_STRING };
    c = testing_fuzzCall_new((void (*)(void))fuzzCStrings, k3, 3);
    go_value v3[] = { C_STRING(""), GO_INT(42), C_STRING("b") };
    testing_fuzzCall_call(c, t, v3);
    if (seenNull || strcmp(seenA, "") != 0 || strcmp(seenB, "b") != 0 || received.i != 42) {
        t_errorf(t, "fuzzCStrings: got %s, %lld, %s (NULL: %d)", seenA, (long long)received.i,
                 seenB, seenNull);
    }
    testing_fuzzCall_free(c);

    // C_CHARS: NULs inside, and one after.
    go_kind kc[] = { C_CHARS };
    c = testing_fuzzCall_new((void (*)(void))fuzzChars, kc, 1);
    go_value vc[] = { C_CHARS("a\0b") };
    testing_fuzzCall_call(c, t, vc);
    if (seenChars == NULL || memcmp(seenCharsCopy, "a\0b\0", 4) != 0) {
        t_errorf(t, "fuzzChars(a\\0b) did not get a, NUL, b and a NUL");
    }
    testing_fuzzCall_free(c);
}
