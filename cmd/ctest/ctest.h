// ctest.h: names shared by the driver's files (Go's package scope for
// cmd/go/internal/{test,load,work,clean}). Not installed; the driver is an
// executable, so these names carry no prefix.
#ifndef CTEST_CMD_CTEST_CTEST_H
#define CTEST_CMD_CTEST_CTEST_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/std/std.h"

// strList is a Go []string: it owns its strings.
typedef struct strList {
    char **ptr;
    size_t len, cap;
} strList;

// strList_append appends a copy of s.
void strList_append(strList *l, const char *s);
// strList_appendOwned appends s and takes ownership of it.
void strList_appendOwned(strList *l, char *s);
void strList_appendAll(strList *l, const strList *from);
bool strList_contains(const strList *l, const char *s);
void strList_free(strList *l);

// testFuncs is load/test.go's testFuncs: the test and fuzz test functions of
// a package's *_test.c files, each list in source order (files in name order).
typedef struct testFuncs {
    strList Tests;       // TestXxx
    strList FuzzTargets; // FuzzXxx
} testFuncs;

void testFuncs_free(testFuncs *t);

// package is the part of load.Package the driver needs: a directory of C
// files.
typedef struct package {
    char *Dir;          // absolute, clean
    char *ImportPath;   // the name in ok/FAIL lines: see packagePath in load.c
    char *CachePath;    // the fuzz cache below $CTESTCACHE/fuzz: see packagePath
    strList CFiles;     // non-test *.c base names, sorted
    strList TestCFiles; // *_test.c base names, sorted
} package;

void package_free(package *p);

// ---- scan.re: load/test.go's isTest, isTestFunc, checkTestFunc ----

// isTest is load/test.go's isTest: name is prefix alone or prefix followed
// by anything but a lower-case letter, so TestFoo and Test_foo are tests and
// TesticularCancer is not.
bool isTest(const char *name, size_t n, const char *prefix);

// srcPos is a place in a source file: line and column, from 1, the column
// in bytes.
typedef struct srcPos {
    int line, col;
} srcPos;

typedef struct srcPosList {
    srcPos *ptr;
    size_t len, cap;
} srcPosList;

// scanStatements appends to out, in order, where each statement of the C
// source src[0:n] is: for coverage, C's counterpart of the statements Go's
// cover tool counts. A statement that ends with ';' is placed at the token
// before its ';' (so a return is placed inside clang's region for it, which
// stops short of the ';'); an if, for, while or switch at its keyword; the
// while of a do statement is not one of its own. Comments, literals and
// preprocessor lines hold none, nor do the ';' between parentheses. ctest:
// Go counts statements in its parser; this count is lexical. src[n] must
// be 0, as os_ReadFile leaves it: re2c's lexer reads it to see the end.
void scanStatements(const char *src, size_t n, srcPosList *out);

// scanFile scans the C source src[0:n] of the file at path (which error
// messages name). For a test file it appends the test and fuzz test
// functions it defines to t (which may then be NULL for other files); for
// any file it appends the arguments of its //ctest:cflags,
// //ctest:ldflags and //ctest:srcs lines to cflags, ldflags and srcs (srcs
// may be NULL), with ${SRCDIR} replaced by srcdir, and the flags of its
// //ctest:sanitize lines (appendSanitizeFlags) to cflags and ldflags. It
// returns Go's errors: a wrong signature, a malformed //ctest: line, and
// ctest's: a sanitizer //ctest:sanitize does not take. src[n] must be 0,
// as for scanStatements.
go_error *scanFile(const char *path, const char *srcdir, const char *src, size_t n, testFuncs *t,
                   strList *cflags, strList *ldflags, strList *srcs);

// splitQuoted is go/build's splitQuoted: it splits s at white space, with
// '...' and "..." quoting and backslash escapes.
go_error *splitQuoted(const char *s, size_t n, strList *out);

// ---- sanitize.c: the sanitizers of a build (ctest's own) ----

