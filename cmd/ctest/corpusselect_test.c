// Tests corpusselect.c: which inputs ctest corpus keeps.
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"
#include "testing/testing.h"

// A selectCase's input: its size, up to 8 features (the list ends at the
// first 0, so features here start at 1), and whether it is kept whatever
// or never kept.
typedef struct caseInput {
    size_t size;
    uint32_t ft[8];
    bool keep, skip;
} caseInput;

typedef struct selectCase {
    const char *name;
    caseInput in[8];
    size_t n;
    uint32_t seeds[4]; // ends at the first 0
    const char *want;  // the chosen inputs, a character each ('1' chosen)
    selectStats stats;
} selectCase;

static size_t featureCount(const uint32_t *ft, size_t max) {
    size_t n = 0;
    while (n < max && ft[n] != 0) {
        n++;
    }
    return n;
}

static void runCase(T *t, const selectCase *c) {
    selectInput in[8];
    bool chosen[8];
    for (size_t i = 0; i < c->n; i++) {
        in[i] = (selectInput){ c->in[i].size, c->in[i].ft, featureCount(c->in[i].ft, 8),
                               c->in[i].keep, c->in[i].skip };
    }
    selectStats st = corpusSelect(in, c->n, c->seeds, featureCount(c->seeds, 4), chosen);
    char got[9];
    for (size_t i = 0; i < c->n; i++) {
        got[i] = chosen[i] ? '1' : '0';
    }
    got[c->n] = '\0';
    if (strcmp(got, c->want) != 0) {
        t_errorf(t, "%s: chosen: got %s, want %s", c->name, got, c->want);
    }
    if (st.present != c->stats.present || st.all != c->stats.all || st.chosen != c->stats.chosen) {
        t_errorf(t, "%s: features: got present %zu, all %zu, chosen %zu; want %zu, %zu, %zu",
                 c->name, st.present, st.all, st.chosen, c->stats.present, c->stats.all,
                 c->stats.chosen);
    }
}

// TestCorpusSelect: the smallest inputs first, keep inputs and seeds
// covered from the start, inputs that add nothing dropped, and no input
// left that the others make redundant.
void TestCorpusSelect(T *t) {
// IN(size, features...) is an input; KEPT is a keep input, SKIPPED one
// never kept, SKIPPED_KEPT both.
#define IN(size, ...)                                                                              \
    { size, { __VA_ARGS__ }, false, false }
#define KEPT(size, ...)                                                                            \
    { size, { __VA_ARGS__ }, true, false }
#define SKIPPED(size, ...)                                                                         \
    { size, { __VA_ARGS__ }, false, true }
#define SKIPPED_KEPT(size, ...)                                                                    \
    { size, { __VA_ARGS__ }, true, true }
    static const selectCase cases[] = {
        { "duplicates: the first of the smallest stays",
          { IN(3, 1, 2), IN(3, 1, 2), IN(2, 1, 2) },
          3,
          { 0 },
          "001",
          { 0, 2, 2 } },
        { "smaller first, larger only for what is new",
          { IN(10, 1, 2, 3), IN(1, 1), IN(5, 4) },
          3,
          { 0 },
          "101",
          { 0, 4, 4 } },
        { "nothing new: dropped",
          { IN(1, 1), IN(2, 2), IN(3, 1, 2), IN(4, 3) },
          4,
          { 0 },
          "1101",
          { 0, 3, 3 } },
        { "a small input the larger ones make redundant is dropped",
          { IN(1, 1, 2), IN(2, 2, 3), IN(3, 1, 4) },
          3,
          { 0 },
          "011",
          { 0, 4, 4 } },
        { "of equal sizes, more features first",
          { IN(4, 1), IN(4, 1, 2) },
          2,
          { 0 },
          "01",
          { 0, 2, 2 } },
        { "keep inputs stay and cover first",
          { KEPT(9, 1, 2), IN(1, 1), IN(1, 3) },
          3,
          { 0 },
          "101",
          { 2, 3, 3 } },
        { "the seeds' features count as covered",
          { IN(1, 1), IN(2, 2) },
          2,
          { 1, 5 },
          "01",
          { 2, 3, 3 } },
        { "a skipped input is never chosen, a skipped keep input is",
          { SKIPPED(1, 7), SKIPPED_KEPT(2, 8), IN(3, 9) },
          3,
          { 0 },
          "011",
          { 1, 2, 2 } },
        { "no inputs", { IN(0, 0) }, 0, { 3 }, "", { 1, 1, 1 } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        runCase(t, &cases[i]);
    }
}

// TestCorpusSelectKeepsCoverage: over random corpora, the inputs chosen
// cover every feature the others have, and none of them is redundant.
void TestCorpusSelectKeepsCoverage(T *t) {
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    for (int round = 0; round < 200; round++) {
        enum { n = 30, nfeatures = 40 };
        selectInput in[n];
        uint32_t ft[n][8];
        bool chosen[n];
        for (size_t i = 0; i < n; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            size_t nft = (size_t)(x % 8);
            for (size_t k = 0; k < nft; k++) {
                // Distinct features: one from each of 8 slices of the range.
                ft[i][k] = (uint32_t)(k * (nfeatures / 8) + (x >> (8 + 3 * k)) % (nfeatures / 8));
            }
            in[i] = (selectInput){ (size_t)(x >> 40) % 100, ft[i], nft, (x >> 60) == 0,
                                   (x >> 56) % 16 == 1 };
        }
        selectStats st = corpusSelect(in, n, NULL, 0, chosen);
        int count[nfeatures] = { 0 }, all[nfeatures] = { 0 };
        for (size_t i = 0; i < n; i++) {
            for (size_t k = 0; k < in[i].nft; k++) {
                all[in[i].ft[k]] += in[i].keep || !in[i].skip;
                count[in[i].ft[k]] += chosen[i];
            }
            if (in[i].keep && !chosen[i]) {
                t_fatalf(t, "round %d: keep input %zu not chosen", round, i);
            }
            if (in[i].skip && !in[i].keep && chosen[i]) {
                t_fatalf(t, "round %d: skipped input %zu chosen", round, i);
            }
        }
        size_t covered = 0;
        for (size_t f = 0; f < nfeatures; f++) {
            if (all[f] > 0 && count[f] == 0) {
                t_fatalf(t, "round %d: feature %zu lost", round, f);
            }
            covered += all[f] > 0;
        }
        if (st.all != covered || st.chosen != covered) {
            t_fatalf(t, "round %d: got all %zu, chosen %zu; want %zu", round, st.all, st.chosen,
                     covered);
        }
        for (size_t i = 0; i < n; i++) {
            bool own = in[i].keep;
            for (size_t k = 0; k < in[i].nft && chosen[i]; k++) {
                own = own || count[in[i].ft[k]] == 1;
            }
            if (chosen[i] && !own) {
                t_fatalf(t, "round %d: input %zu is redundant", round, i);
            }
        }
    }
}
