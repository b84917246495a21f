// target.c: many branches (see target.h).
#include "target.h"

// Each case is an empty asm statement whose text (a comment naming the
// position and the case) is its own, so that the compiler can neither
// merge two cases nor turn the switch into a lookup table: every case
// keeps its block, and its edge counter. A store of a distinct constant
// in each case did not: the switch became a table of the constants.
#define CASE(p, n)                                                                                 \
    case (n):                                                                                      \
        __asm__ volatile("/* " #p " " #n " */");                                                   \
        break;
#define C4(p, n) CASE(p, n) CASE(p, (n) + 1) CASE(p, (n) + 2) CASE(p, (n) + 3)
#define C16(p, n) C4(p, n) C4(p, (n) + 4) C4(p, (n) + 8) C4(p, (n) + 12)
#define C64(p, n) C16(p, n) C16(p, (n) + 16) C16(p, (n) + 32) C16(p, (n) + 48)
#define POSITION(p)                                                                                \
    static void position##p(uint8_t b) {                                                           \
        switch (b) { C64(p, 0) C64(p, 64) C64(p, 128) C64(p, 192) }                                \
    }
#define P4(p) POSITION(p##0) POSITION(p##1) POSITION(p##2) POSITION(p##3)
#define P16(p) P4(p##0) P4(p##1) P4(p##2) P4(p##3)

// position000 ... position333: the 64 positions, named by their index in
// base 4 (in the asm comments).
P16(0)
P16(1)
P16(2)
P16(3)

#define ADDR4(p) position##p##0, position##p##1, position##p##2, position##p##3
#define ADDR16(p) ADDR4(p##0), ADDR4(p##1), ADDR4(p##2), ADDR4(p##3)

static void (*const positions[BRANCHES_POSITIONS])(uint8_t) = {
    ADDR16(0),
    ADDR16(1),
    ADDR16(2),
    ADDR16(3),
};

void branches_target(const uint8_t *data, size_t len) {
    for (size_t i = 0; i < len && i < BRANCHES_POSITIONS; i++) {
        positions[i](data[i]);
    }
}
