// (none) ctest's own: tests of rawlayout.c, the raw layout of the
// arguments in other engines' inputs: values of every kind go to raw bytes
// and come back the same, the bytes are those the layout describes, and
// any bytes, too short ones included, read as arguments.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/corpus.h"
#include "internal/fuzz/rawlayout.h"
#include "internal/fuzz/values_test.h"
#include "testing/testing.h"

// marshaled is the v1 text of vals, for messages (caller frees).
static char *marshaled(const go_value *vals, size_t n) {
    uint8_t *data;
    size_t len;
    fuzz_marshalCorpusFile(vals, n, &data, &len);
    char *q = strconv_Quote((const char *)data, len);
    free(data);
    return q;
}

// checkRoundTrip checks that vals go to raw bytes and back unchanged, and
// that those bytes, read and written again, are the same bytes.
static void checkRoundTrip(T *t, const char *name, const go_value *vals, size_t n) {
    go_kind types[16];
    for (size_t i = 0; i < n; i++) {
        types[i] = vals[i].kind;
    }
    uint8_t *raw;
    size_t len;
    fuzz_marshalRaw(vals, n, &raw, &len);
    go_value *got = fuzz_unmarshalRaw(raw, len, types, n);
    for (size_t i = 0; i < n; i++) {
        if (!sameValue(&got[i], &vals[i])) {
            char *g = marshaled(got, n), *w = marshaled(vals, n);
            t_errorf(t, "%s: value %zu: got %s, want %s", name, i, g, w);
            free(g);
            free(w);
            break;
        }
    }
    uint8_t *again;
    size_t againLen;
    fuzz_marshalRaw(got, n, &again, &againLen);
    if (againLen != len || memcmp(again, raw, len) != 0) {
        t_errorf(t, "%s: the raw bytes written again differ", name);
    }
    free(again);
    fuzz_freeValues(got, n);
    free(raw);
}

// TestRawRoundTrip: every kind, its extremes, and kinds together.
void TestRawRoundTrip(T *t) {
    const struct {
        const char *name;
        go_value vals[6];
        size_t n;
    } tests[] = {
        { "bytes", { GO_BYTES("a\\b\n\x00\xff") }, 1 },
        { "empty bytes", { GO_BYTES("") }, 1 },
        { "string", { GO_STRING("hello, \xe4\xb8\x96\\") }, 1 },
        { "bool", { GO_BOOL(true) }, 1 },
        { "false", { GO_BOOL(false) }, 1 },
        { "byte", { GO_BYTE(0xff) }, 1 },
        { "rune", { GO_RUNE(0x10ffff) }, 1 },
        { "negative rune", { GO_RUNE(-1) }, 1 },
        { "int", { GO_INT(INT64_MIN) }, 1 },
        { "int8", { GO_INT8(-128) }, 1 },
        { "int16", { GO_INT16(-2) }, 1 },
        { "int32", { GO_INT32(INT32_MAX) }, 1 },
        { "int64", { GO_INT64(INT64_MAX) }, 1 },
        { "uint", { GO_UINT(UINT64_MAX) }, 1 },
        { "uint16", { GO_UINT16(0xbeef) }, 1 },
        { "uint32", { GO_UINT32(0xdeadbeef) }, 1 },
        { "uint64", { GO_UINT64(1) }, 1 },
        { "float32", { GO_FLOAT32(-1.5f) }, 1 },
        { "float32 inf", { GO_FLOAT32(INFINITY) }, 1 },
        { "float64", { GO_FLOAT64(3.141592653589793) }, 1 },
        { "float64 -0", { GO_FLOAT64(-0.0) }, 1 },
        { "float64 NaN", { GO_FLOAT64(NAN) }, 1 },
        { "bytes int bool", { GO_BYTES("x\\y"), GO_INT(-7), GO_BOOL(true) }, 3 },
        { "two strings", { GO_STRING("a\\\\"), GO_STRING("b\\") }, 2 },
        { "empty strings", { GO_STRING(""), GO_BYTES(""), GO_STRING("") }, 3 },
        { "mixed",
          { GO_UINT16(7), GO_BYTES("\\\n\\"), GO_FLOAT64(2.5), GO_STRING("s"), GO_INT8(-1),
            GO_BYTES("last\\") },
          6 },
        { "fixed only", { GO_INT(1), GO_UINT8(2), GO_FLOAT32(3), GO_BOOL(true) }, 4 },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        checkRoundTrip(t, tests[i].name, tests[i].vals, tests[i].n);
    }
    // A NaN with a payload keeps its bits.
    go_value nan = { .kind = GO_FLOAT64 };
    uint64_t bits = UINT64_C(0x7ff8000000000001);
    memcpy(&nan.v.f64, &bits, sizeof bits);
    checkRoundTrip(t, "NaN payload", &nan, 1);
}

