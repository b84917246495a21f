// classify.h: see classify.c.
#ifndef CORPUSPKG_CLASSIFY_H
#define CORPUSPKG_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

int classify(const uint8_t *p, size_t n);

#endif
