// Ports go1.19.8 src/internal/fuzz/encoding_test.go (every case), and checks
// marshalCorpusFile and unmarshalCorpusFile against vectors Go 1.19.8's own
// internal/fuzz wrote (golden/vectors/encoding/gen_test.go).
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/values_test.h"
#include "internal/fuzz/vectors_test.h"
#include "testing/testing.h"

// parseVectorValue reads a "<type>:<value>" field of a vector file into *v
// (bytes and strings in new storage); false if it is malformed.
static bool parseVectorValue(const char *field, go_value *v) {
    const char *colon = strrchr(field, ':');
    if (colon == NULL) {
        return false;
    }
    size_t tlen = (size_t)(colon - field);
    const char *val = colon + 1;
    for (int k = GO_BYTES; k < GO_KIND_COUNT; k++) {
        const char *name = fuzz_kindTypeName((go_kind)k);
        if (strlen(name) != tlen || memcmp(name, field, tlen) != 0) {
            continue;
        }
        v->kind = (go_kind)k;
        size_t n;
        switch (v->kind) {
        case GO_BYTES:
            v->v.bytes.ptr = unhex(val, &n);
            v->v.bytes.len = n;
            return true;
        case GO_STRING:
            v->v.str.ptr = (const char *)unhex(val, &n);
            v->v.str.len = n;
            return true;
        case GO_BOOL:
            v->v.b = strcmp(val, "true") == 0;
            return true;
        case GO_FLOAT32: {
            uint32_t bits = (uint32_t)strtoul(val, NULL, 16);
            memcpy(&v->v.f32, &bits, sizeof bits);
            return true;
        }
        case GO_FLOAT64: {
            uint64_t bits = strtoull(val, NULL, 16);
            memcpy(&v->v.f64, &bits, sizeof bits);
            return true;
        }
        case GO_INT:
        case GO_INT8:
        case GO_INT16:
        case GO_INT32:
        case GO_INT64:
            v->v.i = strtoll(val, NULL, 10);
            return true;
        default:
            v->v.u = strtoull(val, NULL, 10);
            return true;
        }
    }
    return false;
}

// quoted is %q of n bytes, for messages; the caller frees.
static char *quoted(const void *p, size_t n) {
    return strconv_Quote((const char *)p, n);
}

typedef struct unmarshalMarshalCase {
    const char *desc;
    const char *in;
    bool reject;
    const char *want; // if different from in
} unmarshalMarshalCase;

static void unmarshalMarshal(T *t, void *arg) {
    const unmarshalMarshalCase *test = arg;
    go_value *vals = NULL;
    size_t n = 0;
    go_error *err =
            fuzz_unmarshalCorpusFile((const uint8_t *)test->in, strlen(test->in), &vals, &n);
    if (test->reject) {
        if (err == NULL) {
            fuzz_freeValues(vals, n);
            t_fatalf(t, "unmarshal unexpected success");
        }
        go_error_free(err);
        return;
    }
    if (err != NULL) {
        char *msg = runtime_strdup(go_error_Error(err));
        go_error_free(err);
        t_cleanup(t, free, msg);
        t_fatalf(t, "unmarshal unexpected error: %s", msg);
    }
    uint8_t *newB;
    size_t newLen;
    fuzz_marshalCorpusFile(vals, n, &newB, &newLen);
    fuzz_freeValues(vals, n);
    if (newB[newLen - 1] != '\n') {
        t_error(t, "didn't write final newline to corpus file");
    }
    const char *want = test->want != NULL ? test->want : test->in;
    char *want2 = runtime_sprintf("%s\n", want);
    if (newLen != strlen(want2) || memcmp(newB, want2, newLen) != 0) {
        t_errorf(t, "unexpected marshaled value\ngot:\n%.*s\nwant:\n%s", (int)newLen, newB, want2);
    }
    free(want2);
    free(newB);
}