// TestRawLayout: the bytes are those the layout says.
void TestRawLayout(T *t) {
    const struct {
        const char *name;
        go_value vals[4];
        size_t n;
        const char *want;
        size_t wantLen;
    } tests[] = {
        { "one []byte as it is", { GO_BYTES("a\\b") }, 1, "a\\b", 3 },
        { "one string as it is", { GO_STRING("go test fuzz v1") }, 1, "go test fuzz v1", 15 },
        { "fixed from the end, first last",
          { GO_BYTES("ab"), GO_INT(5), GO_BOOL(true) },
          3,
          "ab\x01\x05\0\0\0\0\0\0\0",
          11 },
        { "little-endian", { GO_UINT32(0x01020304) }, 1, "\x04\x03\x02\x01", 4 },
        { "float bits", { GO_FLOAT32(1) }, 1, "\0\0\x80\x3f", 4 },
        { "escaped, then the rest", { GO_STRING("a\\b"), GO_BYTES("c\\") }, 2, "a\\\\b\\\nc\\", 8 },
        { "the int between",
          { GO_STRING("x"), GO_INT16(-1), GO_STRING("y") },
          3,
          "x\\\ny\xff\xff",
          6 },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        uint8_t *raw;
        size_t len;
        fuzz_marshalRaw(tests[i].vals, tests[i].n, &raw, &len);
        if (len != tests[i].wantLen || memcmp(raw, tests[i].want, len) != 0) {
            char *g = strconv_Quote((const char *)raw, len),
                 *w = strconv_Quote(tests[i].want, tests[i].wantLen);
            t_errorf(t, "%s: got %s, want %s", tests[i].name, g, w);
            free(g);
            free(w);
        }
        free(raw);
    }
}

// TestRawAnyBytes: bytes no marshal wrote still read as arguments: too
// few for the fixed-size ones (the missing high bytes are zero), a
// backslash before other bytes, one at the end.
void TestRawAnyBytes(T *t) {
    static const go_kind bytesInt64[] = { GO_BYTES, GO_INT64 }, int16One[] = { GO_INT16 },
                         twoStrings[] = { GO_STRING, GO_STRING },
                         all[] = { GO_STRING, GO_BOOL, GO_FLOAT64, GO_BYTES };
    const struct {
        const char *name;
        const char *data;
        size_t len;
        const go_kind *types;
        size_t n;
        go_value want[4];
    } tests[] = {
        { "short int", "\x01\x02", 2, bytesInt64, 2, { GO_BYTES(""), GO_INT64(0x0201) } },
        { "one byte of an int16", "\xff", 1, int16One, 1, { GO_INT16(255) } },
        { "nothing",
          "",
          0,
          all,
          4,
          { GO_STRING(""), GO_BOOL(false), GO_FLOAT64(0), GO_BYTES("") } },
        { "bool's low bit",
          "\x02",
          1,
          all,
          4,
          { GO_STRING(""), GO_BOOL(false), GO_FLOAT64(0), GO_BYTES("") } },
        { "backslash and any byte ends",
          "ab\\\\c\\xrest",
          11,
          twoStrings,
          2,
          { GO_STRING("ab\\c"), GO_STRING("rest") } },
        { "no end", "abc", 3, twoStrings, 2, { GO_STRING("abc"), GO_STRING("") } },
        { "backslash last", "ab\\", 3, twoStrings, 2, { GO_STRING("ab\\"), GO_STRING("") } },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        go_value *got = fuzz_unmarshalRaw((const uint8_t *)tests[i].data, tests[i].len,
                                          tests[i].types, tests[i].n);
        for (size_t j = 0; j < tests[i].n; j++) {
            if (!sameValue(&got[j], &tests[i].want[j])) {
                char *g = marshaled(got, tests[i].n), *w = marshaled(tests[i].want, tests[i].n);
                t_errorf(t, "%s: got %s, want %s", tests[i].name, g, w);
                free(g);
                free(w);
                break;
            }
        }
        fuzz_freeValues(got, tests[i].n);
    }
}

// TestReadInputFileRaw: ctest corpus reads a raw file for a fuzz function
// of several arguments in the layout.
void TestReadInputFileRaw(T *t) {
    const char *dir = t_tempdir(t);
    char *path = runtime_sprintf("%s/crash-1", dir);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite("key\\\nvalue\x2a\0\0\0\0\0\0\0", 1, 18, f) != 18 || fclose(f) != 0) {
        t_fatalf(t, "writing %s failed", path);
    }
    static const go_kind types[] = { GO_STRING, GO_BYTES, GO_INT };
    go_value *vals = NULL;
    size_t n = 0;
    go_error *err = fuzz_readInputFile(path, true, types, 3, &vals, &n, NULL);
    go_value want[] = { GO_STRING("key"), GO_BYTES("value"), GO_INT(42) };
    if (err != NULL || n != 3) {
        t_errorf(t, "readInputFile: got %s, %zu values", err ? go_error_Error(err) : "nil", n);
    } else {
        for (size_t i = 0; i < 3; i++) {
            if (!sameValue(&vals[i], &want[i])) {
                char *g = marshaled(vals, n);
                t_errorf(t, "readInputFile: got %s", g);
                free(g);
                break;
            }
        }
    }
    go_error_free(err);
    fuzz_freeValues(vals, n);
    free(path);
}
