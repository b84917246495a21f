// (none) ctest's own: a fuzz test run by another fuzzing engine. Go's
// fuzz tests run only under Go's engine; `ctest -fuzzengine=libfuzzer`
// builds, for each fuzz test, a binary for the engines of OSS-Fuzz
// (libFuzzer, AFL++), whose generated LLVMFuzzerInitialize and
// LLVMFuzzerTestOneInput call the functions here, and -fuzzengine=replay
// one whose main (replay.c) runs the inputs it is given through them, as
// OSS-Fuzz's coverage and reproduction builds do.
//
// The fuzz test's body runs once, with an F in fuzzExternal mode, up to
// its f_fuzz call, which keeps the fuzz function (frunner.c, fuzz.c).
// Each input is then raw bytes, read as the fuzz function's arguments in
// the raw layout (internal/fuzz/rawlayout.c), and run as a fuzz worker
// runs one: on one T, with t_error, t_fatal, t_skip and go_panic meaning
// what they mean under ctest. A failure ends the process with abort(), a
// crash to the engine, after printing what the T printed (and the panic).
//
// With CTEST_LISTSEEDS set to a control file (internal/fuzz/mergectl.h),
// the binary writes its fuzz function's types, its f_add seeds and its
// f_add_dict words there once the body has run, and exits: the driver
// asks the binary it built, which alone knows them, for its seed corpus
// and dictionary (OSS-Fuzz's FuzzX_seed_corpus.zip and FuzzX.dict).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/internal.h"

// __libfuzzer_is_present is libFuzzer's runtime's; weak, so that it is
// NULL under another engine's driver (AFL++'s libAFLDriver).
extern int __libfuzzer_is_present __attribute__((weak));

// fuzzTest is the fuzz test, once started; NULL when its body skipped it
// (every input then passes). kinds are its fuzz function's.
static testing_F *fuzzTest;
static bool started;
static const go_kind *kinds;
static size_t nkinds;

// listSeeds writes the fuzz test's types, seeds and words to the control
// file ctl and exits; a body that skipped writes nothing.
static _Noreturn void listSeeds(const char *ctl) {
    go_error *err = NULL;
    if (fuzzTest != NULL) {
        err = testing_deps_ListSeeds(ctl, kinds, nkinds, fuzzTest->corpus, fuzzTest->ncorpus,
                                     strings_Builder_String(&fuzzTest->dict),
                                     strings_Builder_Len(&fuzzTest->dict));
    }
    if (err != NULL) {
        fprintf(stderr, "listing the seeds of %s: %s\n", fuzzTest->common.name,
                go_error_Error(err));
        go_error_free(err);
        exit(1);
    }
    exit(0);
}

void testing_FuzzerInitialize(const testing_InternalFuzzTarget *target) {
    if (started) {
        return;
    }
    started = true;
    if (&__libfuzzer_is_present == NULL) {
        // ctest: armed once (the handler, this process), then switched on
        // around each input by testing_FuzzerTestOneInput.
        testing_setPanicOnExit0(true);
        testing_togglePanicOnExit0(false);
    }
    fuzzTest = testing_startExternal(target);
    if (fuzzTest != NULL) {
        kinds = testing_F_externalKinds(fuzzTest, &nkinds);
    }
    const char *ctl = getenv("CTEST_LISTSEEDS");
    if (ctl != NULL && ctl[0] != '\0') {
        listSeeds(ctl); // ctest: the driver asks for the seed corpus
    }
}

const char *testing_runExternalInput(const testing_InternalFuzzTarget *target, const uint8_t *data,
                                     size_t size) {
    // An engine that does not call LLVMFuzzerInitialize starts it here.
    testing_FuzzerInitialize(target);
    if (fuzzTest == NULL) {
        return NULL;
    }
    go_value *vals = testing_deps_unmarshalRaw(data, size, kinds, nkinds);
    const char *failure = testing_F_runExternal(fuzzTest, vals, nkinds);
    testing_deps_freeValues(vals, nkinds);
    return failure;
}

void testing_abortExternal(const char *failure) {
    fflush(stdout);
    fputs(failure, stderr);
    fflush(stderr);
    abort();
}

int testing_FuzzerTestOneInput(const testing_InternalFuzzTarget *target, const uint8_t *data,
                               size_t size) {
    // libFuzzer reports a fuzz function that exits ("fuzz target
    // exited"); under another engine's driver exit(0) would end the run
    // as a pass, so it panics here, as in ctest's own runs and fails the
    // input: AFL++ sees a crash.
    bool catchExit = &__libfuzzer_is_present == NULL;
    if (catchExit) {
        testing_togglePanicOnExit0(true);
    }
    const char *failure = testing_runExternalInput(target, data, size);
    if (catchExit) {
        testing_togglePanicOnExit0(false);
    }
    if (failure != NULL) {
        testing_abortExternal(failure);
    }
    return 0;
}
