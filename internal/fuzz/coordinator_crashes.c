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

// record writes e as the crasher of a new cause (taking sig) and prints
// it. An existing file (the unminimized crasher crash_minimize.c wrote)
// is used as it is. A crasher that cannot be written stops the run, as
// Go's does, with its message and its input.
static void coordinator_record(coordinator *c, crashSig *sig, fuzz_CorpusEntry *e, const char *msg,
                               const char *written) {
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
    char *elapsed = fuzz_coordinator_elapsed(c);
    fuzz_crashList_report(c->log, elapsed, &c->crashes, r);
    free(elapsed);
}

// counted counts a crasher of a cause found before; false if it is new.
static bool coordinator_counted(coordinator *c, const crashSig *sig) {
    crashRecord *r = fuzz_crashList_find(&c->crashes, sig->key);
    if (r == NULL) {
        return false;
    }
    r->count++;
    return true;
}

// minimized handles the result of minimizing the crasher being minimized:
// the smaller input is kept when it fails for a new cause (normally the
// same one); when it fails for another cause, the original input is kept
// too, unminimized, so that no cause is lost.
static void coordinator_minimized(coordinator *c, fuzzResult *result, crashSig *sig) {
    crashSig orig = c->minimizingSig;
    c->minimizingSig = (crashSig){ 0 };
    bool same = strcmp(sig->key, orig.key) == 0;
    const char *origFile = c->crashOrigPath;
    if (!coordinator_counted(c, sig)) {
        coordinator_record(c, sig, &result->entry, result->crasherMsg, NULL);
    }
    // The file crash_minimize.c wrote before minimizing (if any) holds the
    // original input: it stays when the original is kept. It is kept even
    // when the run is stopping (the smaller input could not be written,
    // say), so that its cause is not lost.
    if (!same) {
        coordinator_record(c, &orig, &c->crashMinimizing->entry, c->crashMinimizing->crasherMsg,
                           origFile);
    } else if (origFile != NULL && !c->crashOrigExists &&
               (result->entry.Path == NULL || strcmp(origFile, result->entry.Path) != 0)) {
        unlink(origFile);
    }
    fuzz_crashSig_clear(&orig);
    free(c->crashOrigPath);
    c->crashOrigPath = NULL;
    c->crashOrigExists = false;
    fuzz_fuzzResult_clear(c->crashMinimizing);
    free(c->crashMinimizing);
    c->crashMinimizing = NULL;
}

bool fuzz_coordinator_keepGoing(coordinator *c, fuzzResult *result) {
    crashSig sig = fuzz_crashSignature(result->crasherMsg);
    if (c->crashMinimizing != NULL && result->fromMinimize) {
        coordinator_minimized(c, result, &sig);
        fuzz_crashSig_clear(&sig);
        return true;
    }
    // A cause found before is counted; while one crasher is minimized,
    // others are dropped (a new cause will be met again).
    if (coordinator_counted(c, &sig) || c->crashMinimizing != NULL) {
        fuzz_crashSig_clear(&sig);
        return true;
    }
    if (fuzz_coordinator_canMinimize(c) && result->canMinimize) {
        c->minimizingSig = sig;
        return false;
    }
    coordinator_record(c, &sig, &result->entry, result->crasherMsg, NULL);
    return true;
}

void fuzz_coordinator_keepSeedFailure(coordinator *c, fuzzResult *result) {
    crashSig sig = fuzz_crashSignature(result->crasherMsg);
    if (!coordinator_counted(c, &sig)) {
        // A seed of the testdata directory is its own crasher; one added
        // with f_add has no file, and is named as its subtest is (seed#N).
        // It is counted under its cause and listed at the end, but not
        // announced as found: it is a crasher of an earlier run (or of a
        // -fuzzmulti run's earlier turn), already reported there.
        const char *name = result->entry.Parent != NULL ? result->entry.Parent : result->entry.Path;
        crashRecord *r = fuzz_crashList_add(&c->crashes, &sig, name != NULL ? name : "seed#?",
                                            result->crasherMsg);
        r->seed = true;
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
    coordinator_record(c, &sig, &c->crashMinimizing->entry, c->crashMinimizing->crasherMsg,
                       c->crashOrigPath);
    fuzz_crashSig_clear(&sig);
}
