// (none) ctest's own, with -test.fuzzcmp: which corpus entry the default
// search fuzzes next. Go's coordinator sends the corpus round and round in
// the order it was found; on a real library most of those calls go to
// inputs whose coverage every other input has too. Here each entry is
// weighted by the rarity of what it covers, as AFL++'s rare schedule and
// libFuzzer's entropic one do: a coverage feature (one bucket of one edge's
// hit count) that n entries have gives each of them 1/n, so the whole
// weight of a feature is 1 however many entries share it, and an entry
// that alone reaches a corner of the code is fuzzed as often as that
// corner is worth. An entry's weight also falls with the calls it got
// without finding anything, so that the search does not stay on one input.
//
// The weights are rebuilt from each entry's features as the worker
// reported them, as often as their cost allows (rebuildSpacing): an entry
// found since the last rebuild is fuzzed first anyway (the coordinator
// puts new inputs at the front of its queue), and is picked by weight
// after the next rebuild.
//
// A reproducible run (GODEBUG=fuzzseed=N and one worker) reads no clock:
// its time is the count of executions, a rebuild's cost the entries and
// features it read, and an entry's duration the work its coverage shows.
//
// An entry is also replaced by a smaller input that reaches all it brought
// to the corpus (its unique features), as libFuzzer's -reduce_inputs does:
// the worker looks for one while it fuzzes the entry (worker_server.c), and the
// coordinator checks it here before it takes it (coordinator_reduce.c). Small
// entries run faster and give each mutation more chance to hit the bytes
// that matter.
//
#include "internal/fuzz/schedule.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/coverage.h"
#include "internal/fuzz/pcg.h"

// rebuildSpacing bounds the coordinator's time spent on the weights, which
// it takes from the CPU a worker may share: a rebuild is due once
// rebuildSpacing times the last one's cost has passed (at least
// rebuildMinCost each), so about 2% at most. A young corpus is rebuilt at
// almost every pick: at a fixed 200ms, the input that matched a string
// waited that long before it was drawn again (bench/'s two-argument
// target took 0.21s to find instead of 0.02s).
enum { rebuildSpacing = 50 };
static const int64_t rebuildMinCost = 1000; // 1us

// rebuildWorkPerExec: in a reproducible run the clock is the count of
// executions, and a rebuild's cost is the entries and features it reads,
// this many of them counting as one execution (a fast target's execution
// takes about as long as 64 of those reads). A young corpus is still
// rebuilt at every pick, which comes after a call's thousands of
// executions.
enum { rebuildWorkPerExec = 64 };

// scheduleSeedMix is what the schedule mixes with GODEBUG=fuzzseed=N
// (fuzz_pcgRand_mixSeed): without it, its draws would be those of the
// first worker's mutator, made from the same seed on the same stream. Its
// top bit keeps it apart from the workers' mixes (sharedMemHeader.seedMix).
static const uint64_t scheduleSeedMix = 1ull << 63;

// rareLimit: a feature more entries than this have is common, and counts
// for nothing; an entry with no rare feature has commonWeight, a twentieth
// of a feature of its own.
enum { rareLimit = 32 };
static const double commonWeight = 0.05;

// reduceMaxFeatures: an entry that brought more features than this (an
// early seed, most often) is not reduced: the list would weigh on every
// call that fuzzes it.
enum { reduceMaxFeatures = 1024 };

typedef struct schedEntry {
    fuzz_CorpusEntry entry; // a copy
    uint32_t *features;     // its coverage features: counter index * 8 + bit
    uint32_t nfeatures;
    uint32_t *unique; // those that were new to the corpus when it came
    uint32_t nunique;
    uint32_t picks;   // calls it got since it last found something
    int64_t duration; // how long one execution of it took (ns), or 0
} schedEntry;

struct fuzzSchedule {
    schedEntry *entries;
    size_t len, cap;
    uint32_t *freq; // per feature: how many entries have it
    size_t nfeat;
    double *cum; // cumulative weights of entries[0 .. ncum)
    size_t ncum;
    double durSum; // the sum of the entries' known durations (ns)
    size_t timed;  // how many entries have one
    int64_t built; // when the weights were last rebuilt
    int64_t cost;  // how long that took (ns; with countClock, executions)
    // countClock: the clock is a count of executions, and cost is one too
    // (a reproducible run, fuzz_schedule_new).
    bool countClock;
    pcgRand r;
};

