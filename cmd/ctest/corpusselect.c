// (none) ctest's own: which inputs `ctest corpus` keeps, from the coverage
// features of each (Go has no corpus minimization, golang.org/issue/49290).
// The choice is libFuzzer's -merge=1: the inputs kept whatever they cover
// come first, then the others from the smallest up, each kept if it has a
// feature none before it had. A second pass, from the largest kept input
// down, drops each whose every feature another kept input also has, so
// that no input of the result is redundant (libFuzzer keeps those).
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"

// featureSet counts, for each feature, how many chosen inputs have it;
// pinned features (the seeds', the keep inputs') count as many. Features
// are numbered densely here: a feature's index in the sorted list of all.
typedef struct featureSet {
    uint32_t *count;
    size_t size;
} featureSet;

enum { pinned = UINT32_MAX };

static void featureSet_add(featureSet *s, const size_t *ft, size_t n, bool pin) {
    for (size_t i = 0; i < n; i++) {
        if (pin) {
            s->count[ft[i]] = pinned;
        } else if (s->count[ft[i]] != pinned) {
            s->count[ft[i]]++;
        }
    }
}

static size_t featureSet_len(const featureSet *s) {
    size_t n = 0;
    for (size_t f = 0; f < s->size; f++) {
        n += s->count[f] != 0;
    }
    return n;
}

static int compareFeatures(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

// denseFeatures is the inputs' and seeds' features by dense index: input
// i's are ft[off[i]:off[i+1]], the seeds' ft[off[n]:]; size is how many
// distinct features there are. (A comparison's feature is large: the
// code's size times 8; an array of them all would be mostly empty.)
typedef struct denseFeatures {
    size_t *ft, *off, size;
} denseFeatures;

static size_t indexOf(const uint32_t *all, size_t n, uint32_t f) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (all[mid] < f) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

static denseFeatures densify(const selectInput *in, size_t n, const uint32_t *seeds,
                             size_t nseeds) {
    denseFeatures d = { .off = runtime_malloc((n + 1) * sizeof *d.off) };
    size_t total = nseeds;
    for (size_t i = 0; i < n; i++) {
        d.off[i] = total - nseeds;
        total += in[i].nft;
    }
    d.off[n] = total - nseeds;
    uint32_t *all = runtime_malloc((total > 0 ? total : 1) * sizeof *all);
    // A list of no features may be NULL, which memcpy may not be given.
    for (size_t i = 0; i < n; i++) {
        if (in[i].nft > 0) {
            memcpy(all + d.off[i], in[i].ft, in[i].nft * sizeof *all);
        }
    }
    if (nseeds > 0) {
        memcpy(all + d.off[n], seeds, nseeds * sizeof *all);
    }
    uint32_t *sorted = runtime_malloc((total > 0 ? total : 1) * sizeof *sorted);
    memcpy(sorted, all, total * sizeof *sorted);
    qsort(sorted, total, sizeof *sorted, compareFeatures);
    for (size_t k = 0; k < total; k++) {
        if (d.size == 0 || sorted[d.size - 1] != sorted[k]) {
            sorted[d.size++] = sorted[k];
        }
    }
    d.ft = runtime_malloc((total > 0 ? total : 1) * sizeof *d.ft);
    for (size_t k = 0; k < total; k++) {
        d.ft[k] = indexOf(sorted, d.size, all[k]);
    }
    free(all);
    free(sorted);
    return d;
}

// order is the order of the greedy pass: by size, and of equal sizes the
// input with more features first, then the one listed first.
static const selectInput *orderInputs;

static int compareOrder(const void *a, const void *b) {
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    const selectInput *x = &orderInputs[i], *y = &orderInputs[j];
    if (x->size != y->size) {
        return x->size < y->size ? -1 : 1;
    }
    if (x->nft != y->nft) {
        return x->nft > y->nft ? -1 : 1;
    }
    return i < j ? -1 : i > j;
}

// hasNew reports whether features ft[0:n] hold one that s has not.
static bool hasNew(const featureSet *s, const size_t *ft, size_t n) {
    for (size_t k = 0; k < n; k++) {
        if (s->count[ft[k]] == 0) {
            return true;
        }
    }
    return false;
}

// redundant reports whether each of features ft[0:n] is pinned or had by
// another chosen input.
static bool redundant(const featureSet *s, const size_t *ft, size_t n) {
    for (size_t k = 0; k < n; k++) {
        uint32_t c = s->count[ft[k]];
        if (c != pinned && c < 2) {
            return false;
        }
    }
    return true;
}

selectStats corpusSelect(const selectInput *in, size_t n, const uint32_t *seeds, size_t nseeds,
                         bool *chosen) {
    denseFeatures d = densify(in, n, seeds, nseeds);
    featureSet s = { runtime_calloc(d.size > 0 ? d.size : 1, sizeof *s.count), d.size };
    featureSet_add(&s, d.ft + d.off[n], nseeds, true);
    size_t *order = runtime_malloc((n > 0 ? n : 1) * sizeof *order), norder = 0;
    for (size_t i = 0; i < n; i++) {
        chosen[i] = in[i].keep;
        if (in[i].keep) {
            featureSet_add(&s, d.ft + d.off[i], in[i].nft, true);
        } else if (!in[i].skip) {
            order[norder++] = i;
        }
    }
    selectStats st = { .present = featureSet_len(&s) };
    orderInputs = in;
    qsort(order, norder, sizeof *order, compareOrder);
    for (size_t k = 0; k < norder; k++) {
        size_t i = order[k];
        if (hasNew(&s, d.ft + d.off[i], in[i].nft)) {
            chosen[i] = true;
            featureSet_add(&s, d.ft + d.off[i], in[i].nft, false);
        }
    }
    st.all = featureSet_len(&s);
    for (size_t k = norder; k-- > 0;) {
        size_t i = order[k];
        const size_t *ft = d.ft + d.off[i];
        if (chosen[i] && redundant(&s, ft, in[i].nft)) {
            chosen[i] = false;
            for (size_t j = 0; j < in[i].nft; j++) {
                if (s.count[ft[j]] != pinned) {
                    s.count[ft[j]]--;
                }
            }
        }
    }
    st.chosen = featureSet_len(&s);
    free(order);
    free(s.count);
    free(d.ft);
    free(d.off);
    return st;
}