// appendSanitizeFlags appends to flags the compiler and linker flags of
// the sanitizers list ("address,undefined"): -fsanitize=list, and what
// makes a report fail the test and show its stack.
void appendSanitizeFlags(strList *flags, const char *list);
// sanitizerRuntime is what the reports of the sanitizer -fsanitize calls
// name[0:n] call it ("AddressSanitizer" for address), or NULL when it is
// none that //ctest:sanitize takes; knownSanitizers lists those, for
// messages (caller frees).
const char *sanitizerRuntime(const char *name, size_t n);
char *knownSanitizers(void);

// sanitizerOrigin is where a build's sanitizer comes from, in the order of
// how much it matters to the package: ctest's own build (CTEST_SANITIZE),
// the command (-sanitize, $CFLAGS), the package's //ctest:sanitize and
// //ctest:cflags lines (testing.h's testing_SanitizerOrigin).
typedef enum sanitizerOrigin { sanitizeCtest, sanitizeCommand, sanitizePackage } sanitizerOrigin;

// sanitizerList is the sanitizers a build has, each name once.
typedef struct buildSanitizer {
    char *name; // as -fsanitize names it
    sanitizerOrigin origin;
} buildSanitizer;

typedef struct sanitizerList {
    buildSanitizer *ptr;
    size_t len, cap;
} sanitizerList;

// sanitizerList_addFlags folds into l the -fsanitize= and -fno-sanitize=
// flags of args (the compiler's flags, in order) from origin; the fuzzer
// instrumentation is not counted.
void sanitizerList_addFlags(sanitizerList *l, const strList *args, sanitizerOrigin origin);
void sanitizerList_free(sanitizerList *l);

// ---- testmain.c: load/test.go's testmainTmpl ----

// formatTestmain returns the C source of the test main for t (caller
// frees). ctest: it hands tokens, when there are any, to the fuzzing
// engine (testing_AddFuzzTokens), and tells the test binary the
// sanitizers it is built with, when it has any (testing_SetSanitizers);
// both may be NULL.
char *formatTestmain(const testFuncs *t, const strList *tokens, const sanitizerList *sanitizers);
// formatEngineMain returns the C source of the entry points of the fuzz
// test name for another engine (ctest's -fuzzengine): LLVMFuzzerInitialize
// and LLVMFuzzerTestOneInput, and with replay a main that runs the inputs
// it is given (caller frees).
char *formatEngineMain(const char *name, bool replay);

// defaultCompiler is the compiler a package is built with when $CC is not
// set: builtWith (the one ctest was built with) when it is clang or when
// no clang is on path (a PATH value); else clang, whose coverage counters
// fuzzing needs (ctest's own: Go has one toolchain).
const char *defaultCompiler(const char *builtWith, const char *path);

// ctestLayout is where ctest's public headers and libraries are
// (layout.c): include is the directory to pass as -I, libs the libraries
// to link (NULL-terminated), hookLib the one of them that defines the
// coverage hooks (CTEST_HOOK_LIB), mallocLib the library that fuzzing
// builds link besides (ctest's malloc, for -fuzzmalloclimit), noEngineLib
// the one that -fuzzengine builds link in place of hookLib.
typedef struct ctestLayout {
    char *include;
    char *libs[4];
    const char *hookLib;
    char *mallocLib;
    char *noEngineLib;
} ctestLayout;

// layout returns the layout, found once from the driver's own executable.
const ctestLayout *layout(void);

// hasSuffix is strings.HasSuffix for the n bytes at s (load.c).
bool hasSuffix(const char *s, size_t n, const char *suffix);
// readDirNames appends the names in dir, but . and .., in name order
// (os.ReadDir's); false, with errno set, when dir cannot be read.
bool readDirNames(const char *dir, strList *names);
// dirHasFile reports whether dir holds a file whose name ends in suffix,
// leaving out the names go/build ignores (starting with . or _): with
// ".c", whether dir is a package (go/build's "no Go files" test).
bool dirHasFile(const char *dir, const char *suffix);

// warnUninstrumented warns, on stderr, of each library or object that the
// link arguments of a fuzzing build name (a path, or -l<name> found in a
// -L directory) and that has no coverage counters (linkcheck.c).
void warnUninstrumented(const char *importPath, const strList *linkArgs);

