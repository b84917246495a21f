// decoder.h: a decoder with a bug of the kind LZ4_decompress_fast has
// (decoder.c), and a checksum with a bug of its own.
#ifndef DECODER_H
#define DECODER_H

#include <stddef.h>
#include <stdint.h>

// decode_fast decodes src into the dstLen bytes at dst and returns how
// many bytes of src it read, or 0 for a bad match offset.
size_t decode_fast(const uint8_t *src, uint8_t *dst, size_t dstLen);

// checksum adds up the n bytes at p.
unsigned checksum(const uint8_t *p, size_t n);

#endif