fuzzSchedule *fuzz_schedule_new(bool countClock) {
    fuzzSchedule *s = runtime_calloc(1, sizeof *s);
    s->countClock = countClock;
    fuzz_newPcgRand(&s->r);
    fuzz_pcgRand_mixSeed(&s->r, scheduleSeedMix);
    return s;
}

void fuzz_schedule_free(fuzzSchedule *s) {
    if (s == NULL) {
        return;
    }
    for (size_t i = 0; i < s->len; i++) {
        fuzz_CorpusEntry_clear(&s->entries[i].entry);
        free(s->entries[i].features);
        free(s->entries[i].unique);
    }
    free(s->entries);
    free(s->freq);
    free(s->cum);
    free(s);
}

size_t fuzz_schedule_len(const fuzzSchedule *s) {
    return s->len;
}

const fuzz_CorpusEntry *fuzz_schedule_entry(const fuzzSchedule *s, size_t i) {
    return &s->entries[i].entry;
}

// featuresOf lists the set bits of cov as features (*n of them, allocated).
static uint32_t *featuresOf(go_bytes cov, uint32_t *n) {
    *n = (uint32_t)fuzz_countBits(cov);
    uint32_t *f = runtime_malloc((*n > 0 ? *n : 1) * sizeof *f);
    uint32_t k = 0;
    for (size_t i = 0; i < cov.len; i++) {
        for (unsigned b = cov.ptr[i]; b != 0; b &= b - 1) {
            f[k++] = (uint32_t)(i * 8 + (size_t)__builtin_ctz(b));
        }
    }
    return f;
}

size_t fuzz_schedule_add(fuzzSchedule *s, const fuzz_CorpusEntry *e, go_bytes snapshot,
                         go_bytes unique, int64_t duration) {
    if (s->nfeat == 0) {
        s->nfeat = snapshot.len * 8;
        s->freq = runtime_calloc(s->nfeat > 0 ? s->nfeat : 1, sizeof *s->freq);
    }
    if (snapshot.len * 8 != s->nfeat || (unique.len != 0 && unique.len != snapshot.len)) {
        go_panic("fuzz schedule: coverage of %zu counters, expected %zu", snapshot.len,
                 s->nfeat / 8);
    }
    if (s->len == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->entries = runtime_realloc(s->entries, s->cap * sizeof *s->entries);
    }
    schedEntry *se = &s->entries[s->len++];
    *se = (schedEntry){ .entry = fuzz_CorpusEntry_copy(e),
                        .duration = duration > 0 ? duration : 0 };
    if (se->duration > 0) {
        s->durSum += (double)se->duration;
        s->timed++;
    }
    se->features = featuresOf(snapshot, &se->nfeatures);
    for (uint32_t k = 0; k < se->nfeatures; k++) {
        s->freq[se->features[k]]++;
    }
    se->unique = featuresOf(unique, &se->nunique);
    return s->len - 1;
}

void fuzz_schedule_found(fuzzSchedule *s, size_t i) {
    if (i < s->len) {
        s->entries[i].picks = 0;
    }
}

// reducible: whether se may be replaced by a smaller input. Seeds stay as
// they are; so does an entry whose bytes the schedule does not hold (one
// read from the cache directory at warm-up), as its size is unknown.
static bool reducible(const schedEntry *se) {
    return !se->entry.IsSeed && se->entry.Data != NULL && se->nunique > 0 &&
           se->nunique <= reduceMaxFeatures;
}

byteSlice fuzz_schedule_reduceFeatures(const fuzzSchedule *s, size_t i) {
    const schedEntry *se = &s->entries[i];
    if (!reducible(se)) {
        return (byteSlice){ 0 };
    }
    byteSlice b = { runtime_malloc(4 * se->nunique), 4 * se->nunique, 4 * se->nunique };
    for (uint32_t k = 0; k < se->nunique; k++) {
        fuzz_putLE32(b.ptr + 4 * k, se->unique[k]);
    }
    return b;
}