// collectTokens adds to words the string constants of the object files
// objs (tokens.c): the words of the fuzzing engine's token dictionary.
void collectTokens(const strList *objs, strList *words);

// ---- testflag.c: test/testflag.go ----

// testFlags holds the flags go test keeps for itself (test.go's testC, testO,
// testV, ...), set by parseTestFlags.
typedef struct testFlagsState {
    bool testC;             // -c
    char *testO;            // -o, or NULL
    bool testJSON;          // -json
    bool testCover;         // -cover, or -covermode or -coverprofile
    char *testCoverMode;    // -covermode: set (the default), count or atomic
    char *testCoverProfile; // -coverprofile, as given, or NULL
    char *outputDir;        // -outputdir, absolute, or NULL
    bool fuzzCacheSeeds;    // -fuzzcacheseeds (ctest's): the cache's inputs as seeds
    bool testV;             // -v
    char *testFuzz;         // -fuzz, or NULL
    char *fuzzTime;         // -fuzztime, as given, or NULL
    bool fuzzMulti;         // -fuzzmulti (ctest's): fuzz every fuzz test -fuzz matches
    char *fuzzEngineName;   // -fuzzengine (ctest's): the engine to build for, or NULL
    char *fuzzDictOut;      // -fuzzdictout (ctest's): absolute, or NULL
    bool fuzzKeepGoing;     // -fuzzkeepgoing (ctest's): fuzzing goes on after a crash
    bool fuzzMallocLimit;   // -fuzzmalloclimit (ctest's) given, and not 0
    // What -fuzzengine=libfuzzer's FuzzX.options and FuzzX.dict take from
    // the test binary's flags (ctest's, in enginefiles.c): -fuzztimeout
    // as given, -fuzzrsslimit and -fuzzmalloclimit in MB (-1 when not
    // given), -fuzzdict's file (absolute), or NULL.
    char *engineTimeout;
    int64_t engineRSSLimit, engineMallocLimit;
    char *engineDict;
    char *testList;      // -list, or NULL
    char *sanitize;      // -sanitize, or NULL (ctest's own flag)
    char *testBin;       // -testbin, absolute, or NULL (ctest's own flag)
    bool work;           // -work: keep the work directory
    int64_t buildP;      // -p (default: the number of CPUs)
    bool buildPSet;      // whether -p was given
    bool testHelp;       // -h among the test binary's flags
    int64_t testTimeout; // -timeout, nanoseconds; 10m by default
    // goSearch: -fuzzcmp=false, or GODEBUG=fuzzcmp=0 without -fuzzcmp
    // (ctest's): the test binary will search as Go does.
    bool goSearch;
    // ctest: the first flag ctest does not know, and, when no package was
    // named before it, the first argument after it that names a directory
    // (a package the flag's typo sent to the test binary), or NULL: the
    // hint loadPackages gives when the current directory is no package.
    const char *unknownFlag;
    char *strandedPackage;
} testFlagsState;

// parseTestFlags is testflag.go's testFlags: it returns the package
// arguments (pkgArgs; pkgArgsSet says whether any were named, Go's nil
// versus empty) and the arguments for the test binary (testArgs), and sets
// st. On misuse it prints Go's message and usage and exits 2.
void parseTestFlags(int argc, char **argv, testFlagsState *st, strList *pkgArgs, strList *testArgs);

// exitWithUsage prints go test's usage to stderr and exits 2.
_Noreturn void exitWithUsage(void);

// ---- load.c: packages, paths ----

// loadPackages resolves package arguments (directories, and dir/...
// patterns) to packages; with none, the current directory. Errors are
// printed as Go prints them and exit 1, after hint, a line of ctest's own,
// when it is not NULL.
void loadPackages(const strList *args, const char *hint, package **pkgs, size_t *npkgs);

