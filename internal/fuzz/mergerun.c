// (none) ctest's own: the test binary's -test.fuzzmerge mode, for ctest
// corpus (Go has no corpus minimization, golang.org/issue/49290). It runs
// the inputs of a control file (mergectl.h) one after the other in this
// process, as libFuzzer's -merge=1 runs a corpus in a child process, and
// records each one's coverage features: the driver chooses the inputs to
// keep from them, and when an input kills this process it starts another
// that goes on after it.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/cmpoutcome.h"
#include "internal/fuzz/corpus.h"
#include "internal/fuzz/coverage.h"
#include "internal/fuzz/mergectl.h"
#include "internal/fuzz/value.h"
#include "internal/fuzz/watchdog.h"

// The input running is watched as the fuzzing worker's calls are
// (watchdog.c): past the limit, hungLine, the record made before the
// input starts, is written to ctlFd, and the driver goes on after the
// input.
static char hungLine[64];
static size_t hungLineLen;
static int ctlFd = -1;

static void writeHung(void) {
    if (hungLineLen > 0 && write(ctlFd, hungLine, hungLineLen) < 0) {
        // Exiting anyway: the driver sees the input started.
    }
}

static fuzz_watchdog watch = { .hung = writeHung };

// mergeRun is the state of one process's run of a control file. The
// features are the edge counters' (fuzz_counterFeature), then, from
// cmpBase up, the comparisons' outcomes: cmpBase + 8*site + outcome.
typedef struct mergeRun {
    const fuzz_MergeOpts *o;
    fuzz_mergeCtl ctl;
    const fuzz_coverageRegion *regions; // the coverage space (coverage.h)
    size_t nregions;
    size_t counters;  // the space's length
    size_t sites;     // comparison sites (cmpoutcome.h), 0 if none are recorded
    uint32_t cmpBase; // the first comparison feature
    // seen has a bit per counter feature, cmpSeen the outcome bits of each
    // site: the features of the seeds and the keep inputs run so far.
    uint8_t *seen, *cmpSeen;
    uint32_t *ft; // the features of the last input run, not seen before
    size_t nft, cap;
    bool adding; // whether the last input's features join the seen ones
} mergeRun;

// mergeRun_call runs the fuzz function on vals and returns its failure
// (NULL if it passed), timed by the watchdog.
static const char *mergeRun_call(mergeRun *m, const go_value *vals, size_t n) {
    fuzz_watchdog_enter(&watch, time_now());
    const char *failure = m->o->Fn(m->o->Ctx, vals, n);
    fuzz_watchdog_leave(&watch);
    return failure;
}

static void mergeRun_push(mergeRun *m, uint32_t f) {
    if (m->nft == m->cap) {
        m->cap = m->cap > 0 ? 2 * m->cap : 1024;
        m->ft = runtime_realloc(m->ft, m->cap * sizeof *m->ft);
    }
    m->ft[m->nft++] = f;
}

// takeOutcomes is fuzz_cmpOutcomeTake's callback: the outcomes of one
// site that are not seen yet.
static void takeOutcomes(void *ctx, size_t site, uint8_t outcomes) {
    mergeRun *m = ctx;
    uint8_t fresh = (uint8_t)(outcomes & ~m->cmpSeen[site]);
    for (uint32_t b = 0; b < 8; b++) {
        if ((fresh & (1u << b)) != 0) {
            mergeRun_push(m, m->cmpBase + 8 * (uint32_t)site + b);
        }
    }
    if (m->adding) {
        m->cmpSeen[site] |= fresh;
    }
}

