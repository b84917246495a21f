// target.h: a two-argument target, (string, int64), failing on one exact
// integer and a string prefix. The prefix is checked byte by byte
// (coverage finds it); the integer is one comparison (it takes comparison
// feedback, or a mutator that tries it).
#ifndef BENCH_TWOARG_TARGET_H
#define BENCH_TWOARG_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// TWOARG_PREFIX and TWOARG_N are the values that fail.
#define TWOARG_PREFIX "key="
#define TWOARG_N INT64_C(1000003)

// twoarg_target reports whether s (of n bytes) begins with TWOARG_PREFIX
// and x is TWOARG_N.
bool twoarg_target(const char *s, size_t n, int64_t x);

#endif
