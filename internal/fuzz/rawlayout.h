// rawlayout.h: the raw layout (rawlayout.c), how the arguments of a fuzz
// function are laid out in the flat bytes that other engines (libFuzzer,
// AFL++) mutate and keep in their corpora. ctest's own: Go's engine knows
// only its typed values and its "go test fuzz v1" files. The driver links
// this file too.
#ifndef CTEST_INTERNAL_FUZZ_RAWLAYOUT_H
#define CTEST_INTERNAL_FUZZ_RAWLAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/fuzz.h"

// fuzz_rawSeparator is the byte the encoding writes after the backslash
// that ends a []byte or string argument other than the last one.
enum { fuzz_rawSeparator = '\n' };

// fuzz_unmarshalRaw reads the n arguments of kinds types from the len
// bytes at data, laid out as rawlayout.c says. Any bytes are some
// arguments: it never fails. It returns new values (free with
// fuzz_freeValues), each []byte and string in storage of its own of
// exactly its length (NULL when empty), so that a read past its end is
// one past an allocation, as libFuzzer's copy of its input is.
go_value *fuzz_unmarshalRaw(const uint8_t *data, size_t len, const go_kind *types, size_t n);

// fuzz_marshalRaw is the raw bytes of the n values (caller frees *out):
// fuzz_unmarshalRaw of them gives the values back.
void fuzz_marshalRaw(const go_value *vals, size_t n, uint8_t **out, size_t *outlen);

#endif // CTEST_INTERNAL_FUZZ_RAWLAYOUT_H
