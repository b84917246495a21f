// target.h: the no-op target, which measures an engine's own cost per
// execution (throughput).
#ifndef BENCH_NOP_TARGET_H
#define BENCH_NOP_TARGET_H

#include <stddef.h>
#include <stdint.h>

// nop_target does nothing with its input.
void nop_target(const uint8_t *data, size_t len);

#endif