bool fuzz_schedule_reduces(const fuzzSchedule *s, size_t i, go_bytes snapshot, size_t dataLen) {
    const schedEntry *se = &s->entries[i];
    if (!reducible(se) || dataLen >= se->entry.DataLen || snapshot.len * 8 != s->nfeat) {
        return false;
    }
    for (uint32_t k = 0; k < se->nunique; k++) {
        uint32_t f = se->unique[k];
        if ((snapshot.ptr[f / 8] & (1u << (f % 8))) == 0) {
            return false;
        }
    }
    return true;
}

void fuzz_schedule_replace(fuzzSchedule *s, size_t i, const fuzz_CorpusEntry *e, int64_t duration) {
    schedEntry *se = &s->entries[i];
    fuzz_CorpusEntry_clear(&se->entry);
    se->entry = fuzz_CorpusEntry_copy(e);
    if (duration > 0) {
        if (se->duration > 0) {
            s->durSum -= (double)se->duration;
            s->timed--;
        }
        se->duration = duration;
        s->durSum += (double)duration;
        s->timed++;
    }
}

// rebuild recomputes every entry's weight and their running sum, and drops
// from each entry the features that have become common: more entries can
// only come, so a feature that is common stays so, and a rebuild reads
// only the rare features of the corpus.
static void schedule_rebuild(fuzzSchedule *s, int64_t now) {
    int64_t start = s->countClock ? 0 : time_now();
    int64_t work = (int64_t)s->len;
    s->cum = runtime_realloc(s->cum, (s->len > 0 ? s->len : 1) * sizeof *s->cum);
    double mean = s->timed > 0 ? s->durSum / (double)s->timed : 0;
    double sum = 0;
    for (size_t i = 0; i < s->len; i++) {
        schedEntry *se = &s->entries[i];
        double w = commonWeight;
        uint32_t kept = 0;
        work += se->nfeatures;
        for (uint32_t k = 0; k < se->nfeatures; k++) {
            uint32_t f = se->features[k], n = s->freq[f];
            if (n <= rareLimit) {
                w += 1.0 / n;
                se->features[kept++] = f;
            }
        }
        se->nfeatures = kept;
        // An entry that keeps finding nothing loses weight slowly: after
        // 16 fruitless calls it has half of it.
        w /= 1.0 + se->picks / 16.0;
        // A slow entry costs the executions of several fast ones: as in
        // AFL's performance score, from a tenth to three times the weight.
        if (se->duration > 0 && mean > 0) {
            double speed = mean / (double)se->duration;
            w *= speed < 0.1 ? 0.1 : speed > 3 ? 3 : speed;
        }
        sum += w;
        s->cum[i] = sum;
    }
    s->ncum = s->len;
    s->built = now;
    if (s->countClock) {
        // ctest: a reproducible run counts the work, not the time.
        s->cost = work / rebuildWorkPerExec > 1 ? work / rebuildWorkPerExec : 1;
        return;
    }
    s->cost = time_now() - start;
    if (s->cost < rebuildMinCost) {
        s->cost = rebuildMinCost;
    }
}

bool fuzz_schedule_pick(fuzzSchedule *s, int64_t now, size_t *pick) {
    if (s->len == 0) {
        return false;
    }
    // Every pick changes a weight (its entry's fruitless calls), so the
    // weights are always stale: only their cost decides.
    if (s->ncum == 0 || now - s->built >= rebuildSpacing * s->cost) {
        schedule_rebuild(s, now);
    }
    double total = s->cum[s->ncum - 1];
    size_t i = 0;
    if (total > 0) {
        double x = ldexp((double)(fuzz_pcgRand_uint32(&s->r) >> 8), -24) * total;
        // The first entry whose running sum exceeds x.
        size_t lo = 0, hi = s->ncum - 1;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (s->cum[mid] > x) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        i = lo;
    } else {
        i = fuzz_pcgRand_uint32n(&s->r, (uint32_t)s->ncum);
    }
    s->entries[i].picks++;
    *pick = i;
    return true;
}
