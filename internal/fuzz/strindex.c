// (none) ctest's own: strindex.h's index, open addressing with linear
// probing over FNV-1a hashes of the keys. Removed positions leave a marker
// until the table is rebuilt, which happens when markers and positions
// fill half of it.
//
#include "internal/fuzz/strindex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/fuzz.h"

static const size_t strIndexGone = SIZE_MAX;

uint64_t fuzz_fnv1a(uint64_t h, const void *p, size_t n) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ b[i]) * 1099511628211ULL;
    }
    return h;
}

static size_t hashOf(const char *s) {
    return (size_t)fuzz_fnv1a(fnv1aStart, s, strlen(s));
}

size_t fuzz_strIndex_find(const strIndex *x, char *const *keys, const char *key) {
    if (x->cap == 0) {
        return (size_t)-1;
    }
    for (size_t h = hashOf(key) & (x->cap - 1);; h = (h + 1) & (x->cap - 1)) {
        size_t v = x->slots[h];
        if (v == 0) {
            return (size_t)-1;
        }
        if (v != strIndexGone && strcmp(keys[v - 1], key) == 0) {
            return v - 1;
        }
    }
}

// place puts position i in the first free slot of its probe sequence.
static void place(strIndex *x, char *const *keys, size_t i) {
    size_t h = hashOf(keys[i]) & (x->cap - 1);
    while (x->slots[h] != 0 && x->slots[h] != strIndexGone) {
        h = (h + 1) & (x->cap - 1);
    }
    if (x->slots[h] == 0) {
        x->used++;
    }
    x->slots[h] = i + 1;
    x->live++;
}

void fuzz_strIndex_put(strIndex *x, char *const *keys, size_t i) {
    if (2 * (x->used + 1) > x->cap) {
        // Rebuild: twice the positions held, at least 64 slots, no markers.
        size_t cap = 64;
        while (cap < 4 * (x->live + 1)) {
            cap *= 2;
        }
        strIndex old = *x;
        *x = (strIndex){ runtime_calloc(cap, sizeof *x->slots), cap, 0, 0 };
        for (size_t k = 0; k < old.cap; k++) {
            if (old.slots[k] != 0 && old.slots[k] != strIndexGone) {
                place(x, keys, old.slots[k] - 1);
            }
        }
        free(old.slots);
    }
    place(x, keys, i);
}

void fuzz_strIndex_remove(strIndex *x, char *const *keys, size_t i) {
    if (x->cap == 0) {
        return;
    }
    for (size_t h = hashOf(keys[i]) & (x->cap - 1);; h = (h + 1) & (x->cap - 1)) {
        if (x->slots[h] == 0) {
            return;
        }
        if (x->slots[h] == i + 1) {
            x->slots[h] = strIndexGone;
            x->live--;
            return;
        }
    }
}

void fuzz_strIndex_free(strIndex *x) {
    free(x->slots);
    *x = (strIndex){ 0 };
}
