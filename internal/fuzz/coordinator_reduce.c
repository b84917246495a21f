// (none) ctest's own: the coordinator's side of the default search's
// reduction (libFuzzer's -reduce_inputs): a corpus entry is replaced by a
// smaller input that reaches all the entry alone brought to the corpus
// (schedule.h says how that is checked).
//
// The schedule takes the smaller input at once, so that the search fuzzes
// it from the next pick on. Its cache file waits: an entry is often
// reduced several times within a second, and each file costs the
// coordinator a temporary file written, renamed, and the replaced file
// unlinked, which was most of its time on each new input of a large
// library (bench/coordcost.sh). The pending reductions are written
// together, each entry's latest input once, at the next progress line and
// when the run ends. Until then the cache keeps the entry's earlier file,
// which reaches all it reaches: a run killed in between loses a
// reduction, never an input.
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/coordinator.h"
#include "internal/fuzz/corpus.h"

// pendingSlot returns where schedule entry i's pending reduction is in
// c->reductions (its index + 1), 0 for none.
static size_t pendingSlot(const coordinator *c, size_t i) {
    return i < c->reductions.nslot ? c->reductions.slot[i] : 0;
}

// addPending records that schedule entry i was reduced while its file on
// disk is the one named name (taken).
static void addPending(coordinator *c, size_t i, char *name) {
    reductions *r = &c->reductions;
    if (i >= r->nslot) {
        size_t n = i + 1 > 2 * r->nslot ? i + 1 : 2 * r->nslot;
        r->slot = runtime_realloc(r->slot, n * sizeof *r->slot);
        memset(r->slot + r->nslot, 0, (n - r->nslot) * sizeof *r->slot);
        r->nslot = n;
    }
    if (r->len == r->cap) {
        r->cap = r->cap * 2 + 16;
        r->sched = runtime_realloc(r->sched, r->cap * sizeof *r->sched);
        r->oldName = runtime_realloc(r->oldName, r->cap * sizeof *r->oldName);
    }
    r->sched[r->len] = i;
    r->oldName[r->len] = name;
    r->len++;
    r->slot[i] = r->len;
}

bool fuzz_coordinator_reduce(coordinator *c, fuzzResult *result, int64_t duration) {
    size_t i = result->inputSched - 1;
    if (c->sched == NULL || result->inputSched == 0 ||
        !fuzz_schedule_reduces(c->sched, i,
                               (go_bytes){ result->coverageData.ptr, result->coverageData.len },
                               result->entry.DataLen)) {
        return false;
    }
    // Bytes the corpus has already do not replace anything.
    char *name = fuzz_corpusFileName(result->entry.Data, result->entry.DataLen);
    bool known = fuzz_strIndex_find(&c->corpus.byHash, c->corpus.hashes, name) != (size_t)-1;
    free(name);
    if (known) {
        return false;
    }
    const fuzz_CorpusEntry *old = fuzz_schedule_entry(c->sched, i);
    if (fuzz_shouldPrintDebugInfo()) {
        char *elapsed = fuzz_coordinator_elapsed(c);
        fuzz_coordinator_debugf(
                c, result->entryDuration,
                "DEBUG reduced input, elapsed: %s, id: %s, from: %s, size: %zu, was: "
                "%zu",
                elapsed, fuzz_orEmpty(result->entry.Path), fuzz_orEmpty(old->Path),
                result->entry.DataLen, old->DataLen);
        free(elapsed);
    }
    if (pendingSlot(c, i) == 0) {
        addPending(c, i, fuzz_corpusFileName(old->Data, old->DataLen));
    }
    fuzz_schedule_replace(c->sched, i, &result->entry, duration);
    return true;
}

// flushOne writes schedule entry i's input to the cache and removes the
// file it replaces (named oldName), unless that is a seed or outside the
// cache. When the corpus has the input's bytes already (a worker found
// them since), only the old file goes.
static void flushOne(coordinator *c, size_t i, const char *oldName) {
    const fuzz_CorpusEntry *e = fuzz_schedule_entry(c->sched, i);
    bool entryNew = false;
    go_error *err = fuzz_coordinator_addCorpusEntries(c, true, e, 1, &entryNew);
    if (err != NULL) {
        fuzz_coordinator_stop(c, err);
        return; // the old file stays: it reaches all the new one does
    }
    size_t j = fuzz_strIndex_find(&c->corpus.byHash, c->corpus.hashes, oldName);
    if (j == (size_t)-1) {
        return;
    }
    const char *path = c->corpus.entries[j].Path, *dir = c->opts.CacheDir;
    size_t n = strlen(dir);
    if (c->corpus.entries[j].IsSeed || path == NULL || strncmp(path, dir, n) != 0 ||
        path[n] != '/') {
        return;
    }
    unlink(path);
    fuzz_coordinator_removeCorpusEntry(c, j);
}

void fuzz_coordinator_flushReductions(coordinator *c) {
    reductions *r = &c->reductions;
    for (size_t k = 0; k < r->len; k++) {
        flushOne(c, r->sched[k], r->oldName[k]);
        r->slot[r->sched[k]] = 0;
        free(r->oldName[k]);
    }
    r->len = 0;
}

void fuzz_coordinator_freeReductions(coordinator *c) {
    reductions *r = &c->reductions;
    for (size_t k = 0; k < r->len; k++) {
        free(r->oldName[k]);
    }
    free(r->sched);
    free(r->oldName);
    free(r->slot);
    memset(r, 0, sizeof *r);
}
