// fuzz.h: the names internal/fuzz exports to the testing package, as Go's
// internal/fuzz exports CorpusEntry, ReadCorpus, CheckCorpus,
// CoordinateFuzzing and RunFuzzWorker to testing/internal/testdeps.
//
// Of package testing, only testdeps.c includes this header (STYLE.md),
// and the engine's own files include it with the header of each concern
// they use.
#ifndef CTEST_INTERNAL_FUZZ_FUZZ_H
#define CTEST_INTERNAL_FUZZ_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "internal/std/go.h"
#include "internal/std/std.h"

// fuzz_CorpusEntry is Go's CorpusEntry: one input, from f_add (a seed, Path
// "seed#N"), a testdata or cache file (Path its file name), or the mutator.
// The entry owns every pointer in it, including the bytes its Values point
// to; fuzz_CorpusEntry_clear frees them.
typedef struct fuzz_CorpusEntry {
    char *Parent;     // the Path of the entry this one was mutated from, or NULL
    char *Path;       // file path or "seed#N"; NULL while unnamed
    uint8_t *Data;    // the marshaled file contents, or NULL if not marshaled
    size_t DataLen;   // bytes at Data
    go_value *Values; // the arguments; NULL for an entry whose values were dropped
    size_t NValues;   // how many Values
    int Generation;   // how many mutations from a seed
    bool IsSeed;      // from f_add or testdata
} fuzz_CorpusEntry;

// fuzz_CorpusEntry_clear frees what e owns and zeroes it; NULL is a no-op.
void fuzz_CorpusEntry_clear(fuzz_CorpusEntry *e);

// fuzz_kindTypeName is the name reflect gives the kind's type: "[]uint8",
// "string", "uint8" (for byte), "int32" (for rune), "float64", ...
const char *fuzz_kindTypeName(go_kind k);

// fuzz_copyValues returns a deep copy of n values: new storage for bytes and
// strings; the caller frees it with fuzz_freeValues.
go_value *fuzz_copyValues(const go_value *vals, size_t n);
void fuzz_freeValues(go_value *vals, size_t n);

// fuzz_marshalCorpusFile is encoding.go's marshalCorpusFile: the
// "go test fuzz v1" file for the n values (n >= 1). Caller frees *out.
void fuzz_marshalCorpusFile(const go_value *vals, size_t n, uint8_t **out, size_t *outlen);
// fuzz_unmarshalCorpusFile is encoding.go's unmarshalCorpusFile, with Go's
// error texts. On success *vals (free with fuzz_freeValues) and *n are set.
go_error *fuzz_unmarshalCorpusFile(const uint8_t *data, size_t len, go_value **vals, size_t *n);
// fuzz_isCorpusFile reports whether data's first line is the version line
// of a "go test fuzz v1" file (ctest's: ctest corpus merge takes any other
// file of a raw corpus as the bytes of the one argument).
bool fuzz_isCorpusFile(const uint8_t *data, size_t len);
// fuzz_corpusNote returns the sanitizers that the note of the corpus file
// data names, as the note has them ("address,undefined"), or NULL when it
// has none (caller frees). ctest's own: a crasher found under a sanitizer
// carries a Go comment after its first value, "//ctest:sanitize address",
// which Go's decoder skips (encoding.c).
char *fuzz_corpusNote(const uint8_t *data, size_t len);
// fuzz_setCorpusNote sets *out (caller frees) to the corpus file data with
// a note naming sanitizers in place of the note it had, if any, and
// returns true; false, with *out not set, when data is no corpus file
// with a value.
bool fuzz_setCorpusNote(const uint8_t *data, size_t len, const char *sanitizers, uint8_t **out,
                        size_t *outlen);

// fuzz_CheckCorpus is CheckCorpus: nil, or "wrong number of values in corpus
// entry: 1, want 2" / "mismatched types in corpus entry: [int], want [string]".
go_error *fuzz_CheckCorpus(const go_value *vals, size_t n, const go_kind *types, size_t ntypes);

// fuzz_MalformedCorpusErrorType tags Go's *MalformedCorpusError, for
// errors_As: ReadCorpus returns it together with the well-formed entries.
extern const go_errorType fuzz_MalformedCorpusErrorType;

// fuzz_ReadCorpus is ReadCorpus: every regular file in dir, in name order,
// unmarshaled and checked against types. A missing dir is no corpus and no
// error. Malformed files are collected in a MalformedCorpusError (one line
// per file: "\"path\": unmarshal: ...") returned along with the good entries;
// other errors return no entries. *entries (free each with
// fuzz_CorpusEntry_clear, then the array) and *n are always set.
go_error *fuzz_ReadCorpus(const char *dir, const go_kind *types, size_t ntypes,
                          fuzz_CorpusEntry **entries, size_t *n);

