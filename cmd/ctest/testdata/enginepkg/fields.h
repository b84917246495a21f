// fields.h: the library of -fuzzengine's end-to-end test (engine_e2e.sh).
#ifndef ENGINEPKG_FIELDS_H
#define ENGINEPKG_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// fields counts the fields of the record line[0:n], at most limit (none
// when limit is not positive): they are separated by commas, and in
// strict mode by semicolons too.
int64_t fields(const uint8_t *line, size_t n, int64_t limit, bool strict);

#endif