// Ports TestUnmarshalMarshal: Go's rows, in Go's order (the "int overflow"
// row with its 64-bit want, as int is 64 bits here).
void TestUnmarshalMarshal(T *t) {
    static const unmarshalMarshalCase tests[] = {
        { "missing version", "int(1234)", true, NULL },
        { "malformed string", "go test fuzz v1\nstring(\"a\"bcad\")", true, NULL },
        { "empty value", "go test fuzz v1\nint()", true, NULL },
        { "negative uint", "go test fuzz v1\nuint(-32)", true, NULL },
        { "int8 too large", "go test fuzz v1\nint8(1234456)", true, NULL },
        { "multiplication in int value", "go test fuzz v1\nint(20*5)", true, NULL },
        { "double negation", "go test fuzz v1\nint(--5)", true, NULL },
        { "malformed bool", "go test fuzz v1\nbool(0)", true, NULL },
        { "malformed byte", "go test fuzz v1\nbyte('aa)", true, NULL },
        { "byte out of range", "go test fuzz v1\nbyte('☃')", true, NULL },
        { "extra newline", "go test fuzz v1\nstring(\"has extra newline\")\n", false,
          "go test fuzz v1\nstring(\"has extra newline\")" },
        { "trailing spaces", "go test fuzz v1\nstring(\"extra\")\n[]byte(\"spacing\")  \n    ",
          false, "go test fuzz v1\nstring(\"extra\")\n[]byte(\"spacing\")" },
        { "float types", "go test fuzz v1\nfloat64(0)\nfloat32(0)", false, NULL },
        { "various types",
          "go test fuzz v1\nint(-23)\nint8(-2)\nint64(2342425)\nuint(1)\nuint16(234)\n"
          "uint32(352342)\nuint64(123)\nrune('œ')\nbyte('K')\nbyte('ÿ')\n[]byte(\"hello¿\")\n"
          "[]byte(\"a\")\nbool(true)\nstring(\"hello\\\\xbd\\\\xb2=\\\\xbc ⌘\")\nfloat64(-12.5)\n"
          "float32(2.5)",
          false, NULL },
        // The two bit patterns of the math.Float{64,32}frombits lines are
        // quiet NaNs other than math.NaN(), so they are written back as bits.
        { "float edge cases",
          "go test fuzz v1\nfloat32(-0)\nfloat64(-0)\nfloat32(+Inf)\nfloat32(-Inf)\n"
          "float32(NaN)\nfloat64(+Inf)\nfloat64(-Inf)\nfloat64(NaN)\n"
          "math.Float64frombits(0x7ff8000000000002)\nmath.Float32frombits(0x7fc00001)",
          false, NULL },
        // Integers in the bases not chosen for output still parse.
        { "int variations",
          "go test fuzz v1\nint(0x0)\nint32(0x41)\nint64(0xfffffffff)\nuint32(0xcafef00d)\n"
          "uint64(0xffffffffffffffff)\nuint8(0b0000000)\nbyte(0x0)\nbyte('\\000')\n"
          "byte('\\u0000')\nbyte('\\'')\nmath.Float64frombits(9221120237041090562)\n"
          "math.Float32frombits(2143289345)",
          false,
          "go test fuzz v1\nint(0)\nrune('A')\nint64(68719476735)\nuint32(3405705229)\n"
          "uint64(18446744073709551615)\nbyte('\\x00')\nbyte('\\x00')\nbyte('\\x00')\n"
          "byte('\\x00')\nbyte('\\'')\nmath.Float64frombits(0x7ff8000000000002)\n"
          "math.Float32frombits(0x7fc00001)" },
        { "rune validation",
          "go test fuzz v1\nrune(0)\nrune(0x41)\nrune(-1)\nrune(0xfffd)\nrune(0xd800)\n"
          "rune(0x10ffff)\nrune(0x110000)\n",
          false,
          "go test fuzz v1\nrune('\\x00')\nrune('A')\nint32(-1)\nrune('�')\nint32(55296)\n"
          "rune('\\U0010ffff')\nint32(1114112)" },
        { "int overflow", "go test fuzz v1\nint(0x7fffffffffffffff)\nuint(0xffffffffffffffff)",
          false, "go test fuzz v1\nint(9223372036854775807)\nuint(18446744073709551615)" },
        { "windows new line", "go test fuzz v1\r\nint(0)\r\n", false, "go test fuzz v1\nint(0)" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        t_run(t, tests[i].desc, unmarshalMarshal, (void *)&tests[i]);
    }
}

// Not ported: BenchmarkMarshalCorpusFile, BenchmarkUnmarshalCorpusFile
// (benchmarks; ctest's testing has none).

// Ports TestByteRoundTrip.
void TestByteRoundTrip(T *t) {
    for (int x = 0; x < 256; x++) {
        go_value b1 = GO_BYTE(x);
        uint8_t *buf;
        size_t len;
        fuzz_marshalCorpusFile(&b1, 1, &buf, &len);
        go_value *vs;
        size_t n;
        go_error *err = fuzz_unmarshalCorpusFile(buf, len, &vs, &n);
        if (err != NULL) {
            t_errorf(t, "%s", go_error_Error(err));
            go_error_free(err);
            free(buf);
            return;
        }
        if (n != 1 || vs[0].kind != GO_UINT8 || vs[0].v.u != b1.v.u) {
            t_errorf(t, "unmarshaled %" PRIu64 ", want %" PRIu64 ":\n%.*s", n ? vs[0].v.u : 0,
                     b1.v.u, (int)len, buf);
        }
        fuzz_freeValues(vs, n);
        free(buf);
    }
}

// Ports TestInt8RoundTrip.
void TestInt8RoundTrip(T *t) {
    for (int x = -128; x < 128; x++) {
        go_value i1 = GO_INT8(x);
        uint8_t *buf;
        size_t len;
        fuzz_marshalCorpusFile(&i1, 1, &buf, &len);
        go_value *vs;
        size_t n;
        go_error *err = fuzz_unmarshalCorpusFile(buf, len, &vs, &n);
        if (err != NULL) {
            t_errorf(t, "%s", go_error_Error(err));
            go_error_free(err);
            free(buf);
            return;
        }
        if (n != 1 || vs[0].kind != GO_INT8 || vs[0].v.i != i1.v.i) {
            t_errorf(t, "unmarshaled %" PRId64 ", want %" PRId64 ":\n%.*s", n ? vs[0].v.i : 0,
                     i1.v.i, (int)len, buf);
        }
        fuzz_freeValues(vs, n);
        free(buf);
    }
}

// roundTrip marshals v, unmarshals the file and checks that one identical
// value comes back (the body of Go's Fuzz*RoundTrip targets).
static void roundTrip(T *t, go_value v) {
    uint8_t *b;
    size_t len;
    fuzz_marshalCorpusFile(&v, 1, &b, &len);
    go_value *xs;
    size_t n;
    go_error *err = fuzz_unmarshalCorpusFile(b, len, &xs, &n);
    if (err != NULL) {
        t_errorf(t, "%s\nmarshaled:\n%.*s", go_error_Error(err), (int)len, b);
        go_error_free(err);
    } else if (n != 1) {
        t_errorf(t, "unmarshaled %zu values", n);
    } else if (!sameValue(&xs[0], &v)) {
        t_errorf(t, "unmarshaled a different value from:\n%.*s", (int)len, b);
    }
    if (err == NULL) {
        fuzz_freeValues(xs, n);
    }
    free(b);
}

// Ports FuzzFloat64RoundTrip's seed corpus (run as a unit test).
void TestFloat64RoundTrip(T *t) {
    static const uint64_t seeds[] = {
        0,                  // math.Float64bits(0)
        0x8000000000000000, // -0
        0x7FEFFFFFFFFFFFFF, // math.MaxFloat64
        1,                  // math.SmallestNonzeroFloat64
        0x7FF8000000000001, // math.NaN()
        0x7FF0000000000001, // signaling NaN
        0x7FF0000000000000, // +Inf
        0xFFF0000000000000, // -Inf
    };
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        double x1;
        memcpy(&x1, &seeds[i], sizeof x1);
        roundTrip(t, GO_FLOAT64(x1));
    }
}

