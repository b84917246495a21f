// pack.h: pack.c's compressor.
#include <stddef.h>
#include <stdint.h>

// pack writes the n bytes at src to dst (cap bytes) at the given level
// and returns how many it wrote, 0 when dst is too small.
size_t pack(const uint8_t *src, size_t n, uint8_t *dst, size_t cap, int level);
