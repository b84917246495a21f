// gate.h: the package's function and the shared library's.
#ifndef MODULESPKG_GATE_H
#define MODULESPKG_GATE_H

#include <stddef.h>
#include <stdint.h>

// gate is 1 for the one input that passes both halves of the bug.
int gate(const uint8_t *p, size_t n);
// deep is lib/deep.c's, in libdeep.so: 1 when p passes its half.
int deep(const uint8_t *p, size_t n);

#endif
