// classify.c: the code corpus_e2e.sh's inputs cover, one case each by
// their first byte, so that inputs of one first byte cover the same (but
// for a condition that no branch tests, after 'a').
#include "classify.h"

int classify(const uint8_t *p, size_t n) {
    if (n == 0) {
        return 0;
    }
    switch (p[0]) {
    case 'q':
        return 1;
    case 'r':
        return 2;
    case 'x':
        return 3;
    case 'y':
        return 4;
    case 'z':
        return 5;
    case 'a':
        // The last condition's value is added, not branched on: "aa" and
        // "ab" take the same edges, while llvm-cov counts its false and
        // its true.
        return 7 + (n > 1 && p[1] == 'b');
    default:
        return 6;
    }
}
