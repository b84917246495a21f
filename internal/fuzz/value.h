// value.h: the values of a corpus entry and the byte slices the engine
// passes around (value.c).
#ifndef CTEST_INTERNAL_FUZZ_VALUE_H
#define CTEST_INTERNAL_FUZZ_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/fuzz.h"

_Static_assert(sizeof(void *) == 8, "Go fuzzes only on 64-bit platforms (amd64, arm64)");

// byteSlice is a Go []byte the struct holding it owns: ptr NULL is nil.
typedef struct byteSlice {
    uint8_t *ptr;
    size_t len, cap;
} byteSlice;

void fuzz_byteSlice_free(byteSlice *b);

// fuzz_getLE32 and fuzz_putLE32 read and write a little-endian uint32, as
// the RPC's binary fields hold them (ReduceFeatures, a warm-up batch's
// lengths and sparse snapshots).
static inline uint32_t fuzz_getLE32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline void fuzz_putLE32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
// fuzz_byteSlice_copy is a new copy of n bytes at p (nil if p is NULL).
byteSlice fuzz_byteSlice_copy(const uint8_t *p, size_t n);

// fuzz_isStrKind reports whether values of kind k keep their bytes in
// v.str: Go's string, and ctest's C strings.
static inline bool fuzz_isStrKind(go_kind k) {
    return k == GO_STRING || k == C_STRING || k == C_CHARS;
}

// fuzz_dropNULs removes the NUL bytes of p[0:n] in place, as a C string
// value holds none, and returns how many bytes are left.
size_t fuzz_dropNULs(uint8_t *p, size_t n);

// fuzz_valueBytes is the bytes of vals' []byte and string values (value.c,
// ctest's): what the length control, reduction and the coordinator's
// start of the length limit measure an input by.
size_t fuzz_valueBytes(const go_value *vals, size_t n);
// fuzz_CorpusEntry_copy is a deep copy of e.
fuzz_CorpusEntry fuzz_CorpusEntry_copy(const fuzz_CorpusEntry *e);

// fuzz_strdupOrNull is a copy of s (the caller frees it), or NULL for NULL.
char *fuzz_strdupOrNull(const char *s);

#endif // CTEST_INTERNAL_FUZZ_VALUE_H