// fuzz_corpusFileName is the name writeToCorpus gives data: the hex SHA-256
// of the file contents, as Go 1.19 names files in testdata/fuzz and the
// cache. Caller frees.
char *fuzz_corpusFileName(const uint8_t *data, size_t len);

// ---- the engine (fuzz.c, worker.c) ----

// fuzz_CoordinateFuzzingOpts is CoordinateFuzzingOpts.
typedef struct fuzz_CoordinateFuzzingOpts {
    FILE *Log;                    // progress output (os.Stderr in testdeps); NULL discards
    int64_t Timeout;              // fuzzing time (ns); 0 is no limit
    int64_t Limit;                // values to test; 0 is no limit
    int64_t MinimizeTimeout;      // per-input minimization time (ns); 0 is no limit
    int64_t MinimizeLimit;        // per-input minimization values; 0 is no limit
    go_int Parallel;              // worker processes; 0 is one per CPU
    const fuzz_CorpusEntry *Seed; // the seed corpus (borrowed)
    size_t NSeed;                 // how many
    const go_kind *Types;         // the fuzz function's argument kinds
    size_t NTypes;                // how many
    const char *CorpusDir;        // where a crasher is written (testdata/fuzz/FuzzX)
    const char *CacheDir;         // where interesting inputs are written
    // ctest: -test.fuzztimeout, how long one call of the fuzz function may
    // run before its worker counts as hung (ns); 0 is 10s, Go's fixed time.
    int64_t FuzzTimeout;
    // ctest: -test.fuzzkeepgoing: a crasher is written, once minimized,
    // and fuzzing goes on; one crasher is written for each cause
    // (crashes.h), and the run's error lists them.
    bool KeepGoing;
    // ctest: -test.fuzzstats: the progress lines of the default search
    // also give the coverage, the corpus, the crashes and the workers'
    // memory (coordinator.c's logStats).
    bool Stats;
    // ctest: -test.fuzzmalloclimit as given (MB; 0: not given), for the
    // warning of a build whose malloc the limit cannot see. The workers
    // read their limits from their own flags.
    int64_t MallocLimitMB;
    // ctest: the limit on one allocation the workers keep (MB; 0: none),
    // -test.fuzzmalloclimit or else -test.fuzzrsslimit, which an
    // AddressSanitizer build checks before it allocates (fuzz_workerEnv).
    int64_t AllocLimitMB;
    // ctest: Go re-executes os.Args; C passes them in.
    int Argc;
    char **Argv;
} fuzz_CoordinateFuzzingOpts;

// fuzz_crashErrorType tags Go's *crashError: errors_As returns its payload,
// the path of the crasher written (a char *), for CrashPath.
extern const go_errorType fuzz_crashErrorType;

// fuzz_InternalErrorType tags an error of the fuzzing engine itself, not a
// failure of the code under test (engine_error.c): F.Fuzz prints it and
// exits 2, and no input is written. ctest: Go has no such kind; its
// engine's panics end a worker like a crash of the input.
extern const go_errorType fuzz_InternalErrorType;

// fuzz_CoordinateFuzzing is CoordinateFuzzing: it starts workers, fuzzes
// until the time or count runs out, an error occurs or SIGINT arrives, and
// returns nil or the error (a crashError for a crasher written).
go_error *fuzz_CoordinateFuzzing(const fuzz_CoordinateFuzzingOpts *opts);

// fuzz_fuzzFn runs the fuzz function on n values. It returns NULL if they
// pass, or the failure's output, borrowed until the next call ("" for a
// failure with no output).
typedef const char *(*fuzz_fuzzFn)(void *ctx, const go_value *vals, size_t n);

// fuzz_UseCmp is -test.fuzzcmp (default true). ctest: not in Go. When
// set, the fuzz target's comparisons (trace-cmp, memcmp, strcmp, ...) are
// recorded and the mutator uses their operands as a dictionary; when
// clear, the coordinator and workers search exactly as Go's do. Both
// processes must agree on it (the worker gets the coordinator's flags).
extern bool fuzz_UseCmp;

// The token dictionary (ctest's, with fuzz_UseCmp; tokens.c): words the
// mutator writes into []byte and string values. The coordinator and its
// workers must add the same words in the same order (each process of the
// test binary does so as it starts).
//
// fuzz_AddTokens adds the words of blob, len bytes of NUL-separated words:
// the string constants of the package's code, which the driver collects.
void fuzz_AddTokens(const char *blob, size_t len);
// fuzz_LoadDictFile adds the words of a dictionary file in libFuzzer's
// -dict format (-test.fuzzdict).
go_error *fuzz_LoadDictFile(const char *path);

