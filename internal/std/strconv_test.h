// strconv_test.h: reading the Go-generated vector files of
// golden/vectors/strconv (see dump_test.go there) in the strconv tests.
#ifndef CTEST_INTERNAL_STD_STRCONV_TEST_H
#define CTEST_INTERNAL_STD_STRCONV_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "internal/std/std.h"
#include "testing/testing.h"

enum { strconv_vecMaxFields = 16 };

// strconv_vecFile reads one vector file, a row at a time.
typedef struct strconv_vecFile {
    FILE *f;
    const char *name;                  // file name, for messages
    char *line;                        // the current row, split in place
    size_t cap;                        // getline's buffer size
    int lineno;                        // the current row's line number
    char *field[strconv_vecMaxFields]; // the row's tab-separated fields
    size_t nfield;                     // how many
} strconv_vecFile;

// strconv_vecOpen opens golden/vectors/strconv/<name> (tests run from
// internal/std), or fails the test now.
void strconv_vecOpen(T *t, strconv_vecFile *v, const char *name);
// strconv_vecNext reads the next row, skipping comments: false at the end.
// It fails the test now when the row has fewer than min fields.
bool strconv_vecNext(T *t, strconv_vecFile *v, size_t min);
void strconv_vecClose(strconv_vecFile *v);

// strconv_unhex decodes a hex field; the caller frees the result, which is
// NUL-terminated for convenience and *n bytes long.
char *strconv_unhex(T *t, const char *hex, size_t *n);
// strconv_bits64 parses a 16-digit hex field as float64 bits.
double strconv_bits64(T *t, const char *hex);
// strconv_errText is err's text, or "" for nil.
const char *strconv_errText(const go_error *err);

#endif // CTEST_INTERNAL_STD_STRCONV_TEST_H