// Ports FuzzRuneRoundTrip's seed corpus (run as a unit test).
void TestRuneRoundTrip(T *t) {
    static const int64_t seeds[] = { -1,   0xd800,   0xdfff,   0xFFFD,        0x7F,
                                     0xFF, 0x10FFFF, 0x110000, -0x80000000LL, 0x7fffffff };
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        roundTrip(t, GO_RUNE(seeds[i]));
    }
}

// Ports FuzzStringRoundTrip's seed corpus (run as a unit test).
void TestStringRoundTrip(T *t) {
    roundTrip(t, GO_STRING(""));
    roundTrip(t, GO_STRING_N("\x00", 1));
    roundTrip(t, GO_STRING("\xef\xbf\xbd")); // string([]rune{unicode.ReplacementChar})
}

// TestMarshalVectors checks marshalCorpusFile against Go 1.19.8's output for
// random values of every kind, every byte, edge runes and multi-value files
// (marshal.txt).
void TestMarshalVectors(T *t) {
    vectorLines v;
    if (!readVectorFile(VECTOR_DIR "marshal.txt", &v)) {
        t_fatalf(t, "reading %s failed", VECTOR_DIR "marshal.txt");
    }
    size_t checked = 0;
    for (size_t i = 0; i < v.n; i++) {
        char *f[16];
        size_t nf = splitFields(v.lines[i], f, 16);
        size_t nvals = nf >= 2 ? strtoul(f[1], NULL, 10) : 0;
        if (nf < 3 || strcmp(f[0], "M") != 0 || nvals + 3 != nf) {
            t_errorf(t, "marshal.txt:%zu: malformed vector", i + 1);
            continue;
        }
        go_value *vals = runtime_calloc(nvals, sizeof vals[0]);
        for (size_t j = 0; j < nvals; j++) {
            if (!parseVectorValue(f[2 + j], &vals[j])) {
                t_fatalf(t, "marshal.txt:%zu: malformed value %s", i + 1, f[2 + j]);
            }
        }
        size_t wantLen;
        uint8_t *want = unhex(f[nf - 1], &wantLen);
        uint8_t *got;
        size_t gotLen;
        fuzz_marshalCorpusFile(vals, nvals, &got, &gotLen);
        if (gotLen != wantLen || memcmp(got, want, gotLen) != 0) {
            char *g = quoted(got, gotLen), *w = quoted(want, wantLen);
            t_errorf(t, "marshal.txt:%zu: got %s, want %s", i + 1, g, w);
            free(g);
            free(w);
        }
        checked++;
        free(got);
        free(want);
        fuzz_freeValues(vals, nvals);
    }
    t_logf(t, "%zu vectors", checked);
    if (checked < 900) {
        t_errorf(t, "marshal.txt: got %zu rows, want at least 900", checked);
    }
    vectorLines_free(&v);
}

