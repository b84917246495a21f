// (none) ctest's own: the coordinator's handling of crashers when the run
// goes on after them (-test.fuzzkeepgoing). Go's coordinator stops at the
// first crasher (coordinator_result.c); here each crasher's cause is read
// (crash_signature.c), a cause seen before is only counted, and a new one
// is minimized as Go minimizes, written to testdata, printed, and the
// workers go back to fuzzing.
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/coordinator.h"
#include "internal/fuzz/corpus.h"

// notWritten stops the run with the error of a crasher that could not be
// written (werr, taken): its message and its input. A second one, when
// the first stopped the run already, is added to that error, so that
// neither input is lost.
static void coordinator_notWritten(coordinator *c, go_error *werr, const fuzz_CorpusEntry *e,
                                   const char *msg) {
    go_error *err = fuzz_crashNotWritten(werr, e, msg);
    if (c->fuzzErr != NULL) {
        go_error *both =
                fmt_Errorf(c->fuzzErr, "%s\n%s", go_error_Error(c->fuzzErr), go_error_Error(err));
        go_error_free(err);
        c->fuzzErr = both;
        return;
    }
    fuzz_coordinator_stop(c, err);
}

// learn has the workers go on after the crashes of r's cause from their
// next call on: its key's hash, and site, a crash site a worker hashed
// before a crash of that cause ended it (0 for none). ctest: with
// -test.fuzzkeepgoing.
static void coordinator_learn(coordinator *c, const crashRecord *r, uint64_t site) {
    size_t i = (size_t)(r - c->crashes.items);
    fuzz_knownTable_add(&c->known, fuzz_causeHash(r->sig.key), i);
    if (site != 0) {
        fuzz_knownTable_add(&c->known, site, i);
    }
}

// record writes e as the crasher of a new cause (taking sig) and prints
// it; site is its crash's site, if any (learn). An existing file (the
// unminimized crasher crash_minimize.c wrote) is used as it is. A crasher
// that cannot be written stops the run, as Go's does, with its message
// and its input.
static void coordinator_record(coordinator *c, crashSig *sig, fuzz_CorpusEntry *e, const char *msg,
                               const char *written, uint64_t site) {
    if (written == NULL) {
        go_error *err = fuzz_writeToCorpus(e, c->opts.CorpusDir);
        if (err != NULL) {
            fuzz_crashSig_clear(sig);
            coordinator_notWritten(c, err, e, msg);
            return;
        }
        written = e->Path;
    }
    crashRecord *r = fuzz_crashList_add(&c->crashes, sig, written, msg);
    coordinator_learn(c, r, site);
    char *elapsed = fuzz_coordinator_elapsed(c);
    fuzz_crashList_report(c->log, elapsed, &c->crashes, r);
    free(elapsed);
}

// counted counts a crasher of a cause found before, whose crash site is
// site (learn); false if it is new.
static bool coordinator_counted(coordinator *c, const crashSig *sig, uint64_t site) {
    crashRecord *r = fuzz_crashList_find(&c->crashes, sig->key);
    if (r == NULL) {
        return false;
    }
    r->count++;
    coordinator_learn(c, r, site);
    return true;
}

