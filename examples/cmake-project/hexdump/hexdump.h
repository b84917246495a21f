// hexdump.h: the lines of a hex dump, a shared library (libhexdump.so) of
// examples/cmake-project that links libhex.so.
#ifndef HEXDUMP_H
#define HEXDUMP_H

#include <stddef.h>
#include <stdint.h>

// HEXDUMP_LINE_MAX is the size of a buffer that holds any line.
#define HEXDUMP_LINE_MAX 80

// hexdump_line writes to out (of outsize bytes) the line of a hex dump that
// shows the n bytes at p (n <= 16), which are at offset in the input:
// "00000010  61 62 63 ...  |abc|\n", NUL-terminated, the bytes padded to
// 16 columns, and '.' for a byte that does not print. It returns the
// line's length, or -1 if n is over 16 or out is too small.
int hexdump_line(const uint8_t *p, size_t n, uint32_t offset, char *out, size_t outsize);

#endif