// TestUnmarshalVectors checks unmarshalCorpusFile against Go 1.19.8 on valid
// and malformed files (unmarshal.txt): handwritten lines, marshaled random
// values and random mutations of both; the values, or the error text.
void TestUnmarshalVectors(T *t) {
    vectorLines v;
    if (!readVectorFile(VECTOR_DIR "unmarshal.txt", &v)) {
        t_fatalf(t, "reading %s failed", VECTOR_DIR "unmarshal.txt");
    }
    size_t checked = 0;
    enum { maxFields = 64 };
    for (size_t i = 0; i < v.n; i++) {
        char *f[maxFields];
        size_t nf = splitFields(v.lines[i], f, maxFields);
        if (nf < 4 || strcmp(f[0], "U") != 0) {
            t_errorf(t, "unmarshal.txt:%zu: malformed vector", i + 1);
            continue;
        }
        size_t inLen;
        uint8_t *in = unhex(f[1], &inLen);
        char *qin = quoted(in, inLen);
        go_value *vals = NULL;
        size_t n = 0;
        go_error *err = fuzz_unmarshalCorpusFile(in, inLen, &vals, &n);
        if (strcmp(f[2], "err") == 0) {
            size_t wantLen;
            char *want = (char *)unhex(f[3], &wantLen);
            if (err == NULL) {
                t_errorf(t, "unmarshal.txt:%zu: unmarshal(%s): got %zu values, want error %s",
                         i + 1, qin, n, want);
                fuzz_freeValues(vals, n);
            } else if (strcmp(go_error_Error(err), want) != 0) {
                t_errorf(t, "unmarshal.txt:%zu: unmarshal(%s):\ngot  %s\nwant %s", i + 1, qin,
                         go_error_Error(err), want);
            }
            free(want);
        } else {
            size_t wantN = strtoul(f[3], NULL, 10);
            if (err != NULL) {
                t_errorf(t, "unmarshal.txt:%zu: unmarshal(%s): got error %s, want %zu values",
                         i + 1, qin, go_error_Error(err), wantN);
            } else if (n != wantN || nf != 4 + wantN) {
                t_errorf(t, "unmarshal.txt:%zu: unmarshal(%s): got %zu values, want %zu", i + 1,
                         qin, n, wantN);
            } else {
                for (size_t j = 0; j < n; j++) {
                    go_value want = { 0 };
                    if (!parseVectorValue(f[4 + j], &want)) {
                        t_errorf(t, "unmarshal.txt:%zu: malformed value %s", i + 1, f[4 + j]);
                        continue;
                    }
                    if (!sameValue(&vals[j], &want)) {
                        t_errorf(t, "unmarshal.txt:%zu: unmarshal(%s): value %zu: got %s, want %s",
                                 i + 1, qin, j, fuzz_kindTypeName(vals[j].kind), f[4 + j]);
                    }
                    go_value *w = fuzz_copyValues(&want, 1);
                    fuzz_freeValues(w, 1);
                    if (want.kind == GO_BYTES) {
                        free((void *)want.v.bytes.ptr);
                    } else if (want.kind == GO_STRING) {
                        free((void *)want.v.str.ptr);
                    }
                }
            }
            fuzz_freeValues(vals, n);
        }
        go_error_free(err);
        checked++;
        free(qin);
        free(in);
    }
    t_logf(t, "%zu vectors", checked);
    if (checked < 1300) {
        t_errorf(t, "unmarshal.txt: got %zu rows, want at least 1300", checked);
    }
    vectorLines_free(&v);
}

