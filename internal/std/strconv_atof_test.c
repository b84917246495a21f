// Ports go1.19.8 src/strconv/atof_test.go and atob_test.go: Go's tables with
// the results Go returned for each row (golden/vectors/strconv/atof.txt,
// shortest.txt, atob.txt).
//
// Not ported: TestParseFloatPrefix (std.h has no ParseFloatPrefix; its
// suffixed inputs are bulk rows of TestParseFloatSyntax, where ParseFloat
// rejects them), TestAtofSlow (one conversion path here).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "internal/std/strconv_test.h"
#include "testing/testing.h"

static bool sameBits(double a, double b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

// testAtof checks the rows of atof.txt from table: the error text and, when
// Go returned no error or a range error, the bits of the result.
static void testAtof(T *t, const char *table) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "atof.txt");
    int rows = 0;
    while (strconv_vecNext(t, &v, 5)) {
        if (strcmp(v.field[0], table) != 0) {
            continue;
        }
        rows++;
        size_t n;
        char *in = strconv_unhex(t, v.field[1], &n);
        int bitSize = atoi(v.field[2]);
        double want = strconv_bits64(t, v.field[3]);
        const char *wantErr = v.field[4];
        double got = 0;
        go_error *err = strconv_ParseFloat(in, n, bitSize, &got);
        char *qin = strconv_Quote(in, n);
        bool wantValue = *wantErr == '\0' || strstr(wantErr, "value out of range") != NULL;
        bool nan = isnan(want) && isnan(got);
        if (strcmp(strconv_errText(err), wantErr) != 0) {
            t_errorf(t, "%s:%d (%s): ParseFloat(%s, %d): got error %s, want %s", v.name, v.lineno,
                     table, qin, bitSize, strconv_errText(err), wantErr);
        } else if (wantValue && !nan && !sameBits(got, want)) {
            char *g = strconv_FormatFloat(got, 'b', -1, 64);
            char *w = strconv_FormatFloat(want, 'b', -1, 64);
            t_errorf(t, "%s:%d (%s): ParseFloat(%s, %d) = %s, want %s", v.name, v.lineno, table,
                     qin, bitSize, g, w);
            free(g);
            free(w);
        }
        if (err != NULL) {
            bool range = strstr(wantErr, ": value out of range") != NULL;
            if (strconv_IsErrRange(err) != range || strconv_IsErrSyntax(err) == range) {
                t_errorf(t, "ParseFloat(%s): IsErrRange %d, IsErrSyntax %d, want %d, %d", qin,
                         strconv_IsErrRange(err), strconv_IsErrSyntax(err), range, !range);
            }
        }
        free(qin);
        free(in);
        go_error_free(err);
    }
    strconv_vecClose(&v);
    if (rows == 0) {
        t_errorf(t, "atof.txt: no rows for %s", table);
    }
}

// Ports TestAtof: atoftests at bitSize 64 and 32, then atof32tests.
void TestAtof(T *t) {
    testAtof(t, "atoftests");
    testAtof(t, "atof32tests");
}

// Ports TestAtofRandom: Go's shortest text of random float64 and float32
// bits (shortest.txt) reads back as the same bits, as in Go.
void TestAtofRandom(T *t) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "shortest.txt");
    int rows = 0;
    while (strconv_vecNext(t, &v, 9)) {
        rows++;
        int bitSize = atoi(v.field[2]);
        const char *s = v.field[3];
        double want = strconv_bits64(t, v.field[7]);
        double got = 0;
        go_error *err = strconv_ParseFloat(s, strlen(s), bitSize, &got);
        if (strcmp(strconv_errText(err), v.field[8]) != 0) {
            t_errorf(t, "%s:%d: ParseFloat(%s, %d): got error %s, want %s", v.name, v.lineno, s,
                     bitSize, strconv_errText(err), v.field[8]);
        } else if (!(isnan(got) && isnan(want)) && !sameBits(got, want)) {
            t_errorf(t, "%s:%d: number %s badly parsed as %a (expected %a)", v.name, v.lineno, s,
                     got, want);
        }
        go_error_free(err);
    }
    strconv_vecClose(&v);
    if (rows < 4000) {
        t_errorf(t, "shortest.txt: got %d rows, want at least 4000", rows);
    }
}

void TestRoundTrip(T *t) {
    testAtof(t, "roundTripCases");
}

// Issue 42297: bitSize values other than 32 and 64 read as 64.
void TestParseFloatIncorrectBitSize(T *t) {
    testAtof(t, "incorrectBitSize");
}

// TestParseFloatSyntax has no Go twin: Go's results for syntax corners
// (underscores, base prefixes, hex floats, specials, suffixes, overflow and
// underflow) and random texts in 'e', 'f' and 'x' formats.
void TestParseFloatSyntax(T *t) {
    testAtof(t, "bulk");
}

void TestParseBool(T *t) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "atob.txt");
    while (strconv_vecNext(t, &v, 4)) {
        size_t n;
        char *in = strconv_unhex(t, v.field[1], &n);
        bool want = strcmp(v.field[2], "true") == 0;
        bool got = false;
        go_error *err = strconv_ParseBool(in, n, &got);
        if (strcmp(strconv_errText(err), v.field[3]) != 0) {
            t_errorf(t, "ParseBool(%s): got error %s, want %s", in, strconv_errText(err),
                     v.field[3]);
        } else if (err == NULL && got != want) {
            t_errorf(t, "ParseBool(%s): got %d, want %d", in, got, want);
        } else if (err != NULL && !strconv_IsErrSyntax(err)) {
            t_errorf(t, "ParseBool(%s): got error %s, want ErrSyntax", in, strconv_errText(err));
        }
        free(in);
        go_error_free(err);
    }
    strconv_vecClose(&v);
}
