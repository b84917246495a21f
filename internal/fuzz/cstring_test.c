// (none) ctest's own: tests of the C string kinds (C_STRING, and C_CHARS,
// which may hold NULs) in the engine: their corpus lines and version line
// (encoding.c), their raw layout (rawlayout.c), C_STRING's mutation, which
// never leaves a NUL in the value (mutator.c), and their minimization and
// type names.
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/mergectl.h"
#include "internal/fuzz/minimize.h"
#include "internal/fuzz/mutator.h"
#include "internal/fuzz/rawlayout.h"
#include "internal/fuzz/value.h"
#include "internal/fuzz/values_test.h"
#include "testing/testing.h"

// TestCStringMarshal: a file holding a C string opens with ctest's
// version line and writes it as a cstring line; a file of Go's kinds only
// keeps Go's version line; each reads back as the values written.
void TestCStringMarshal(T *t) {
    const struct {
        const char *name;
        go_value vals[3];
        size_t n;
        const char *want;
    } tests[] = {
        { "alone", { C_STRING("a\"b\\\xff") }, 1, "ctest fuzz v1\ncstring(\"a\\\"b\\\\\\xff\")\n" },
        { "empty", { C_STRING("") }, 1, "ctest fuzz v1\ncstring(\"\")\n" },
        { "with Go's kinds",
          { GO_INT(-3), C_STRING("x"), GO_STRING("y") },
          3,
          "ctest fuzz v1\nint(-3)\ncstring(\"x\")\nstring(\"y\")\n" },
        { "Go's kinds only", { GO_STRING("x") }, 1, "go test fuzz v1\nstring(\"x\")\n" },
        { "chars",
          { C_CHARS("a\0b"), C_STRING("c") },
          2,
          "ctest fuzz v1\ncchars(\"a\\x00b\")\ncstring(\"c\")\n" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        uint8_t *data;
        size_t len;
        fuzz_marshalCorpusFile(tests[i].vals, tests[i].n, &data, &len);
        if (len != strlen(tests[i].want) || memcmp(data, tests[i].want, len) != 0) {
            t_errorf(t, "%s: marshaled %.*s, want %s", tests[i].name, (int)len, (char *)data,
                     tests[i].want);
        }
        go_value *got = NULL;
        size_t n = 0;
        go_error *err = fuzz_unmarshalCorpusFile(data, len, &got, &n);
        if (err != NULL) {
            t_errorf(t, "%s: unmarshal: %s", tests[i].name, go_error_Error(err));
            go_error_free(err);
        } else {
            for (size_t j = 0; j < n && n == tests[i].n; j++) {
                if (!sameValue(&got[j], &tests[i].vals[j])) {
                    t_errorf(t, "%s: value %zu read back differs", tests[i].name, j);
                }
            }
            if (n != tests[i].n) {
                t_errorf(t, "%s: read back %zu values, want %zu", tests[i].name, n, tests[i].n);
            }
            fuzz_freeValues(got, n);
        }
        if (!fuzz_isCorpusFile(data, len)) {
            t_errorf(t, "%s: fuzz_isCorpusFile says no", tests[i].name);
        }
        free(data);
    }
}

// TestCStringUnmarshalErrors: a cstring line with a NUL, with no string
// literal, or under Go's version line (which names Go's kinds only) is
// refused with the line quoted; Go's lines read under ctest's version
// line.
void TestCStringUnmarshalErrors(T *t) {
    static const struct {
        const char *in;
        const char *want; // NULL: no error
    } tests[] = {
        { "ctest fuzz v1\ncstring(\"a\\x00b\")\n",
          "malformed line \"cstring(\\\"a\\\\x00b\\\")\": a cstring holds no NUL byte (cchars may)" },
        { "ctest fuzz v1\ncchars(0)\n",
          "malformed line \"cchars(0)\": string literal value required for type cchars" },
        { "ctest fuzz v1\ncchars(\"a\\x00b\")\n", NULL },
        { "ctest fuzz v1\ncstring(1)\n",
          "malformed line \"cstring(1)\": string literal value required for type cstring" },
        { "go test fuzz v1\ncstring(\"a\")\n",
          "malformed line \"cstring(\\\"a\\\")\": expected []byte or primitive type" },
        { "ctest fuzz v2\ncstring(\"a\")\n", "unknown encoding version: ctest fuzz v2" },
        { "ctest fuzz v1\nint(1)\nstring(\"\\x00\")\n", NULL },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        go_value *vals = NULL;
        size_t n = 0;
        go_error *err = fuzz_unmarshalCorpusFile((const uint8_t *)tests[i].in, strlen(tests[i].in),
                                                 &vals, &n);
        const char *got = err != NULL ? go_error_Error(err) : NULL;
        if ((got == NULL) != (tests[i].want == NULL) ||
            (got != NULL && strcmp(got, tests[i].want) != 0)) {
            t_errorf(t, "unmarshal(%s): got error %s, want %s", tests[i].in, got ? got : "none",
                     tests[i].want ? tests[i].want : "none");
        }
        if (err != NULL) {
            go_error_free(err);
        } else {
            fuzz_freeValues(vals, n);
        }
    }
}

// TestCStringRaw: in the raw layout a C string is read as a string is,
// less its NULs (C_CHARS keeps them), and values go to raw bytes and back
// unchanged.
void TestCStringRaw(T *t) {
    go_kind types[] = { C_STRING, C_CHARS, GO_INT8 };
    static const uint8_t raw[] = { 'a', 0, 'b', '\\', ';', 0, 'c', 0, 7 };
    go_value *got = fuzz_unmarshalRaw(raw, sizeof raw, types, 3);
    go_value want[] = { C_STRING("ab"), C_CHARS("\0c\0"), GO_INT8(7) };
    for (size_t i = 0; i < 3; i++) {
        if (!sameValue(&got[i], &want[i])) {
            t_errorf(t, "raw value %zu: got kind %d %.*s", i, got[i].kind, (int)got[i].v.str.len,
                     got[i].v.str.ptr);
        }
    }
    uint8_t *back;
    size_t len;
    fuzz_marshalRaw(got, 3, &back, &len);
    go_value *again = fuzz_unmarshalRaw(back, len, types, 3);
    for (size_t i = 0; i < 3; i++) {
        if (!sameValue(&again[i], &want[i])) {
            t_errorf(t, "value %zu changed on its way through raw bytes", i);
        }
    }
    fuzz_freeValues(again, 3);
    fuzz_freeValues(got, 3);
    free(back);
}

// TestCStringMutate: mutations of a C string, the NUL-writing ones
// included, never leave a NUL in it, and they do change it.
void TestCStringMutate(T *t) {
    mutator *m = fuzz_newMutator();
    go_value v[] = { C_STRING("hello, world"), GO_INT(1) };
    int changed = 0;
    for (int i = 0; i < 20000; i++) {
        go_value before = v[0];
        char prev[4096];
        size_t plen = before.v.str.len < sizeof prev ? before.v.str.len : sizeof prev;
        memcpy(prev, before.v.str.ptr != NULL ? before.v.str.ptr : "", plen);
        fuzz_mutator_mutate(m, v, 2, 4096);
        if (v[0].kind != C_STRING) {
            t_fatalf(t, "mutation %d changed the kind to %d", i, v[0].kind);
        }
        if (v[0].v.str.len > 0 && memchr(v[0].v.str.ptr, 0, v[0].v.str.len) != NULL) {
            t_fatalf(t, "mutation %d left a NUL in a C string of %zu bytes", i, v[0].v.str.len);
        }
        if (v[0].v.str.len != plen || memcmp(v[0].v.str.ptr, prev, plen) != 0) {
            changed++;
        }
        if (v[0].v.str.len > 1000) {
            v[0] = C_STRING("hello, world"); // keep it short
        }
    }
    if (changed < 1000) {
        t_errorf(t, "only %d of 20000 mutations changed the C string", changed);
    }
    fuzz_mutator_free(m);
}

// TestCStringKind: the kind's name, its lookup by name (ctest corpus's
// control lines) and its minimization.
void TestCStringKind(T *t) {
    if (strcmp(fuzz_kindTypeName(C_STRING), "cstring") != 0) {
        t_errorf(t, "fuzz_kindTypeName(C_STRING) = %s", fuzz_kindTypeName(C_STRING));
    }
    if (fuzz_kindByTypeName("cstring", 7) != C_STRING) {
        t_errorf(t, "fuzz_kindByTypeName(cstring) is not C_STRING");
    }
    if (!fuzz_isMinimizable(C_STRING) || !fuzz_isMinimizable(C_CHARS)) {
        t_errorf(t, "a C string is not minimizable");
    }
    if (strcmp(fuzz_kindTypeName(C_CHARS), "cchars") != 0 ||
        fuzz_kindByTypeName("cchars", 6) != C_CHARS) {
        t_errorf(t, "C_CHARS's name is not cchars, both ways");
    }
    uint8_t buf[] = { 0, 'a', 0, 0, 'b', 0 };
    size_t n = fuzz_dropNULs(buf, sizeof buf);
    if (n != 2 || memcmp(buf, "ab", 2) != 0) {
        t_errorf(t, "fuzz_dropNULs: got %zu bytes %.*s, want ab", n, (int)n, (char *)buf);
    }
}
