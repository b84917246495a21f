// magic.h: a planted bug for the engine's end-to-end test.
#ifndef MAGIC_H
#define MAGIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// magic_check reports whether b starts with "bug".
bool magic_check(const uint8_t *b, size_t n);

#endif
