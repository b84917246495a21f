// target.h: a 4-byte magic value checked byte by byte in nested branches.
// Each matching byte reaches a new branch, so coverage alone leads an
// engine to the value.
#ifndef BENCH_MAGIC_TARGET_H
#define BENCH_MAGIC_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// magic_depth counts the matched bytes, so that the compiler cannot merge
// the four comparisons into one.
extern volatile int magic_depth;

// magic_target reports whether data begins with "FUZZ".
bool magic_target(const uint8_t *data, size_t len);

#endif
