// mergectl.h: the control file of `ctest corpus` (mergectl.c), through
// which the driver and the test binary's -test.fuzzmerge mode talk: the
// inputs to run, and what running each one gave. ctest's own; Go has no
// corpus minimization (golang.org/issue/49290). The driver links this file
// too.
#ifndef CTEST_INTERNAL_FUZZ_MERGECTL_H
#define CTEST_INTERNAL_FUZZ_MERGECTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/fuzz.h"

// The file is text, a record a line, each written whole by one write(2)
// on a descriptor opened with O_APPEND, so that a process killed between
// two records leaves every earlier one intact. The driver writes
//
//   ctest fuzzmerge v1 <N>
//   input keep|try v1|raw "<path>"        N of these, the inputs 0..N-1
//
// and the test binary appends, as it works (<i> an input's number):
//
//   error <i> "<why>"      validation: input i cannot be run (first run only)
//   types <type>...        validation passed: the fuzz function's types
//   seed "<v1 file>"       after types, each f_add seed as a v1 file
//   dict "<word>"          after the seeds, each f_add_dict word (written
//                          only for ctest -fuzzengine: see fuzz_ListSeeds)
//   seeds <feature>...     the features of the f_add seeds, at each start
//   started <i>            before running input i
//   ft <i> <feature>...    after it: its coverage features (its edge
//                          counters' and its comparisons' outcomes) that
//                          the seeds and the keep inputs run before it in
//                          this process do not have
//   failed <i> "<output>"  it failed the fuzz test (t_error, a panic, ...)
//   done <i>               it ran to the end
//   hung <i>               it ran past -test.fuzztimeout: the process ends
//   finished               every input has run
//
// The driver adds `crashed <i> "<how>"` when the process died running
// input i; the next process starts after the last input started. A keep
// input is kept whatever the outcome (a testdata file, a cache file that
// minimization may not remove); a try input is kept only if it adds
// coverage. A raw input is a "go test fuzz v1" file, or else raw bytes
// in the raw layout (rawlayout.h: libFuzzer's and AFL++'s corpora).
// A quoted field is strconv.Quote's and always comes last on its line.

// fuzz_mergeState is what became of an input.
typedef enum fuzz_mergeState {
    fuzz_mergeNotRun, // not started yet
    fuzz_mergeStarted,
    fuzz_mergeDone,    // ran to the end: ft holds its features
    fuzz_mergeFailed,  // ran to the end and failed the fuzz test: msg
    fuzz_mergeCrashed, // its process died: msg says how
    fuzz_mergeHung,    // it ran past the time limit
    fuzz_mergeInvalid, // it could not be run at all: msg says why
} fuzz_mergeState;

// fuzz_mergeInput is one input of the control file, with what the
// records say of it.
typedef struct fuzz_mergeInput {
    char *path;
    bool keep; // kept whatever it covers
    bool raw;  // may hold raw bytes rather than a v1 file
    fuzz_mergeState state;
    uint32_t *ft; // its features, as recorded (ascending)
    size_t nft;
    char *msg; // why it failed, crashed or is invalid
} fuzz_mergeInput;

// fuzz_mergeCtl is a control file as read.
typedef struct fuzz_mergeCtl {
    fuzz_mergeInput *in;
    size_t n;
    char *types;      // the types record's fields, or NULL before it
    char **seedFiles; // the seed records' v1 files, in f_add's order
    size_t nseedFiles;
    char **dictWords; // the dict records' words, in f_add_dict's order
    size_t ndictWords;
    uint32_t *seeds; // the last seeds record's features
    size_t nseeds;
    size_t nstarted; // how many started records there are
    int64_t last;    // the input last started, or -1
    bool finished;   // a finished record is there
    size_t ninvalid; // how many inputs have an error record
} fuzz_mergeCtl;

// fuzz_mergeCtl_create writes the header and the n inputs' lines (each
// input's path, keep and raw) to a new file at path.
go_error *fuzz_mergeCtl_create(const char *path, const fuzz_mergeInput *in, size_t n);
// fuzz_mergeCtl_read reads the control file at path into ctl (freed with
// fuzz_mergeCtl_free). An unfinished last line, of a process killed while
// writing it, is not read.
go_error *fuzz_mergeCtl_read(const char *path, fuzz_mergeCtl *ctl);
void fuzz_mergeCtl_free(fuzz_mergeCtl *ctl);

// fuzz_mergeCtl_open opens the control file to add records: a descriptor
// for the functions below, or -1 with errno set.
int fuzz_mergeCtl_open(const char *path);
// The records, each one write(2) of a whole line. They return false when
// the write failed (errno set).
bool fuzz_mergeCtl_writeIndex(int fd, const char *record, size_t i);
bool fuzz_mergeCtl_writeQuoted(int fd, const char *record, size_t i, const char *text);
bool fuzz_mergeCtl_writeFeatures(int fd, const char *record, int64_t i, const uint32_t *ft,
                                 size_t n);
bool fuzz_mergeCtl_writeTypes(int fd, const go_kind *types, size_t n);
bool fuzz_mergeCtl_writeSeed(int fd, const char *v1file);
// fuzz_mergeCtl_writeSeeds writes a seed record for each of the n f_add
// seeds (those without values, read from files, are not f_add's).
bool fuzz_mergeCtl_writeSeeds(int fd, const fuzz_CorpusEntry *seed, size_t n);
bool fuzz_mergeCtl_writeWord(int fd, const char *word);
bool fuzz_mergeCtl_writeFinished(int fd);
// fuzz_mergeCtl_indexLine formats the line of the record `record i` into
// buf, without allocating (the hang watchdog writes it): its length, or 0
// if it does not fit.
size_t fuzz_mergeCtl_indexLine(char *buf, size_t size, const char *record, size_t i);

// fuzz_kindByTypeName is the kind whose type fuzz_kindTypeName names name,
// or GO_KIND_INVALID.
go_kind fuzz_kindByTypeName(const char *name, size_t len);

#endif // CTEST_INTERNAL_FUZZ_MERGECTL_H
