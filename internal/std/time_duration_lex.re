// Ports go1.19.8 src/time/format.go: the scanning half of ParseDuration
// (its [0-9]*, "." and unit loops, and unitMap) as an re2c lexer.
//
// re2c fits here: a token is a digit run, a dot or a unit, and the unit rule
// is Go's exactly: the longest run of bytes other than [0-9.], then a lookup
// in unitMap. With the known units listed before the catch-all rule, re2c's
// longest match does both at once ("ms" is a unit, "msx" is not). The
// numbers themselves, with Go's overflow checks, are read in time_duration.c.
//
#include <stdint.h>

#include "internal/std/time_internal.h"

durationToken time_durationLex(const char **cursor, const char *limit, uint64_t *unit) {
    const unsigned char *YYCURSOR = (const unsigned char *)*cursor;
    const unsigned char *YYLIMIT = (const unsigned char *)limit;
    durationToken tok;
    /*!re2c
        re2c:define:YYCTYPE = "unsigned char";
        re2c:yyfill:enable  = 0;
        re2c:eof            = 0;

        // ParseDuration's "[0-9]*" and "(\.[0-9]*)?".
        digits = [0-9]+;
        // The "Consume unit" loop: everything up to the next [0-9.].
        other  = [^0-9.];

        digits              { tok = durationDigits; goto out; }
        "."                 { tok = durationDot; goto out; }
        "ns"                { *unit = UINT64_C(1); tok = durationUnit; goto out; }
        "us"                { *unit = UINT64_C(1000); tok = durationUnit; goto out; }
        "\xc2\xb5s"         { *unit = UINT64_C(1000); tok = durationUnit; goto out; } // U+00B5 micro sign
        "\xce\xbcs"         { *unit = UINT64_C(1000); tok = durationUnit; goto out; } // U+03BC Greek mu
        "ms"                { *unit = UINT64_C(1000000); tok = durationUnit; goto out; }
        "s"                 { *unit = UINT64_C(1000000000); tok = durationUnit; goto out; }
        "m"                 { *unit = UINT64_C(60000000000); tok = durationUnit; goto out; }
        "h"                 { *unit = UINT64_C(3600000000000); tok = durationUnit; goto out; }
        other+              { tok = durationBadUnit; goto out; }
        $                   { return durationEOF; }
    */
out:
    *cursor = (const char *)YYCURSOR;
    return tok;
}