// minimizedOn is how the minimizing of a crasher that ended its worker goes
// on when the worker minimizing it ended too (-test.fuzzkeepgoing), while
// time is left. A candidate of another cause is recorded (or counted) as
// found, and minimizing the crasher goes on; one of the same cause,
// smaller, becomes the crasher minimized (the result is to be minimized:
// *again). Minimizing goes on in a worker with the candidate's crash site
// kept too, or, for a crash a worker cannot cut short (no site, or one it
// was given), in new processes (crash_minimize.c), where a candidate that
// crashes another way is not taken. It returns false when minimizing is
// over instead.
static bool coordinator_minimizedOn(coordinator *c, fuzzResult *result, crashSig *sig, bool same,
                                    bool *again) {
    *again = false;
    if (!c->minimizing.byWorker || !result->crashed ||
        (c->minimizing.deadline != 0 && time_now() >= c->minimizing.deadline) ||
        !fuzz_coordinator_canMinimize(c)) {
        return false;
    }
    bool cut = result->site != 0 && c->minimizing.nsite < knownKeepMax;
    for (uint32_t i = 0; i < c->minimizing.nsite; i++) {
        cut = cut && c->minimizing.site[i] != result->site;
    }
    if (!same) {
        if (!coordinator_counted(c, sig, result->site)) {
            coordinator_record(c, sig, &result->entry, result->crasherMsg, NULL, result->site);
        }
        c->minimizing.byWorker = result->site != 0;
        fuzz_coordinator_queueForMinimization(c, c->crashMinimizing, NULL);
        return true;
    }
    fuzz_fuzzResult_clear(c->crashMinimizing);
    free(c->crashMinimizing);
    c->crashMinimizing = NULL;
    c->minimizing.continuing = true;
    c->minimizing.byWorker = cut;
    result->canMinimize = true;
    *again = true;
    return true;
}

// learnMinimized has the workers go on after the crashes at the sites the
// minimizing of the crasher of cause key met.
static void coordinator_learnMinimized(coordinator *c, const char *key) {
    crashRecord *r = key != NULL ? fuzz_crashList_find(&c->crashes, key) : NULL;
    for (uint32_t i = 0; r != NULL && i < c->minimizing.nsite; i++) {
        coordinator_learn(c, r, c->minimizing.site[i]);
    }
    c->minimizing.byWorker = false;
    c->minimizing.nsite = 0;
}

// minimized handles the result of minimizing the crasher being minimized:
// the smaller input is kept when it fails for a new cause (normally the
// same one); when it fails for another cause, the original input is kept
// too, unminimized, so that no cause is lost. It returns false when the
// result is to be minimized on (minimizedOn).
static bool coordinator_minimized(coordinator *c, fuzzResult *result, crashSig *sig) {
    if (strcmp(result->crasherMsg, knownKeepMsg) == 0) {
        // A worker cut the candidates short at the crasher's sites, and the
        // smallest did not crash when run alone for its report (fuzz.c):
        // the original is kept, as a crasher that cannot be reproduced is.
        free(result->crasherMsg);
        result->crasherMsg = runtime_strdup(c->crashMinimizing->crasherMsg);
        fuzz_CorpusEntry_clear(&result->entry);
        result->entry = fuzz_CorpusEntry_copy(&c->crashMinimizing->entry);
        fuzz_crashSig_clear(sig);
        *sig = fuzz_crashSignature(result->crasherMsg);
    }
    crashSig orig = c->minimizingSig;
    bool same = strcmp(sig->key, orig.key) == 0, again;
    if (coordinator_minimizedOn(c, result, sig, same, &again)) {
        return !again;
    }
    c->minimizingSig = (crashSig){ 0 };
    char *origKey = runtime_strdup(orig.key);
    const char *origFile = c->crashOrigPath;
    // The original's crash site is its cause's (the candidates ran in new
    // processes, whose sites are not hashed).
    uint64_t site = c->crashMinimizing->site;
    if (!coordinator_counted(c, sig, same ? site : 0)) {
        coordinator_record(c, sig, &result->entry, result->crasherMsg, NULL, same ? site : 0);
    }
    // The file crash_minimize.c wrote before minimizing (if any) holds the
    // original input: it stays when the original is kept. It is kept even
    // when the run is stopping (the smaller input could not be written,
    // say), so that its cause is not lost.
    if (!same) {
        coordinator_record(c, &orig, &c->crashMinimizing->entry, c->crashMinimizing->crasherMsg,
                           origFile, site);
    } else if (origFile != NULL && !c->crashOrigExists &&
               (result->entry.Path == NULL || strcmp(origFile, result->entry.Path) != 0)) {
        unlink(origFile);
    }
    coordinator_learnMinimized(c, origKey);
    free(origKey);
    fuzz_crashSig_clear(&orig);
    free(c->crashOrigPath);
    c->crashOrigPath = NULL;
    c->crashOrigExists = false;
    fuzz_fuzzResult_clear(c->crashMinimizing);
    free(c->crashMinimizing);
    c->crashMinimizing = NULL;
    return true;
}

