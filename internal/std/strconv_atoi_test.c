// Ports go1.19.8 src/strconv/atoi_test.go and itoa_test.go: Go's tables with
// the results Go returned for each row (golden/vectors/strconv/atoi.txt,
// itoa.txt), plus seeded random rows.
//
// Not ported: TestParseUint, TestParseInt, TestAtoi (std.h has no Atoi;
// IntSize is 64, so their rows are those of the 64-bit tests),
// TestNumErrorUnwrap (errors.Is on ErrSyntax is strconv_IsErrSyntax, checked
// on every error row), TestFormatUintVarlen (covered by the random rows).
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "internal/std/strconv_internal.h"
#include "internal/std/strconv_test.h"
#include "testing/testing.h"

// testParse checks the rows of atoi.txt from table (NULL: every row), as
// Go's tests do: the error text, and the value when Go returned no error
// or a range error (Go's value then is the clamped one).
static void testParse(T *t, const char *table) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "atoi.txt");
    int rows = 0;
    while (strconv_vecNext(t, &v, 7)) {
        if (table != NULL && strcmp(v.field[0], table) != 0) {
            continue;
        }
        if (strcmp(v.field[1], "ParseFloat") == 0) {
            continue; // numErrorTests
        }
        rows++;
        size_t n;
        char *in = strconv_unhex(t, v.field[2], &n);
        int base = atoi(v.field[3]), bitSize = atoi(v.field[4]);
        const char *wantErr = v.field[6];
        bool isInt = strcmp(v.field[1], "ParseInt") == 0;
        int64_t i = 0;
        uint64_t u = 0;
        go_error *err = isInt ? strconv_ParseInt(in, n, base, bitSize, &i)
                              : strconv_ParseUint(in, n, base, bitSize, &u);
        char *got = isInt ? strconv_FormatInt(i, 10) : strconv_FormatUint(u, 10);
        char *qin = strconv_Quote(in, n);
        bool wantValue = *wantErr == '\0' || strstr(wantErr, "value out of range") != NULL;
        if (strcmp(strconv_errText(err), wantErr) != 0) {
            t_errorf(t, "%s:%d (%s): %s(%s, %d, %d): got error %s, want %s", v.name, v.lineno,
                     v.field[0], v.field[1], qin, base, bitSize, strconv_errText(err), wantErr);
        } else if (wantValue && strcmp(got, v.field[5]) != 0) {
            t_errorf(t, "%s:%d (%s): %s(%s, %d, %d) = %s, want %s", v.name, v.lineno, v.field[0],
                     v.field[1], qin, base, bitSize, got, v.field[5]);
        }
        if (err != NULL) {
            bool syntax = strstr(wantErr, ": invalid syntax") != NULL;
            bool range = strstr(wantErr, ": value out of range") != NULL;
            if (strconv_IsErrSyntax(err) != syntax || strconv_IsErrRange(err) != range) {
                t_errorf(t, "%s(%s): IsErrSyntax %d, IsErrRange %d, want %d, %d", v.field[1], qin,
                         strconv_IsErrSyntax(err), strconv_IsErrRange(err), syntax, range);
            }
        }
        free(qin);
        free(got);
        free(in);
        go_error_free(err);
    }
    strconv_vecClose(&v);
    if (rows == 0) {
        t_errorf(t, "atoi.txt: no rows for %s", table ? table : "(all)");
    }
}

void TestParseUint32(T *t) {
    testParse(t, "parseUint32Tests");
}

void TestParseUint64(T *t) {
    testParse(t, "parseUint64Tests");
}

void TestParseUint64Base(T *t) {
    testParse(t, "parseUint64BaseTests");
}

void TestParseInt32(T *t) {
    testParse(t, "parseInt32Tests");
}

void TestParseInt64(T *t) {
    testParse(t, "parseInt64Tests");
}

void TestParseInt64Base(T *t) {
    testParse(t, "parseInt64BaseTests");
}

// Ports TestParseIntBitSize and TestParseUintBitSize: parseBitSizeTests
// holds the ParseInt and the ParseUint rows.
void TestParseIntBitSize(T *t) {
    testParse(t, "parseBitSizeTests");
}

void TestParseIntBase(T *t) {
    testParse(t, "parseBaseTests");
}

// TestParseIntRandom has no Go twin: seeded random inputs (prefixes, signs,
// underscores, stray letters) under random bases and bit sizes.
void TestParseIntRandom(T *t) {
    testParse(t, "bulk");
}

void TestNumError(T *t) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "atoi.txt");
    while (strconv_vecNext(t, &v, 7)) {
        if (strcmp(v.field[0], "numErrorTests") != 0) {
            continue;
        }
        size_t n;
        char *num = strconv_unhex(t, v.field[2], &n);
        // Go's rows wrap ErrSyntax; they print what Go printed for them.
        go_error *err = strconv_NumError("ParseFloat", num, n, strconv_errSyntax, NULL);
        if (strcmp(go_error_Error(err), v.field[6]) != 0) {
            t_errorf(t, "(%s).Error(): got %s, want %s", v.field[2], go_error_Error(err),
                     v.field[6]);
        }
        free(num);
        go_error_free(err);
    }
    strconv_vecClose(&v);
}

// testFormat checks the rows of itoa.txt from table.
static void testFormat(T *t, const char *table) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "itoa.txt");
    while (strconv_vecNext(t, &v, 5)) {
        if (strcmp(v.field[0], table) != 0) {
            continue;
        }
        int base = atoi(v.field[3]);
        char *got;
        if (strcmp(v.field[1], "FormatInt") == 0) {
            got = strconv_FormatInt(strtoll(v.field[2], NULL, 10), base);
        } else {
            got = strconv_FormatUint(strtoull(v.field[2], NULL, 10), base);
        }
        if (strcmp(got, v.field[4]) != 0) {
            t_errorf(t, "%s:%d: %s(%s, %d) = %s, want %s", v.name, v.lineno, v.field[1], v.field[2],
                     base, got, v.field[4]);
        }
        free(got);
    }
    strconv_vecClose(&v);
}

void TestItoa(T *t) {
    testFormat(t, "itob64tests");
}

void TestUitoa(T *t) {
    testFormat(t, "uitob64tests");
}

// TestItoaRandom has no Go twin: random values in random bases.
void TestItoaRandom(T *t) {
    testFormat(t, "bulk");
}