// importPath names the package in dir as ok lines do (load.c's
// packagePath; caller frees).
char *importPath(const char *dir);
// importPathDir is the directory a package name stands for, from the
// invocation directory's project (caller frees), or NULL: go list's answer
// to go tool cover.
char *importPathDir(const char *name);
// cwd returns the invocation directory (borrowed, process lifetime).
const char *cwd(void);
// shortPath is base.ShortPath: path relative to the invocation directory
// when that is shorter (caller frees).
char *shortPath(const char *path);
// filepathJoin is filepath.Join of two elements, cleaned (caller frees).
char *filepathJoin(const char *a, const char *b);
// absPath is filepath.Abs against the invocation directory (caller frees).
char *absPath(const char *p);
// filepathClean is filepath.Clean (caller frees).
char *filepathClean(const char *p);
// removeAll is os.RemoveAll: it removes path and everything below it; a
// missing path is not an error.
go_error *removeAll(const char *path);
// cacheDir returns $CTESTCACHE, else $XDG_CACHE_HOME/ctest, else
// $HOME/.cache/ctest (caller frees); os.UserCacheDir's error otherwise.
go_error *cacheDir(char **dir);

// ---- build.c: compiling and linking a test binary ----

// fuzzEngine is the engine a build is for: ctest's own (the test binary),
// or, with -fuzzengine (ctest's), libFuzzer's entry points (libFuzzer,
// AFL++ and OSS-Fuzz's engines) or a main that replays inputs.
typedef enum fuzzEngine { engineNone, engineLibFuzzer, engineReplay } fuzzEngine;

// builder is work.Builder: one temporary work directory ($WORK) for the run.
typedef struct builder {
    char *WorkDir;
    bool keepWork; // -work (cfg.BuildWork)
    int nobj;      // numbers the per-package object directories (b001, ...)
    // FuzzInstrument holds the coverage flags for the package's own files
    // (Go's p.Internal.FuzzInstrument), empty unless fuzzing.
    strList FuzzInstrument;
    // Cover holds -cover's instrumentation (clang's source-based coverage)
    // for the package's files, not its tests; empty without -cover.
    strList Cover;
    // Sanitize holds -sanitize's compiler and linker flags for the package,
    // its tests and the test main, empty without -sanitize.
    strList Sanitize;
    // parallel is how many compilers may run at once (Go's -p); newBuilder
    // sets it to the number of CPUs.
    int parallel;
    // Engine is -fuzzengine's: buildFuzzers links the fuzzers for it, with
    // ctest_noengine in place of ctest's engine.
    fuzzEngine Engine;
    // DictOut is -fuzzdictout's file (ctest's): buildTest writes there the
    // words collectTokens reads from the package's objects; NULL: none.
    const char *DictOut;
} builder;

// newBuilder creates the work directory; with work (-work) it prints its
// name and builder_close keeps it.
go_error *newBuilder(builder *b, bool work);
// builder_close removes the work directory.
void builder_close(builder *b);
// fuzzInstrumentFlags is work/init.go's fuzzInstrumentFlags: it sets
// b->FuzzInstrument to the coverage instrumentation of the engine's hooks
// that the C compiler supports: a counter per basic block, as Go's
// compiler places them, for goSearch (Go's search); a counter per edge
// otherwise (ctest: see build.c). A compiler with no coverage counters the
// engine can read is an error (ctest: Go has no such case).
go_error *fuzzInstrumentFlags(builder *b, bool goSearch);
// coverInstrumentFlags sets b->Cover for -cover and finds the LLVM tools
// that read what it records (*profdata, *cov: caller frees). A compiler
// without source-based coverage, or tools not found, is an error (ctest:
// Go's compiler always has its cover tool).
go_error *coverInstrumentFlags(builder *b, char **profdata, char **cov);
// runOut runs argv in dir and returns its combined stdout and stderr in
// *out (caller frees) and whether it exited with status 0 (work/exec.go's
// runOut).
bool runOut(const char *dir, const strList *argv, char **out, size_t *outLen);
// sanitizeFlags sets b->Sanitize for -sanitize=list.
void sanitizeFlags(builder *b, const char *list);
// fuzzEngineFlags sets b up for -fuzzengine=engine: b->Engine, and for
// libfuzzer the instrumentation libFuzzer reads (-fsanitize=fuzzer-no-link,
// and -O1 as ctest's fuzzing builds have), unless $LIB_FUZZING_ENGINE is
// set: OSS-Fuzz's $CFLAGS then carry the engine's. An unknown engine, or
// a compiler without libFuzzer's instrumentation, is an error.
go_error *fuzzEngineFlags(builder *b, const char *engine);
// buildTest compiles p's C files and its generated test main and links them
// into target. Compiler output is shown as Go's showOutput shows it (on
// stderr, under a "# pkg" header); it returns false if the build failed.
// srcs are sources from outside the package (//ctest:srcs), compiled as
// the package's own files are.
bool buildTest(builder *b, const package *p, const testFuncs *t, const strList *cflags,
               const strList *ldflags, const strList *srcs, const char *target);
