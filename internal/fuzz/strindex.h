// strindex.h: an index from strings to their positions in an array of
// strings (strindex.c, ctest's own): the coordinator finds a corpus entry
// by the hash of its data without reading the whole corpus.
#ifndef CTEST_INTERNAL_FUZZ_STRINDEX_H
#define CTEST_INTERNAL_FUZZ_STRINDEX_H

#include <stddef.h>
#include <stdint.h>

// strIndex maps keys[i] to i for the positions put in it. The keys array
// is the caller's and may move (realloc): each call is given it. A zero
// strIndex is empty.
typedef struct strIndex {
    size_t *slots; // 1 + a position, 0 for empty, strIndexGone for a removed one
    size_t cap;    // a power of two, or 0
    size_t live;   // positions held
    size_t used;   // slots not empty (live and removed)
} strIndex;

// fuzz_strIndex_find is the position whose key equals key, or (size_t)-1.
size_t fuzz_strIndex_find(const strIndex *x, char *const *keys, const char *key);
// fuzz_strIndex_put adds position i (keys[i] must not be in x yet).
void fuzz_strIndex_put(strIndex *x, char *const *keys, size_t i);
// fuzz_strIndex_remove removes position i, whose key is keys[i].
void fuzz_strIndex_remove(strIndex *x, char *const *keys, size_t i);
void fuzz_strIndex_free(strIndex *x);

// fuzz_fnv1a goes on with the FNV-1a hash h (fnv1aStart to begin) over the
// n bytes at p: the index's hash, and -test.fuzzkeepgoing's (knowncrash.h).
#define fnv1aStart 14695981039346656037ULL
uint64_t fuzz_fnv1a(uint64_t h, const void *p, size_t n);

#endif
