// Ports go1.19.8 src/unicode/graphic.go IsSpace, with the White_Space table
// of src/unicode/tables.go (Unicode 13.0.0) and letter.go's lookup in it.
//
#include "internal/std/std.h"

// range16 is unicode.Range16: lo, lo+stride, ... up to hi.
typedef struct range16 {
    uint16_t lo, hi, stride;
} range16;

// whiteSpace is the White_Space property past Latin-1 (Go's table from its
// LatinOffset on): IsSpace answers for Latin-1 without it.
static const range16 whiteSpace[] = {
    { 0x1680, 0x1680, 1 },  { 0x2000, 0x200a, 1 }, { 0x2028, 0x2029, 1 },
    { 0x202f, 0x205f, 48 }, { 0x3000, 0x3000, 1 },
};

bool unicode_IsSpace(int32_t r) {
    // As a uint32, a negative rune is past every table.
    uint32_t u = (uint32_t)r;
    if (u <= 0xFF) {
        // Not the same set as the Z category: the controls are in, and of
        // the Latin-1 separators only NBSP.
        switch (u) {
        case '\t':
        case '\n':
        case '\v':
        case '\f':
        case '\r':
        case ' ':
        case 0x85:
        case 0xA0:
            return true;
        default:
            return false;
        }
    }
    for (size_t i = 0; i < sizeof whiteSpace / sizeof whiteSpace[0]; i++) {
        const range16 *rg = &whiteSpace[i];
        if (u < rg->lo) {
            return false; // the table is sorted
        }
        if (u <= rg->hi) {
            return (u - rg->lo) % rg->stride == 0;
        }
    }
    return false;
}
