// target.h: many branches, each reached by one value of one input byte, for
// bench/coordcost.sh's cost of a new input: byte i of the input (i below
// BRANCHES_POSITIONS) selects one of 256 cases of a switch of its own, so
// that the target has BRANCHES_POSITIONS * 256 edges and almost every
// mutation of a young corpus reaches one that no input reached before.
#ifndef BENCH_BRANCHES_TARGET_H
#define BENCH_BRANCHES_TARGET_H

#include <stddef.h>
#include <stdint.h>

enum { BRANCHES_POSITIONS = 64 };

// branches_target takes the case of each of the first BRANCHES_POSITIONS
// bytes of data.
void branches_target(const uint8_t *data, size_t len);

#endif