bool fuzz_coordinator_minimizeBySite(coordinator *c) {
    const fuzzResult *r = c->crashMinimizing;
    if (c->minimizing.continuing) {
        c->minimizing.continuing = false;
        if (c->minimizing.byWorker) {
            c->minimizing.site[c->minimizing.nsite++] = r->site;
        }
        return true;
    }
    c->minimizing.byWorker = r->crashed && r->site != 0;
    c->minimizing.nsite = 0;
    if (c->minimizing.byWorker) {
        c->minimizing.site[c->minimizing.nsite++] = r->site;
        c->minimizing.deadline =
                c->opts.MinimizeTimeout > 0 ? time_now() + c->opts.MinimizeTimeout : 0;
    }
    return false;
}

bool fuzz_coordinator_keepGoing(coordinator *c, fuzzResult *result) {
    int known = result->site != 0 && !result->fromMinimize
                        ? fuzz_knownTable_find(&c->known, result->site)
                        : -1;
    if (known >= 0 && (size_t)known < c->crashes.len) {
        // A crash at a site of a recorded cause, which ended its worker on
        // purpose, without a report (crash_recover.c).
        c->crashes.items[known].count++;
        return true;
    }
    crashSig sig = fuzz_crashSignature(result->crasherMsg);
    if (c->crashMinimizing != NULL && result->fromMinimize) {
        bool done = coordinator_minimized(c, result, &sig);
        fuzz_crashSig_clear(&sig);
        return done;
    }
    // A cause found before is counted; while one crasher is minimized,
    // others are dropped (a new cause will be met again).
    if (coordinator_counted(c, &sig, result->site) || c->crashMinimizing != NULL) {
        fuzz_crashSig_clear(&sig);
        return true;
    }
    if (fuzz_coordinator_canMinimize(c) && result->canMinimize) {
        c->minimizingSig = sig;
        return false;
    }
    coordinator_record(c, &sig, &result->entry, result->crasherMsg, NULL, result->site);
    return true;
}

void fuzz_coordinator_keepSeedFailure(coordinator *c, fuzzResult *result) {
    crashSig sig = fuzz_crashSignature(result->crasherMsg);
    if (!coordinator_counted(c, &sig, 0)) {
        // A seed of the testdata directory is its own crasher; one added
        // with f_add has no file, and is named as its subtest is (seed#N).
        // It is counted under its cause and listed at the end, but not
        // announced as found: it is a crasher of an earlier run (or of a
        // -fuzzmulti run's earlier turn), already reported there.
        const char *name = result->entry.Parent != NULL ? result->entry.Parent : result->entry.Path;
        crashRecord *r = fuzz_crashList_add(&c->crashes, &sig, name != NULL ? name : "seed#?",
                                            result->crasherMsg);
        r->seed = true;
        coordinator_learn(c, r, 0);
    }
    fuzz_crashSig_clear(&sig);
}

void fuzz_coordinator_keepUnminimized(coordinator *c) {
    if (c->crashMinimizing == NULL) {
        return;
    }
    crashSig sig = c->minimizingSig;
    c->minimizingSig = (crashSig){ 0 };
    if (sig.key == NULL) {
        sig = fuzz_crashSignature(c->crashMinimizing->crasherMsg);
    }
    char *key = runtime_strdup(sig.key);
    coordinator_record(c, &sig, &c->crashMinimizing->entry, c->crashMinimizing->crasherMsg,
                       c->crashOrigPath, c->crashMinimizing->site);
    coordinator_learnMinimized(c, key);
    free(key);
    fuzz_crashSig_clear(&sig);
}

void fuzz_coordinator_countKnown(coordinator *c, const uint64_t *counts) {
    for (size_t i = 0; i < c->crashes.len && i < knownCrashMax; i++) {
        c->crashes.items[i].count += counts[i];
    }
}