// TestUnmarshalHidesOtherFiles: the first line of a file that is no
// attempt at a corpus file (a link to a file of secrets, a raw input) is
// not quoted in the error, while a mutated header and a value without a
// header are, as Go quotes them (ctest's).
void TestUnmarshalHidesOtherFiles(T *t) {
    static const struct {
        const char *in;
        bool shown;
    } tests[] = {
        { "https://user:ghp_secret@github.com\n", false },
        { "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1\n", false },
        { "hello raw bytes\n", false },
        { "PASSWORD=hunter2\n", false },
        { "go test fuzz v2\nint(1)\n", true },
        { "gotest fuzz v1\nint(1)\n", true },
        { " go test fuzz v1\nint(1)\n", true },
        { "string(\"no header\")\n", true },
        { "\nint(1)\n", true },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        const char *in = tests[i].in;
        size_t first = strcspn(in, "\n");
        go_value *vals = NULL;
        size_t n = 0;
        go_error *err = fuzz_unmarshalCorpusFile((const uint8_t *)in, strlen(in), &vals, &n);
        if (err == NULL) {
            t_errorf(t, "unmarshal(%.*s...): no error", (int)first, in);
            fuzz_freeValues(vals, n);
            continue;
        }
        char *want = runtime_sprintf("unknown encoding version: %.*s", (int)first, in);
        const char *got = go_error_Error(err);
        if (tests[i].shown && strcmp(got, want) != 0) {
            t_errorf(t, "unmarshal(%.*s...): got %s, want %s", (int)first, in, got, want);
        }
        char *line = runtime_sprintf("%.*s", (int)first, in);
        if (!tests[i].shown &&
            (strstr(got, "no corpus file") == NULL || strstr(got, line) != NULL)) {
            t_errorf(t, "unmarshal(%s...): got %s, want the line left out", line, got);
        }
        free(line);
        free(want);
        go_error_free(err);
    }
}

