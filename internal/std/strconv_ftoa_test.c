// Ports go1.19.8 src/strconv/ftoa_test.go: ftoatests and random rows with
// the text Go's FormatFloat returned (golden/vectors/strconv/ftoa.txt,
// shortest.txt).
//
// Not ported: TestFormatFloatInvalidBitSize (go_panic unwinds the test;
// the panic text is Go's, see strconv_ftoa.c).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "internal/std/strconv_test.h"
#include "testing/testing.h"

// testFtoa checks the rows of ftoa.txt from table.
static void testFtoa(T *t, const char *table) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "ftoa.txt");
    int rows = 0;
    while (strconv_vecNext(t, &v, 6)) {
        if (strcmp(v.field[0], table) != 0) {
            continue;
        }
        rows++;
        double f = strconv_bits64(t, v.field[1]);
        int bitSize = atoi(v.field[2]);
        char fmt = v.field[3][0];
        int prec = atoi(v.field[4]);
        char *got = strconv_FormatFloat(f, fmt, prec, bitSize);
        if (strcmp(got, v.field[5]) != 0) {
            t_errorf(t, "%s:%d (%s): testN=%d %s %c %d: got %s, want %s", v.name, v.lineno, table,
                     bitSize, v.field[1], fmt, prec, got, v.field[5]);
        }
        free(got);
    }
    strconv_vecClose(&v);
    if (rows == 0) {
        t_errorf(t, "ftoa.txt: no rows for %s", table);
    }
}

// Ports TestFtoa: ftoatests at bitSize 64, and 32 where the value is a
// float32, then random bits in random formats and precisions.
void TestFtoa(T *t) {
    testFtoa(t, "ftoatests");
    testFtoa(t, "roundTripCases");
    testFtoa(t, "bulk");
}

void TestFtoaPowersOfTwo(T *t) {
    for (int exp = -2048; exp <= 2048; exp++) {
        double f = ldexp(1, exp);
        if (!isinf(f)) {
            char *s = strconv_FormatFloat(f, 'e', -1, 64);
            double x = 0;
            go_error_free(strconv_ParseFloat(s, strlen(s), 64, &x));
            if (x != f) {
                t_errorf(t, "failed roundtrip %a => %s => %a", f, s, x);
            }
            free(s);
        }
        float f32 = (float)f;
        if (!isinf(f32)) {
            char *s = strconv_FormatFloat(f32, 'e', -1, 32);
            double x = 0;
            go_error_free(strconv_ParseFloat(s, strlen(s), 32, &x));
            if ((float)x != f32) {
                t_errorf(t, "failed roundtrip %a => %s => %a", (double)f32, s, x);
            }
            free(s);
        }
    }
}

// Ports TestFtoaRandom: Go's shortest texts of random float64 and float32
// bits (subnormals, powers of two, NaNs and infinities among them) in 'g',
// 'e' and 'f', and fmt's %v of the same value, which is 'g' with -1.
void TestFtoaRandom(T *t) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "shortest.txt");
    while (strconv_vecNext(t, &v, 9)) {
        double f = strconv_bits64(t, v.field[1]);
        int bitSize = atoi(v.field[2]);
        static const struct {
            int col;
            char fmt;
            const char *what;
        } cols[] = { { 3, 'g', "'g'" }, { 4, 'g', "%v" }, { 5, 'e', "'e'" }, { 6, 'f', "'f'" } };
        for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
            char *got = strconv_FormatFloat(f, cols[i].fmt, -1, bitSize);
            if (strcmp(got, v.field[cols[i].col]) != 0) {
                t_errorf(t, "%s:%d: %s of %s (bitSize %d): got %s, want %s", v.name, v.lineno,
                         cols[i].what, v.field[1], bitSize, got, v.field[cols[i].col]);
            }
            free(got);
        }
    }
    strconv_vecClose(&v);
}

// Ports TestRoundTrip32 (with its -short step): a fraction of all finite
// float32 values read back from their shortest text.
void TestRoundTrip32(T *t) {
    uint32_t step = 99991;
    int count = 0;
    for (uint32_t i = 0; i < (uint32_t)0xff << 23; i += step) {
        float f;
        memcpy(&f, &i, sizeof f);
        if (i & 1) {
            f = -f; // negative
        }
        char *s = strconv_FormatFloat(f, 'g', -1, 32);
        double parsed = 0;
        go_error *err = strconv_ParseFloat(s, strlen(s), 32, &parsed);
        float parsed32 = (float)parsed;
        if (err != NULL) {
            t_errorf(t, "ParseFloat(%s, 32) gave error %s", s, go_error_Error(err));
        } else if ((double)parsed32 != parsed) {
            t_errorf(t, "ParseFloat(%s, 32) = %a, not a float32 (nearest is %a)", s, parsed,
                     (double)parsed32);
        } else if (parsed32 != f) {
            t_errorf(t, "ParseFloat(%s, 32) = %a (expected %a)", s, (double)parsed32, (double)f);
        }
        go_error_free(err);
        free(s);
        count++;
    }
    t_logf(t, "tested %d float32's", count);
}