// buildFuzzers is buildTest for -fuzzengine: it compiles p's files once
// and links, for each fuzz test FuzzX of t, outDir/FuzzX, the package and
// FuzzX's entry points for b->Engine (formatEngineMain).
bool buildFuzzers(builder *b, const package *p, const testFuncs *t, const strList *cflags,
                  const strList *ldflags, const strList *srcs, const char *outDir);

// ---- cover.c: -cover, -covermode, -coverprofile ----

// initCover sets b up for -cover in mode (coverInstrumentFlags).
go_error *initCover(builder *b, const char *mode);
// initCoverProfile creates the profile at path (absolute) with its mode
// line (Go's initCoverProfile).
go_error *initCoverProfile(const char *mode, const char *path);
// coverBegin readies the run of the test binary at binary and returns the
// LLVM_PROFILE_FILE to run it with (caller frees).
char *coverBegin(const char *binary);
// coverReport reads what the run of binary recorded and returns Go's
// "coverage: ..." line for package p, or an "error: ..." message, or NULL
// if the binary recorded nothing (caller frees). It appends the package's
// blocks to the profile (Go's mergeCoverProfile). With corpus (ctest's
// -fuzzcacheseeds), the line goes on with ", corpus covers N of M
// branches", llvm-cov's count of the package's branches.
char *coverReport(const package *p, const strList *srcs, const char *binary, bool corpus);
// closeCoverProfile closes the profile (Go's closeCoverProfile).
go_error *closeCoverProfile(void);

// loadTestFuncs scans p's files: its tests (t) and //ctest: flags, and the
// files that //ctest:srcs patterns (relative to p's directory) match, in
// srcs. On error it returns it (load/test.go's "setup failed").
go_error *loadTestFuncs(const package *p, testFuncs *t, strList *cflags, strList *ldflags,
                        strList *srcs);

// ---- test2json.c: cmd/internal/test2json ----

// converter is test2json.Converter: test binary output in, JSON events out.
typedef struct converter converter;

// test2jsonTimestamp is test2json.Timestamp: include Time in events (and
// Elapsed times).
enum { test2jsonTimestamp = 1 };

// test2jsonInBuffer and test2jsonOutBuffer are the input and output buffer
// sizes (4096, 1024), variables so that tests can reduce them.
extern size_t test2jsonInBuffer, test2jsonOutBuffer;

// newConverter is test2json.NewConverter: the events go to w(arg, ...),
// whole JSON lines each; pkg, if not "", is the Package of each event.
converter *newConverter(void (*w)(void *arg, const char *p, size_t n), void *arg, const char *pkg,
                        int mode);
// converter_write is Converter.Write: p[0:n] of the test output.
void converter_write(converter *c, const char *p, size_t n);
// converter_exited is Converter.Exited: whether the test process exited
// with status 0 (Go's err == nil).
void converter_exited(converter *c, bool ok);
// converter_close is Converter.Close (flush, then the package's final
// event) and frees c.
void converter_close(converter *c);

// ---- enginefiles.c: -fuzzengine=libfuzzer's build contract (ctest's own) ----