// TestUnmarshalBounded checks that unmarshalCorpusFile reads the len bytes
// it is given and no more (ctest's; internal/selffuzz/corpus found the
// scanner reading on): a last line cut before "=" is "int(1)=", whatever
// follows it, and a file in a buffer of its exact size is read within it
// (which the sanitizer build checks). Go 1.19.8's go/parser gives the
// error text.
void TestUnmarshalBounded(T *t) {
    static const char buf[] = "go test fuzz v1\nint(1)==";
    static const char want[] = "malformed line \"int(1)=\": (test):1:7: expected '==', found '='";
    size_t n = sizeof buf - 2;
    uint8_t *alone = runtime_malloc(n);
    memcpy(alone, buf, n);
    const uint8_t *ins[] = { (const uint8_t *)buf, alone };
    for (size_t i = 0; i < 2; i++) {
        go_value *vals = NULL;
        size_t nvals = 0;
        go_error *err = fuzz_unmarshalCorpusFile(ins[i], n, &vals, &nvals);
        if (err == NULL) {
            t_errorf(t, "unmarshal of %zu bytes: got %zu values, want error %s", n, nvals, want);
            fuzz_freeValues(vals, nvals);
        } else if (strcmp(go_error_Error(err), want) != 0) {
            t_errorf(t, "unmarshal of %zu bytes:\ngot  %s\nwant %s", n, go_error_Error(err), want);
        }
        go_error_free(err);
    }
    free(alone);
}

// TestCorpusNote reads the //ctest:sanitize note of corpus files (ctest's
// own): after the first value only, never inside a literal or a comment
// that the line has not closed, and always skipped by the decoder, which
// reads each noted file as the values it holds.
void TestCorpusNote(T *t) {
    static const struct {
        const char *file;
        const char *note; // NULL: none
        size_t nvals;     // the values it holds (0: not a corpus file)
    } tests[] = {
        { "go test fuzz v1\n[]byte(\"ab\") //ctest:sanitize address\n", "address", 1 },
        { "go test fuzz v1\n[]byte(\"ab\")\t//ctest:sanitize  address,undefined  \nint(1)\n",
          "address,undefined", 2 },
        { "go test fuzz v1\r\n\n  int(1) //ctest:sanitize leak\r\n", "leak", 1 },
        { "go test fuzz v1\n[]byte(\"ab\")\n", NULL, 1 },
        // Only the first value's line carries it.
        { "go test fuzz v1\nint(1)\nint(2) //ctest:sanitize address\n", NULL, 2 },
        // Inside a string the mark is text, and the line ends after it.
        { "go test fuzz v1\nstring(\"x //ctest:sanitize address\")\n", NULL, 1 },
        { "go test fuzz v1\nstring(\"x\") // //ctest:sanitize thread\n", "thread", 1 },
        { "go test fuzz v1\nint(1) /* //ctest:sanitize address */\n", NULL, 1 },
        // A comment that starts one '/' earlier holds the mark as text.
        { "go test fuzz v1\n[]byte(\"//ctest:sanitize x\") ///ctest:sanitize a\n", NULL, 1 },
        // A mark without a blank, names or with other words is none.
        { "go test fuzz v1\nint(1) //ctest:sanitizeaddress\n", NULL, 1 },
        { "go test fuzz v1\nint(1) //ctest:sanitize\n", NULL, 1 },
        { "go test fuzz v1\nint(1) //ctest:sanitize Address\n", NULL, 1 },
        { "go test fuzz v1\nint(1) //ctest:sanitize address please\n", NULL, 1 },
        { "//ctest:sanitize address\n", NULL, 0 },
        { "go test fuzz v1\n", NULL, 0 },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        const uint8_t *data = (const uint8_t *)tests[i].file;
        size_t len = strlen(tests[i].file);
        char *got = fuzz_corpusNote(data, len);
        if ((got == NULL) != (tests[i].note == NULL) ||
            (got != NULL && strcmp(got, tests[i].note) != 0)) {
            t_errorf(t, "fuzz_corpusNote(%s) = %s, want %s", tests[i].file, got ? got : "NULL",
                     tests[i].note ? tests[i].note : "NULL");
        }
        free(got);
        if (tests[i].nvals == 0) {
            continue;
        }
        go_value *vals = NULL;
        size_t n = 0;
        go_error *err = fuzz_unmarshalCorpusFile(data, len, &vals, &n);
        if (err != NULL || n != tests[i].nvals) {
            t_errorf(t, "unmarshal(%s): %zu values, error %s; want %zu values", tests[i].file, n,
                     err ? go_error_Error(err) : "<nil>", tests[i].nvals);
        }
        go_error_free(err);
        fuzz_freeValues(vals, n);
    }
}

