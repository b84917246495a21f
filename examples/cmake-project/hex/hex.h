// hex.h: hexadecimal encoding, a shared library (libhex.so) of
// examples/cmake-project.
#ifndef HEX_H
#define HEX_H

#include <stddef.h>
#include <stdint.h>

// hex_encode writes the 2*n lowercase hex digits of the n bytes at in to
// out, without a NUL.
void hex_encode(const uint8_t *in, size_t n, char *out);

// hex_decode reads the n hex digits at in (either case) into out, n/2
// bytes, and returns n/2; or -1 if n is odd or a character is not a hex
// digit.
long hex_decode(const char *in, size_t n, uint8_t *out);

#endif
