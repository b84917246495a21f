// target.h: the crash-heavy target of bench/crashheavy.sh (target.c).
#ifndef CRASHHEAVY_TARGET_H
#define CRASHHEAVY_TARGET_H

#include <stddef.h>
#include <stdint.h>

// decode decodes the n bytes at src into the dstLen bytes at dst and
// returns how many bytes of src it read (0 when the input is bad, in the
// fixed build only).
size_t decode(const uint8_t *src, size_t n, uint8_t *dst, size_t dstLen);

#endif