// TestSetCorpusNote writes notes: after the first value, in place of the
// one there, the rest of the file as it was; a file with no value gets
// none.
void TestSetCorpusNote(T *t) {
    static const struct {
        const char *in, *names, *want; // want NULL: no note can be set
    } tests[] = {
        { "go test fuzz v1\n[]byte(\"ab\")\n", "address",
          "go test fuzz v1\n[]byte(\"ab\") //ctest:sanitize address\n" },
        { "go test fuzz v1\nint(1)\nint(2)\n", "address,undefined",
          "go test fuzz v1\nint(1) //ctest:sanitize address,undefined\nint(2)\n" },
        { "go test fuzz v1\nint(1)  //ctest:sanitize undefined\r\nint(2)", "address",
          "go test fuzz v1\nint(1) //ctest:sanitize address\r\nint(2)" },
        { "go test fuzz v1\n\nint(1)", "thread",
          "go test fuzz v1\n\nint(1) //ctest:sanitize thread" },
        { "go test fuzz v1\n[]byte(\"//ctest:sanitize x\") ///ctest:sanitize a\n", "address",
          "go test fuzz v1\n[]byte(\"//ctest:sanitize x\") ///ctest:sanitize a //ctest:sanitize "
          "address\n" },
        { "go test fuzz v1\n  \n", "address", NULL },
        { "int(1)\n", "address", NULL },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        uint8_t *out = NULL;
        size_t n = 0;
        bool ok = fuzz_setCorpusNote((const uint8_t *)tests[i].in, strlen(tests[i].in),
                                     tests[i].names, &out, &n);
        if (ok != (tests[i].want != NULL)) {
            t_errorf(t, "fuzz_setCorpusNote(%s, %s) = %d, want %d", tests[i].in, tests[i].names, ok,
                     tests[i].want != NULL);
        } else if (ok && (n != strlen(tests[i].want) || memcmp(out, tests[i].want, n) != 0)) {
            t_errorf(t, "fuzz_setCorpusNote(%s, %s):\ngot  %.*s\nwant %s", tests[i].in,
                     tests[i].names, (int)n, (const char *)out, tests[i].want);
        }
        if (ok) {
            char *note = fuzz_corpusNote(out, n);
            if (note == NULL || strcmp(note, tests[i].names) != 0) {
                t_errorf(t, "the note written to %s reads back as %s", tests[i].in,
                         note ? note : "NULL");
            }
            free(note);
        }
        free(out);
    }
}
