// Ports go1.19.8 src/strconv/quote_test.go: TestIsPrint, TestQuote,
// TestQuoteToASCII, TestQuoteRune, TestUnquote, TestUnquoteInvalidUTF8, over
// Go's tables and bulk rows as Go printed them (golden/vectors/strconv).
//
// Not ported: TestIsGraphic, TestQuoteToGraphic, TestQuoteRuneToASCII,
// TestQuoteRuneToGraphic, TestCanBackquote (std.h has no IsGraphic,
// QuoteToGraphic, QuoteRuneToASCII, QuoteRuneToGraphic or CanBackquote).
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "internal/std/strconv_test.h"
#include "testing/testing.h"

// Ports TestIsPrint: Go compares IsPrint with unicode.IsPrint for every
// rune; here the rows are Go's IsPrint on both sides of each of its edges
// and at random runes.
void TestIsPrint(T *t) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "isprint.txt");
    int rows = 0;
    while (strconv_vecNext(t, &v, 3)) {
        int32_t r = (int32_t)strtol(v.field[1], NULL, 10);
        bool want = strcmp(v.field[2], "true") == 0;
        if (strconv_IsPrint(r) != want) {
            t_errorf(t, "IsPrint(0x%" PRIx32 "): got %d, want %d", (uint32_t)r, !want, want);
        }
        rows++;
    }
    strconv_vecClose(&v);
    if (rows < 1000) {
        t_errorf(t, "isprint.txt: got %d rows, want at least 1000", rows);
    }
}

// testQuoteColumn checks Quote (column 2) or QuoteToASCII (column 3) of
// every row of quote.txt.
static void testQuoteColumn(T *t, bool ascii) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "quote.txt");
    while (strconv_vecNext(t, &v, 4)) {
        size_t n, wn;
        char *in = strconv_unhex(t, v.field[1], &n);
        char *want = strconv_unhex(t, v.field[ascii ? 3 : 2], &wn);
        char *got = ascii ? strconv_QuoteToASCII(in, n) : strconv_Quote(in, n);
        if (strlen(got) != wn || memcmp(got, want, wn) != 0) {
            t_errorf(t, "%s:%d (%s): %s(%s) = %s, want %s", v.name, v.lineno, v.field[0],
                     ascii ? "QuoteToASCII" : "Quote", v.field[1], got, want);
        }
        free(in);
        free(want);
        free(got);
    }
    strconv_vecClose(&v);
}

void TestQuote(T *t) {
    testQuoteColumn(t, false);
}

void TestQuoteToASCII(T *t) {
    testQuoteColumn(t, true);
}

void TestQuoteRune(T *t) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "quoterune.txt");
    while (strconv_vecNext(t, &v, 3)) {
        int32_t r = (int32_t)strtol(v.field[1], NULL, 10);
        size_t wn;
        char *want = strconv_unhex(t, v.field[2], &wn);
        char *got = strconv_QuoteRune(r);
        if (strlen(got) != wn || memcmp(got, want, wn) != 0) {
            t_errorf(t, "%s:%d (%s): QuoteRune(%" PRId32 ") = %s, want %s", v.name, v.lineno,
                     v.field[0], r, got, want);
        }
        free(want);
        free(got);
    }
    strconv_vecClose(&v);
}

// testUnquote checks Unquote on the rows of unquote.txt whose table is
// table (NULL: every row); Go's testUnquote.
static void testUnquote(T *t, const char *table) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "unquote.txt");
    int rows = 0;
    while (strconv_vecNext(t, &v, 4)) {
        if (table != NULL && strcmp(v.field[0], table) != 0) {
            continue;
        }
        rows++;
        size_t n, wn;
        char *in = strconv_unhex(t, v.field[1], &n);
        char *want = strconv_unhex(t, v.field[2], &wn);
        const char *wantErr = v.field[3];
        char *got = NULL;
        size_t gotn = 0;
        go_error *err = strconv_Unquote(in, n, &got, &gotn);
        char *qin = strconv_Quote(in, n);
        if (strcmp(strconv_errText(err), wantErr) != 0) {
            t_errorf(t, "%s:%d (%s): Unquote(%s): got error %s, want %s", v.name, v.lineno,
                     v.field[0], qin, strconv_errText(err), wantErr);
        } else if (err != NULL && !strconv_IsErrSyntax(err)) {
            t_errorf(t, "Unquote(%s): got error %s, want ErrSyntax", qin, strconv_errText(err));
        } else if (err == NULL && (gotn != wn || memcmp(got, want, wn) != 0)) {
            char *qgot = strconv_Quote(got, gotn), *qwant = strconv_Quote(want, wn);
            t_errorf(t, "%s:%d (%s): Unquote(%s) = %s, want %s", v.name, v.lineno, v.field[0], qin,
                     qgot, qwant);
            free(qgot);
            free(qwant);
        }
        free(qin);
        free(in);
        free(want);
        free(got);
        go_error_free(err);
    }
    strconv_vecClose(&v);
    if (rows == 0) {
        t_errorf(t, "unquote.txt: no rows for %s", table ? table : "(all)");
    }
}

// Ports TestUnquote: unquotetests, quotetests backwards, misquoted; then
// the bulk rows (Quote and QuoteToASCII of random strings, those strings
// between each kind of quote, QuoteRune of edge runes).
void TestUnquote(T *t) {
    static const char *const tables[] = { "unquotetests", "quotetests", "misquoted",
                                          "bulkquoted",   "bulkascii",  "bulkdouble",
                                          "bulkback",     "bulksingle", "bulkrune" };
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        testUnquote(t, tables[i]);
    }
}

// Issue 23685: invalid UTF-8 should not go through the fast path.
void TestUnquoteInvalidUTF8(T *t) {
    testUnquote(t, "invalidutf8");
}

// TestUnquoteChar has no Go twin: it checks UnquoteChar's value, multibyte,
// tail and error against Go's for escapes and bulk strings under each quote.
void TestUnquoteChar(T *t) {
    strconv_vecFile v;
    strconv_vecOpen(t, &v, "unquotechar.txt");
    while (strconv_vecNext(t, &v, 7)) {
        size_t n;
        char *in = strconv_unhex(t, v.field[1], &n);
        char quote = (char)atoi(v.field[2]);
        int32_t wantValue = (int32_t)strtol(v.field[3], NULL, 10);
        bool wantMB = strcmp(v.field[4], "true") == 0;
        size_t wantUsed = (size_t)strtoul(v.field[5], NULL, 10);
        const char *wantErr = v.field[6];
        int32_t value = 0;
        bool mb = false;
        size_t used = 0;
        go_error *err = strconv_UnquoteChar(in, n, quote, &value, &mb, &used);
        char *qin = strconv_Quote(in, n);
        if (strcmp(strconv_errText(err), wantErr) != 0) {
            t_errorf(t, "%s:%d: UnquoteChar(%s, %d): got error %s, want %s", v.name, v.lineno, qin,
                     quote, strconv_errText(err), wantErr);
        } else if (err == NULL && (value != wantValue || mb != wantMB || used != wantUsed)) {
            t_errorf(t,
                     "%s:%d: UnquoteChar(%s, %d) = %" PRId32 ", %d, tail at %zu, want %" PRId32
                     ", %d, tail at %zu",
                     v.name, v.lineno, qin, quote, value, mb, used, wantValue, wantMB, wantUsed);
        }
        free(qin);
        free(in);
        go_error_free(err);
    }
    strconv_vecClose(&v);
}
