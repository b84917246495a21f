// time_internal.h: names shared by time_duration.c and its lexer,
// time_duration_lex.re (Go's package scope for time/format.go). Not for
// other packages; std.h has time's exported API.
#ifndef CTEST_INTERNAL_STD_TIME_INTERNAL_H
#define CTEST_INTERNAL_STD_TIME_INTERNAL_H

#include <stdint.h>

// durationToken is what time_durationLex found at the cursor: the pieces of
// ParseDuration's grammar [-+]?([0-9]*(\.[0-9]*)?[a-z]+)+.
typedef enum durationToken {
    durationEOF,     // the end of the input
    durationDigits,  // [0-9]+
    durationDot,     // "."
    durationUnit,    // a known unit; *unit is its size in nanoseconds
    durationBadUnit, // a run of other bytes that is no unit (Go: not in unitMap)
} durationToken;

// time_durationLex scans one token at *cursor (before limit) and advances
// *cursor past it. A unit is the longest run of bytes other than [0-9.], as
// ParseDuration's "Consume unit" loop takes it, then looked up in unitMap.
// *limit must be 0: re2c's end-of-input rule reads the byte at limit (its
// sentinel) before it checks the limit, and reads on past it otherwise.
durationToken time_durationLex(const char **cursor, const char *limit, uint64_t *unit);

#endif // CTEST_INTERNAL_STD_TIME_INTERNAL_H