static int compareFeatures(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

// mergeRun_regionFeatures adds to m->ft the features of the last run's
// counts in region r that are not seen yet; with add, they are seen from
// now on. A counter's index is its place in the coverage space.
static void mergeRun_regionFeatures(mergeRun *m, const fuzz_coverageRegion *r, bool add) {
    const uint8_t *c = r->start;
    for (size_t i = 0; i < r->len; i++) {
        if (i % 8 == 0 && i + 8 <= r->len) {
            uint64_t w;
            memcpy(&w, c + i, 8);
            if (w == 0) {
                i += 7;
                continue;
            }
        }
        if (c[i] == 0) {
            continue;
        }
        uint32_t f = fuzz_counterFeature(r->offset + i, c[i]);
        uint8_t bit = (uint8_t)(1u << (f % 8));
        if ((m->seen[f / 8] & bit) != 0) {
            continue;
        }
        mergeRun_push(m, f);
        if (add) {
            m->seen[f / 8] |= bit;
        }
    }
}

// mergeRun_features sets m->ft to the features of the last run that are
// not seen yet, in ascending order; with add, they are seen from now on.
static void mergeRun_features(mergeRun *m, bool add) {
    m->nft = 0;
    m->adding = add;
    for (size_t r = 0; r < m->nregions; r++) {
        mergeRun_regionFeatures(m, &m->regions[r], add);
    }
    if (m->sites > 0) {
        fuzz_cmpOutcomeTake(takeOutcomes, m);
        qsort(m->ft, m->nft, sizeof *m->ft, compareFeatures);
    }
}

// mergeRun_check is the first process's check of every input: each that
// cannot be read as an input of the fuzz function gets an error record.
static go_error *mergeRun_check(mergeRun *m) {
    size_t bad = 0;
    for (size_t i = 0; i < m->ctl.n; i++) {
        const fuzz_mergeInput *in = &m->ctl.in[i];
        go_value *vals;
        size_t n;
        go_error *err =
                fuzz_readInputFile(in->path, in->raw, m->o->Types, m->o->NTypes, &vals, &n, NULL);
        if (err == NULL) {
            fuzz_freeValues(vals, n);
            continue;
        }
        bad++;
        bool ok = fuzz_mergeCtl_writeQuoted(ctlFd, "error", i, go_error_Error(err));
        go_error_free(err);
        if (!ok) {
            return fmt_Errorf(NULL, "write %s: %s", m->o->CtlPath, strerror(errno));
        }
    }
    if (bad > 0) {
        return fmt_Errorf(NULL, "%zu of %zu inputs cannot be run", bad, m->ctl.n);
    }
    bool ok = fuzz_mergeCtl_writeTypes(ctlFd, m->o->Types, m->o->NTypes);
    // The seeds' values, which ctest corpus export writes as raw files.
    ok = ok && fuzz_mergeCtl_writeSeeds(ctlFd, m->o->Seed, m->o->NSeed);
    if (!ok) {
        return fmt_Errorf(NULL, "write %s: %s", m->o->CtlPath, strerror(errno));
    }
    return NULL;
}

// mergeRun_seeds runs the f_add seeds, whose features are seen from the
// start (the seeds run whenever the fuzz test does), and records them.
static bool mergeRun_seeds(mergeRun *m) {
    for (size_t i = 0; i < m->o->NSeed; i++) {
        const fuzz_CorpusEntry *e = &m->o->Seed[i];
        if (e->Values != NULL) {
            mergeRun_call(m, e->Values, e->NValues);
            mergeRun_features(m, true);
        }
    }
    // What is seen now is the seeds' features: one counter may give
    // several (one per bucket), so they are listed from the bits.
    m->nft = 0;
    for (size_t f = 0; f < 8 * m->counters; f++) {
        if ((m->seen[f / 8] & (1u << (f % 8))) != 0) {
            mergeRun_push(m, (uint32_t)f);
        }
    }
    for (size_t site = 0; site < m->sites; site++) {
        for (uint32_t b = 0; m->cmpSeen[site] != 0 && b < 8; b++) {
            if ((m->cmpSeen[site] & (1u << b)) != 0) {
                mergeRun_push(m, m->cmpBase + 8 * (uint32_t)site + b);
            }
        }
    }
    return fuzz_mergeCtl_writeFeatures(ctlFd, "seeds", -1, m->ft, m->nft);
}

// mergeRun_input runs input i and writes its records.
static bool mergeRun_input(mergeRun *m, size_t i) {
    const fuzz_mergeInput *in = &m->ctl.in[i];
    if (!fuzz_mergeCtl_writeIndex(ctlFd, "started", i)) {
        return false;
    }
    go_value *vals;
    size_t n;
    go_error *err =
            fuzz_readInputFile(in->path, in->raw, m->o->Types, m->o->NTypes, &vals, &n, NULL);
    if (err != NULL) {
        // It was checked: it changed since.
        bool ok = fuzz_mergeCtl_writeQuoted(ctlFd, "failed", i, go_error_Error(err));
        go_error_free(err);
        return ok && fuzz_mergeCtl_writeIndex(ctlFd, "done", i);
    }
    hungLineLen = fuzz_mergeCtl_indexLine(hungLine, sizeof hungLine, "hung", i);
    const char *failure = mergeRun_call(m, vals, n);
    hungLineLen = 0;
    fuzz_freeValues(vals, n);
    mergeRun_features(m, in->keep);
    bool ok = fuzz_mergeCtl_writeFeatures(ctlFd, "ft", (int64_t)i, m->ft, m->nft);
    if (ok && failure != NULL) {
        ok = fuzz_mergeCtl_writeQuoted(ctlFd, "failed", i, failure);
    }
    return ok && fuzz_mergeCtl_writeIndex(ctlFd, "done", i);
}

// mergeRun_all is fuzz_RunMerge once the control file is read and open.
static go_error *mergeRun_all(mergeRun *m) {
    if (m->ctl.types == NULL) {
        go_error *err = mergeRun_check(m);
        if (err != NULL) {
            return err;
        }
    }
    m->regions = fuzz_coverageRegions(&m->nregions);
    m->counters = fuzz_coverageLen();
    if (m->counters == 0) {
        return errors_New("the test binary has no coverage counters: build it with -fuzz");
    }
    m->seen = runtime_calloc(m->counters, 1);
    // The comparisons' outcomes, when their features fit in 32 bits (the
    // code is less than 512 MB).
    m->sites = fuzz_cmpOutcomesInit();
    if (m->sites > (UINT32_MAX - 8 * m->counters) / 8) {
        fuzz_cmpOutcomes = false;
        m->sites = 0;
    }
    m->cmpBase = (uint32_t)(8 * m->counters);
    m->cmpSeen = runtime_calloc(m->sites > 0 ? m->sites : 1, 1);
    fuzz_watchdog_start(&watch);
    bool ok = mergeRun_seeds(m);
    for (size_t i = (size_t)(m->ctl.last + 1); ok && i < m->ctl.n; i++) {
        ok = mergeRun_input(m, i);
    }
    if (ok) {
        ok = fuzz_mergeCtl_writeFinished(ctlFd);
    }
    if (!ok) {
        return fmt_Errorf(NULL, "write %s: %s", m->o->CtlPath, strerror(errno));
    }
    return NULL;
}

go_error *fuzz_RunMerge(const fuzz_MergeOpts *o) {
    fuzz_linkCounters();
    // The comparison hooks record while the fuzz function runs: their
    // outcomes are features (cmpoutcome.c); the operands they also
    // record feed no mutator here.
    fuzz_UseCmp = true;
    watch.limit = o->Timeout > 0 ? o->Timeout : 10LL * 1000 * 1000 * 1000;
    char *d = time_Duration_String(watch.limit);
    watch.msg = runtime_sprintf("ctest: the fuzz function ran for more than %s on one input "
                                "(-test.fuzztimeout)\n",
                                d);
    free(d);
    mergeRun m = { .o = o };
    go_error *err = fuzz_mergeCtl_read(o->CtlPath, &m.ctl);
    if (err != NULL) {
        return err;
    }
    ctlFd = fuzz_mergeCtl_open(o->CtlPath);
    if (ctlFd < 0) {
        err = fmt_Errorf(NULL, "open %s: %s", o->CtlPath, strerror(errno));
    } else {
        err = mergeRun_all(&m);
    }
    // The watchdog may still look at its call start, never at what is freed.
    if (ctlFd >= 0) {
        close(ctlFd);
    }
    fuzz_mergeCtl_free(&m.ctl);
    free(m.seen);
    free(m.cmpSeen);
    free(m.ft);
    return err;
}