// writeEngineFiles writes, beside each binary FuzzX that buildFuzzers
// linked into outDir for p's fuzz tests t, the files of OSS-Fuzz's build
// contract: FuzzX_seed_corpus.zip, FuzzX.dict (when FuzzX has words) and
// FuzzX.options, from the binary's own list of its seeds and words, p's
// testdata and flags' limits. It says what is wrong on stderr and returns
// false when a file cannot be made.
bool writeEngineFiles(builder *b, const package *p, const testFuncs *t, const char *outDir,
                      const testFlagsState *flags);
// writeTokenDict writes words (collectTokens's) to path as a dictionary
// file in libFuzzer's and AFL's format, each once; no words make an empty
// file (-fuzzdictout).
go_error *writeTokenDict(const strList *words, const char *path);

// ---- main.c: test.go's steps, which fuzzmulti.c takes too ----

// builderNoTest prints the line of a package without test files.
void builderNoTest(const package *p);
// builderBuild loads p's tests and builds its test binary at target
// (builderTest's build step), with the //ctest:srcs files it finds in
// srcs. A package that cannot be set up or built has its FAIL line
// printed and the exit status set, and builderBuild returns false.
bool builderBuild(builder *b, const package *p, const char *target, strList *srcs);
// packageElem is the last element of p's path (borrowed), which names its
// test binary: elem.test.
const char *packageElem(const package *p);
// testBinaryArgs appends to args the test binary and the arguments the
// driver always gives it: -test.paniconexit0 and, when fuzzing or running
// the cache as seeds, -test.fuzzcachedir (builderRunTest's cmd.Args).
void testBinaryArgs(const package *p, const char *binary, strList *args);

// ---- run.c: running a test binary, the driver's signals and exit status ----

// setExitStatus is base.SetExitStatus: the largest status wins;
// getExitStatus is base.GetExitStatus.
void setExitStatus(int n);
int getExitStatus(void);

// testKillTimeout is how long runBinary lets a test binary run before it
// kills it ("forever" unless -timeout; Go: 100 years).
extern int64_t testKillTimeout;

// interrupted records a SIGINT, which the test binary (in the same process
// group) gets too and handles (base.StartSigHandlers: the go command waits
// for it). brokenPipe is set when stdout's reader has gone (ctest ... |
// head): the driver stops the test binary it runs, removes its work
// directory and then dies of SIGPIPE, as it would have at its first write.
// terminated (ctest's own) records a SIGTERM passed on to the running test
// binary, which stops fuzzing as on ^C; the driver then ends by SIGTERM
// once the binary's output is through.
extern volatile sig_atomic_t interrupted, brokenPipe, terminated;

// startSigHandlers installs the handlers of SIGCHLD (which wakes
// runBinary), SIGINT, SIGPIPE and SIGTERM.
go_error *startSigHandlers(void);

// jsonOut is the package's test2json converter with -json (Go's stdout
// writer in builderRunTest and builderNoTest), else NULL.
extern converter *jsonOut;

// newJSONConverter is the converter of -json's events for the package
// named importPath, written to stdout.
converter *newJSONConverter(const char *importPath);

// writeStdout writes to the standard output: through jsonOut with -json.
void writeStdout(const char *p, size_t n);
void printStdout(const char *format, ...) __attribute__((format(printf, 1, 2)));

// runOutput is where a test binary's output goes: streamed to stdout, kept in
// buf, or both (builderRunTest's stdout writer).
typedef struct runOutput {
    bool toStdout, toBuf;
    strings_Builder buf; // what was kept, with toBuf
    // line, when not NULL, takes the output instead, a whole line at a
    // time with its '\n' (a last line without one when the binary has
    // exited), and lineArg first (ctest's: -fuzzmulti rewrites and reads
    // the fuzzing progress lines); partial holds a line begun.
    void (*line)(void *lineArg, const char *p, size_t n);
    void *lineArg;
    strings_Builder partial;
    // hints are the lines "ctest: hint: ..." the binary left (ctest's own:
    // testing/hint.c), for stderr once its output has been shown.
    strings_Builder hints;
} runOutput;

void runOutput_write(runOutput *o, const char *p, size_t n);
// runOutput_printHints writes o's hints to stderr and forgets them.
void runOutput_printHints(runOutput *o);
void runOutput_printf(runOutput *o, const char *format, ...) __attribute__((format(printf, 2, 3)));

