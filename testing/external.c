// (none) ctest's own: a fuzz test run by another fuzzing engine. Go's
// fuzz tests run only under Go's engine; `ctest -fuzzengine=libfuzzer`
// builds, for each fuzz test, a binary for the engines of OSS-Fuzz
// (libFuzzer, AFL++), whose generated LLVMFuzzerInitialize and
// LLVMFuzzerTestOneInput call the functions here, and -fuzzengine=replay
// one whose main runs the inputs it is given, as OSS-Fuzz's coverage and
// reproduction builds do.
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
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testing/internal.h"

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
    fuzzTest = testing_startExternal(target);
    if (fuzzTest != NULL) {
        kinds = testing_F_externalKinds(fuzzTest, &nkinds);
    }
    const char *ctl = getenv("CTEST_LISTSEEDS");
    if (ctl != NULL && ctl[0] != '\0') {
        listSeeds(ctl); // ctest: the driver asks for the seed corpus
    }
}

int testing_FuzzerTestOneInput(const testing_InternalFuzzTarget *target, const uint8_t *data,
                               size_t size) {
    // An engine that does not call LLVMFuzzerInitialize starts it here.
    testing_FuzzerInitialize(target);
    if (fuzzTest == NULL) {
        return 0;
    }
    go_value *vals = testing_deps_unmarshalRaw(data, size, kinds, nkinds);
    const char *failure = testing_F_runExternal(fuzzTest, vals, nkinds);
    testing_deps_freeValues(vals, nkinds);
    if (failure != NULL) {
        fflush(stdout);
        fputs(failure, stderr);
        fflush(stderr);
        abort();
    }
    return 0;
}

static int compareNames(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

// replayFile runs the input in the file at path and says so as libFuzzer
// does; it returns false when the file cannot be read.
static bool replayFile(const testing_InternalFuzzTarget *target, const char *path) {
    char *data;
    size_t n;
    go_error *err = os_ReadFile(path, &data, &n);
    if (err != NULL) {
        fprintf(stderr, "%s\n", go_error_Error(err));
        go_error_free(err);
        return false;
    }
    testing_FuzzerInitialize(target); // what the body prints comes first
    fprintf(stderr, "Running: %s\n", path);
    int64_t start = time_now();
    testing_FuzzerTestOneInput(target, (const uint8_t *)data, n);
    fprintf(stderr, "Executed %s in %" PRId64 " ms\n", path, (time_now() - start) / 1000000);
    free(data);
    return true;
}

// replayDir runs the inputs of the files in dir, in name order; its
// subdirectories are not read (AFL++'s queue/.state). It returns how many
// inputs it could not read, or -1 when dir cannot be read.
static int replayDir(const testing_InternalFuzzTarget *target, const char *dir) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        return -1;
    }
    size_t n = 0, cap = 0;
    char **names = NULL;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (n == cap) {
            cap = cap > 0 ? 2 * cap : 64;
            names = runtime_realloc(names, cap * sizeof *names);
        }
        names[n++] = runtime_sprintf("%s/%s", dir, de->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, compareNames);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode) && !replayFile(target, names[i])) {
            bad++;
        }
        free(names[i]);
    }
    free(names);
    return bad;
}

int testing_FuzzerReplay(const testing_InternalFuzzTarget *target, int argc, char **argv) {
    size_t inputs = 0;
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "-help") == 0 ||
            strcmp(argv[i], "--help") == 0) {
            inputs = 0;
            break;
        }
        if (argv[i][0] == '-') {
            // An engine's flag, as OSS-Fuzz's scripts pass to any build.
            fprintf(stderr, "INFO: ignoring flag %s: this binary only replays inputs\n", argv[i]);
            continue;
        }
        inputs++;
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "stat %s: %s\n", argv[i], strerror(errno));
            bad++;
        } else if (S_ISDIR(st.st_mode)) {
            int n = replayDir(target, argv[i]);
            if (n < 0) {
                fprintf(stderr, "open %s: %s\n", argv[i], strerror(errno));
                bad++;
            } else {
                bad += n;
            }
        } else if (!replayFile(target, argv[i])) {
            bad++;
        }
    }
    if (inputs == 0) {
        fprintf(stderr,
                "usage: %s FILE|DIR...\nruns fuzz test %s on the raw bytes of each FILE and of "
                "each file in each DIR\n",
                argc > 0 ? argv[0] : target->Name, target->Name);
        return 2;
    }
    return bad > 0 ? 1 : 0;
}
