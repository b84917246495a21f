// strconv_internal.h: names shared by the strconv_*.c files of internal/std
// (Go's package scope of strconv) and by their tests. Not part of std.h.
#ifndef CTEST_INTERNAL_STD_STRCONV_INTERNAL_H
#define CTEST_INTERNAL_STD_STRCONV_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/std/std.h"

// strconv_runeRange is an inclusive range of runes.
typedef struct strconv_runeRange {
    uint32_t lo, hi;
} strconv_runeRange;

// strconv_isPrintRanges (strconv_isprint.c, generated) lists the runes for
// which Go 1.19's IsPrint is true, sorted.
extern const strconv_runeRange strconv_isPrintRanges[];
extern const size_t strconv_isPrintRangesLen;

// strconv_ErrKind says which error a NumError wraps.
typedef enum strconv_ErrKind {
    strconv_errSyntax, // ErrSyntax: "invalid syntax"
    strconv_errRange,  // ErrRange: "value out of range"
    strconv_errOther,  // baseError, bitSizeError: their own text
} strconv_ErrKind;

// strconv_ErrSyntax returns a new error that is strconv.ErrSyntax.
go_error *strconv_ErrSyntax(void);
// strconv_NumError builds &NumError{fn, num, err}: its text is
// `strconv.<fn>: parsing "<num>": <errText>`, errText as kind implies, or
// other (used only for strconv_errOther).
go_error *strconv_NumError(const char *fn, const char *num, size_t n, strconv_ErrKind kind,
                           const char *other);

// strconv_underscoreOK is atoi.go's underscoreOK: whether the underscores
// in the n bytes at s only separate digits, after an optional sign and base
// prefix. ParseInt, ParseUint (base 0) and ParseFloat share it.
bool strconv_underscoreOK(const char *s, size_t n);

// strconv_lower is atoi.go's lower: c as lower case, for letters only.
static inline unsigned char strconv_lower(unsigned char c) {
    return (unsigned char)(c | ('x' - 'X'));
}

#endif // CTEST_INTERNAL_STD_STRCONV_INTERNAL_H
