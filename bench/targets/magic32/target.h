// target.h: the magic value of bench/targets/magic compared as one
// uint32_t. No branch rewards a partial match: an engine finds it by
// chance (one in 2^32) or from comparison feedback.
#ifndef BENCH_MAGIC32_TARGET_H
#define BENCH_MAGIC32_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// MAGIC32 is "FUZZ" read as a little-endian uint32_t.
#define MAGIC32 0x5a5a5546u

// magic32_target reports whether the first four bytes of data, read as a
// little-endian uint32_t, are MAGIC32.
bool magic32_target(const uint8_t *data, size_t len);

#endif
