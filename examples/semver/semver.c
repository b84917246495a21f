#include "semver.h"

#include <string.h>

// isIdent reports whether c may be in an identifier.
static bool isIdent(char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-';
}

// number reads a number without leading zeros at *s, advancing *s; false
// if there is none.
static bool number(const char **s) {
    const char *p = *s;
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9')) {
        return false;
    }
    while (*p >= '0' && *p <= '9') {
        p++;
    }
    *s = p;
    return true;
}

// identLen is the length of the identifier at s.
static size_t identLen(const char *s) {
    size_t n = 0;
    while (isIdent(s[n])) {
        n++;
    }
    return n;
}

// isNumeric reports whether the n bytes at s are all digits.
static bool isNumeric(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
    }
    return true;
}

// idents reads dot-separated identifiers at *s, advancing *s; a numeric
// one (pre-release only) has no leading zero.
static bool idents(const char **s, bool pre) {
    const char *p = *s;
    for (;;) {
        size_t n = identLen(p);
        if (n == 0 || (pre && n > 1 && p[0] == '0' && isNumeric(p, n))) {
            return false;
        }
        p += n;
        if (*p != '.') {
            break;
        }
        p++;
    }
    *s = p;
    return true;
}

bool semver_valid(const char *s) {
    if (!number(&s) || *s++ != '.' || !number(&s) || *s++ != '.' || !number(&s)) {
        return false;
    }
    if (*s == '-' && (s++, !idents(&s, true))) {
        return false;
    }
    if (*s == '+' && (s++, !idents(&s, false))) {
        return false;
    }
    return *s == '\0';
}

// compareNumbers orders the numbers of na and nb digits at a and b, which
// have no leading zeros: the longer is the larger.
static int compareNumbers(const char *a, size_t na, const char *b, size_t nb) {
    if (na != nb) {
        return na < nb ? -1 : 1;
    }
    int c = memcmp(a, b, na);
    return (c > 0) - (c < 0);
}

// compareIdent orders one pre-release identifier of each version.
static int compareIdent(const char *a, size_t na, const char *b, size_t nb) {
    bool numA = isNumeric(a, na), numB = isNumeric(b, nb);
    if (numA && numB) {
        return compareNumbers(a, na, b, nb);
    }
    if (numA) {
        return -1; // a numeric identifier is below an alphanumeric one
    }
    // The planted bug: the case of b numeric and a not is missing, and
    // the bytes decide, which puts "-" (below the digits) under "1".
    size_t n = na < nb ? na : nb;
    int c = memcmp(a, b, n);
    if (c != 0) {
        return (c > 0) - (c < 0);
    }
    return na == nb ? 0 : na < nb ? -1 : 1;
}

// comparePre orders the pre-releases at a and b (each after its '-', or
// at its end or '+' when there is none).
static int comparePre(const char *a, const char *b) {
    bool hasA = *a == '-', hasB = *b == '-';
    if (!hasA || !hasB) {
        return hasA == hasB ? 0 : hasA ? -1 : 1; // a release is above
    }
    a++, b++;
    for (;;) {
        size_t na = identLen(a), nb = identLen(b);
        int c = compareIdent(a, na, b, nb);
        if (c != 0) {
            return c;
        }
        a += na, b += nb;
        bool moreA = *a == '.', moreB = *b == '.';
        if (!moreA || !moreB) {
            return moreA == moreB ? 0 : moreA ? 1 : -1; // more fields are above
        }
        a++, b++;
    }
}

int semver_compare(const char *a, const char *b) {
    for (int i = 0; i < 3; i++) {
        const char *ea = a, *eb = b;
        number(&ea);
        number(&eb);
        int c = compareNumbers(a, (size_t)(ea - a), b, (size_t)(eb - b));
        if (c != 0) {
            return c;
        }
        a = ea + (i < 2), b = eb + (i < 2);
    }
    return comparePre(a, b);
}