// runBinary starts args in p's directory with stdout and stderr going to
// o (through a pipe unless o only streams to the terminal), waits for it,
// killing it after testKillTimeout as builderRunTest does, and returns its
// wait status; *ok says whether it exited with status 0.
int runBinary(const package *p, const strList *args, runOutput *o, bool *ok);

// ---- fuzzsched.c, fuzzmulti.c: -fuzzmulti (ctest's own) ----

// fuzzSchedule is which of a -fuzzmulti run's fuzz tests fuzzes next, and
// for how long (fuzzsched.c).
typedef struct fuzzSchedule fuzzSchedule;

// newFuzzSchedule schedules n fuzz tests (numbered 0..n-1) sharing limit:
// nanoseconds of fuzzing, or with count executions (-fuzztime=Nx); a limit
// of 0 is none.
fuzzSchedule *newFuzzSchedule(size_t n, int64_t limit, bool count);
// fuzzSchedule_next says which fuzz test (*i) fuzzes next and for how long
// or how many executions (*amount), or returns false when the limit is
// spent.
bool fuzzSchedule_next(fuzzSchedule *s, size_t *i, int64_t *amount);
// fuzzSchedule_done records that fuzz test i's slice spent what it spent
// (the time it took, or the executions it was given) and how fast it was
// finding new inputs as it ended (rate: new inputs a second over the
// corpus's size; negative when the turn could not tell).
void fuzzSchedule_done(fuzzSchedule *s, size_t i, int64_t spent, double rate);
void fuzzSchedule_free(fuzzSchedule *s);

// fuzzProgress is what a progress line of a turn says: the time since its
// fuzzing started (ns), the new interesting inputs and the corpus's size.
typedef struct fuzzProgress {
    int64_t elapsed, found, total;
} fuzzProgress;

// fuzzRecentRate is how fast a turn was still finding new inputs as it
// ended, from its n progress lines p: the new inputs of the last third of
// its progress, a second, over the corpus's size; -1 (not measured)
// without two progress lines a while apart, as when the turn spent its
// time minimizing a crasher ("fuzz: elapsed: 3s, minimizing" lines carry
// no counts).
double fuzzRecentRate(const fuzzProgress *p, size_t n);

// runFuzzMulti is -fuzzmulti's run of pkgs (fuzzmulti.c): it builds each
// package, runs its tests and seeds, then fuzzes every fuzz test -fuzz
// matches in turn, sharing -fuzztime, and prints each package's ok or
// FAIL line. flags and testArgs are parseTestFlags's; pkgArgs says whether
// packages were named. The exit status is set as go test sets it.
void runFuzzMulti(builder *b, const package *pkgs, size_t npkgs, const testFlagsState *flags,
                  const strList *testArgs, bool pkgArgs);

// ---- coverhtml.c: cmd/cover ----

// runToolCover is `ctest tool cover` (argv[0] is "cover"): go tool cover's
// -html; it returns the exit status.
int runToolCover(int argc, char **argv);

// ---- corpuscmd.c, corpusselect.c: ctest corpus (ctest's own) ----

// runCorpus is `ctest corpus`: argv[0] is "corpus".
int runCorpus(int argc, char **argv);

// corpusTarget is what ctest corpus import and export work on
// (corpusraw.c): a fuzz test, its corpus directories and its fuzz
// function's kinds, which corpuscmd.c asks its test binary for.
typedef struct corpusTarget {
    const char *fuzz;        // the fuzz test's name
    const char *testdataDir; // its testdata/fuzz directory
    const char *cacheDir;    // its fuzz cache
    const go_kind *kinds;    // its fuzz function's kinds
    size_t nkinds;           // how many
    char *const *seedFiles;  // its f_add seeds, as v1 files
    size_t nseedFiles;       // how many
    bool dryRun;             // -n: change nothing
    bool verbose;            // -v: name each file written
} corpusTarget;