// fuzz_RunFuzzWorkerOpts is what RunFuzzWorker is told beyond Go's
// arguments. ctest: every field.
typedef struct fuzz_RunFuzzWorkerOpts {
    // Timeout is how long one call of fn may run before the process ends
    // as hung (ns; 0 is Go's 10s): -test.fuzztimeout.
    int64_t Timeout;
    // RSSLimitMB ends the process as out of memory when its resident
    // memory passes it during a call of fn (0: no limit):
    // -test.fuzzrsslimit.
    int64_t RSSLimitMB;
    // MallocLimitMB ends it for one allocation larger than it during a
    // call (0: RSSLimitMB): -test.fuzzmalloclimit.
    int64_t MallocLimitMB;
    // PrintFrames writes the stack of such an allocation (NULL: glibc's
    // symbols only).
    void (*PrintFrames)(int fd, void *const *pcs, int n);
    // AbortInput, called from inside fn, unwinds it to its caller, which
    // ends the input without a report: how a worker goes on after a crash
    // of a recorded cause (-test.fuzzkeepgoing). NULL: go_panic does.
    void (*AbortInput)(void);
} fuzz_RunFuzzWorkerOpts;

// fuzz_RunFuzzWorker is RunFuzzWorker: in a worker process, it serves the
// coordinator's calls on fds 3 and 4 until fuzz_in closes, running fn,
// with the limits of opts.
go_error *fuzz_RunFuzzWorker(fuzz_fuzzFn fn, void *ctx, const fuzz_RunFuzzWorkerOpts *opts);

// fuzz_MergeOpts is what the test binary's -test.fuzzmerge mode runs
// (ctest's own, for ctest corpus; Go has no corpus minimization).
typedef struct fuzz_MergeOpts {
    const char *CtlPath;          // the control file (mergectl.h)
    fuzz_fuzzFn Fn;               // runs the fuzz function on one input
    void *Ctx;                    // Fn's first argument
    const go_kind *Types;         // the fuzz function's argument kinds
    size_t NTypes;                // how many
    const fuzz_CorpusEntry *Seed; // the f_add seeds (borrowed), run first
    size_t NSeed;                 // how many
    int64_t Timeout;              // how long one input may run (ns); 0 is 10s
} fuzz_MergeOpts;

// fuzz_RunMerge runs the inputs of the control file that no earlier
// process started, one after the other in this process, and records the
// coverage features of each in the file (mergerun.c). The first process
// checks every input first: it records each that cannot be run and
// returns an error if there is one. An input that runs past the timeout
// ends the process with status 2.
go_error *fuzz_RunMerge(const fuzz_MergeOpts *o);

// fuzz_ListSeedsOpts is what a binary built for another engine says of
// its fuzz test when the driver asks (ctest's own: ctest -fuzzengine's
// seed corpus and dictionary).
typedef struct fuzz_ListSeedsOpts {
    const char *CtlPath;          // the control file the driver created (mergectl.h)
    const go_kind *Types;         // the fuzz function's argument kinds
    size_t NTypes;                // how many
    const fuzz_CorpusEntry *Seed; // the f_add seeds (borrowed)
    size_t NSeed;                 // how many
    const char *Dict;             // the f_add_dict words, each followed by a NUL
    size_t DictLen;               // their bytes, NULs included
} fuzz_ListSeedsOpts;

// fuzz_ListSeeds appends to the control file the types record, a seed
// record for each f_add seed and a dict record for each f_add_dict word
// (mergectl.c; the corpus files' library, which such a binary links).
go_error *fuzz_ListSeeds(const fuzz_ListSeedsOpts *o);

// fuzz_CallStart is, during a call of fn by RunFuzzWorker, when the call
// started (time_now's clock), 0 between calls; in the fuzz loop, the loop
// clock's last read, at most a few calls earlier (loopclock.h). ctest: the
// worker's T takes it as its start, so that an execution need not read
// the clock.
int64_t fuzz_CallStart(void);

// fuzz_ResetCoverage and fuzz_SnapshotCoverage are coverage.go's
// ResetCoverage and SnapshotCoverage, which testdeps exports to testing:
// the fuzz function's run resets the counters and snapshots them after
// (defined in coverage.c, declared in internal.h too).
void fuzz_ResetCoverage(void);
void fuzz_SnapshotCoverage(void);

#endif // CTEST_INTERNAL_FUZZ_FUZZ_H
