// semver.h: semantic versions ("1.4.2-rc.1+build.5", semver.org 2.0.0)
// as C strings, the C-string example package of ctest: its functions take
// NUL-terminated strings, and its fuzz tests take them too (C_STRING).
//
// semver_valid says whether a string is a version; semver_compare orders
// two of them by precedence: the numbers, then the pre-release, which
// comes before the release ("1.0.0-rc.1" < "1.0.0"), its dot-separated
// identifiers compared one by one, numeric ones as numbers and below
// alphanumeric ones; build metadata ("+...") is ignored.
#ifndef CTEST_EXAMPLES_SEMVER_H
#define CTEST_EXAMPLES_SEMVER_H

#include <stdbool.h>

// semver_valid reports whether s is a version: three numbers without
// leading zeros, an optional "-" pre-release and "+" build metadata of
// dot-separated, non-empty identifiers of [0-9A-Za-z-].
bool semver_valid(const char *s);

// semver_compare returns -1, 0 or 1 as a's precedence is below, equal to
// or above b's. Both must be valid.
int semver_compare(const char *a, const char *b);

#endif // CTEST_EXAMPLES_SEMVER_H