// notAnInput reports whether a file named name, in a directory of another
// engine's inputs, is no input: AFL++'s README.txt beside its crashes and
// hangs, or a hidden file (corpusraw.c).
bool notAnInput(const char *name);
// corpusImport writes each raw file that paths name, and each file in
// each directory they name, to the testdata directory as a v1 file; it
// returns the exit status.
int corpusImport(const corpusTarget *c, const strList *paths);
// corpusExport writes the f_add seeds and the v1 files of the testdata
// directory and the cache to outDir as raw files; it returns the exit
// status.
int corpusExport(const corpusTarget *c, const char *outDir);

// seedZipCounts is what corpusSeedZip wrote: the f_add seeds and
// testdata's files it read, and the files of the archive (an input both
// ways is there once).
typedef struct seedZipCounts {
    size_t seeds, testdata, files;
} seedZipCounts;

// corpusSeedZip writes the f_add seeds and testdata's v1 files (not the
// cache's) as raw files, each named by its SHA-256, to a zip archive at
// path (with libzip, which writes a temporary file and renames it), the
// seed corpus of OSS-Fuzz's build contract. An input that cannot be read
// is said on stderr and makes it an error, with no archive left. With no
// input at all, libzip writes no archive and removes one there.
go_error *corpusSeedZip(const corpusTarget *c, const char *path, seedZipCounts *counts);
// kindsOfTypes reads the fields of a types record (mergectl.h) into kinds,
// at most max of them, and returns how many (corpuscmd.c).
size_t kindsOfTypes(const char *types, go_kind *kinds, size_t max);

// selectInput is one input of corpusSelect.
typedef struct selectInput {
    size_t size;        // its size in bytes: smaller inputs are tried first
    const uint32_t *ft; // its coverage features, each once, in any order
    size_t nft;
    bool keep; // kept whatever it covers, its features covered from the start
    bool skip; // never kept (it did not run cleanly); ignored with keep
} selectInput;

// selectStats counts the features (with the seeds') that the keep inputs
// cover (present), that all inputs but the skipped ones cover (all), and
// that the inputs chosen cover (chosen, always all).
typedef struct selectStats {
    size_t present, all, chosen;
} selectStats;

// corpusSelect sets chosen[i] for each of the n inputs kept: each keep
// input, and of the others a set with all their features that the seeds
// (features too) and keep inputs lack, found as libFuzzer's -merge=1 finds
// it (smallest first), then with every input that has nothing of its own
// dropped.
selectStats corpusSelect(const selectInput *in, size_t n, const uint32_t *seeds, size_t nseeds,
                         bool *chosen);

// ---- exitstatus.c ----

// exitErrorString is (*exec.ExitError).Error() for a wait status: "exit
// status 1", "signal: segmentation fault" (caller frees).
char *exitErrorString(int status);

// ---- clean.c: clean/clean.go ----

// runFlags is `ctest flags` (flagscmd.c): argv[0] is "flags".
int runFlags(int argc, char **argv);

// shellQuote writes s to b as one word of a POSIX shell command: as it is
// when it holds only characters the shell leaves alone, else in single
// quotes (flagscmd.c).
void shellQuote(strings_Builder *b, const char *s);
// writePackageArg writes a space and the package argument that names dir
// from the invocation directory (./sub, ../x or an absolute path), quoted
// for the shell (flagscmd.c).
void writePackageArg(strings_Builder *b, const char *dir);

// runClean is `ctest clean`: argv[0] is "clean".
int runClean(int argc, char **argv);

// ---- help.c, helpdocs.c: `ctest help [topic]` (ctest's own) ----

// helpPage is a page of docs/ built into the driver: its topic ("flags"),
// its path in the repository ("docs/FLAGS.md") and its text.
typedef struct helpPage {
    const char *topic;
    const char *path;
    const char *text;
} helpPage;

// helpPages are docs/'s pages, sorted by path (helpdocs.c, which
// cmake/embed_docs.cmake writes).
extern const helpPage helpPages[];
extern const size_t nhelpPages;

// runHelp is `ctest help`: argv[0] is "help".
int runHelp(int argc, char **argv);

#endif // CTEST_CMD_CTEST_CTEST_H
