// testing.h: the one header a test file includes, as <testing/testing.h>.
//
// The C face of Go's package testing (go1.19.8 src/testing): T and F with
// their methods as t_* and f_* macros, which pass the caller's file and line
// so that messages carry them as Go prints them. docs/API.md lists them.
//
// A public header: it includes only internal/std/go.h, testing/common_methods.h
// and <stdarg.h>, <stddef.h>, <stdint.h>, <stdbool.h>.
#ifndef CTEST_TESTING_TESTING_H
#define CTEST_TESTING_TESTING_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "internal/std/go.h"
#include "testing/common_methods.h"

#ifdef __cplusplus
extern "C" {
#endif

// testing_T is Go's *testing.T: the state of one running test or subtest.
typedef struct testing_T testing_T;
// testing_F is Go's *testing.F: the state of one running fuzz test.
typedef struct testing_F testing_F;

#ifndef CTEST_NO_SHORT_NAMES
typedef testing_T T;
typedef testing_F F;
#endif

// The functions behind the t_* macros: testing_T_Log, testing_T_Logf, ...,
// testing_T_Setenv as common_methods.h lists them, then Parallel and Run.
// Each that prints takes the caller's file and line where Go would find
// them with runtime.Caller.
TESTING_COMMON_METHODS(TESTING_DECLARE, testing_T)
void testing_T_Parallel(testing_T *t);
bool testing_T_Run(testing_T *t, const char *name, void (*fn)(testing_T *t, void *arg), void *arg);

// T's methods (Go's (*T).Log, ...). Log, Error, Fatal and Skip take one
// string, as Go's t.Log("msg"); the f forms are printf-style. Fatal, FailNow,
// Skip and SkipNow end the test at once, as runtime.Goexit does in Go.
// t_name's string and t_tempdir's directory belong to t and last as long as
// the test. t_run returns whether the subtest passed.
#define t_log(t, msg) testing_T_Log((t), __FILE__, __LINE__, (msg))
#define t_logf(t, ...) testing_T_Logf((t), __FILE__, __LINE__, __VA_ARGS__)
#define t_error(t, msg) testing_T_Error((t), __FILE__, __LINE__, (msg))
#define t_errorf(t, ...) testing_T_Errorf((t), __FILE__, __LINE__, __VA_ARGS__)
#define t_fatal(t, msg) testing_T_Fatal((t), __FILE__, __LINE__, (msg))
#define t_fatalf(t, ...) testing_T_Fatalf((t), __FILE__, __LINE__, __VA_ARGS__)
#define t_skip(t, msg) testing_T_Skip((t), __FILE__, __LINE__, (msg))
#define t_skipf(t, ...) testing_T_Skipf((t), __FILE__, __LINE__, __VA_ARGS__)
#define t_fail(t) testing_T_Fail(t)
#define t_failnow(t) testing_T_FailNow(t)
#define t_skipnow(t) testing_T_SkipNow(t)
#define t_failed(t) testing_T_Failed(t)
#define t_skipped(t) testing_T_Skipped(t)
#define t_name(t) testing_T_Name(t)
#define t_helper(t) testing_T_Helper((t), __func__)
#define t_cleanup(t, fn, arg) testing_T_Cleanup((t), (fn), (arg))
#define t_tempdir(t) testing_T_TempDir(t)
#define t_setenv(t, key, value) testing_T_Setenv((t), (key), (value))
#define t_parallel(t) testing_T_Parallel(t)
#define t_run(t, name, fn, arg) testing_T_Run((t), (name), (fn), (arg))

// The functions behind the f_* macros: F's twins of T's methods, from the
// same list, then Add and Fuzz.
TESTING_COMMON_METHODS(TESTING_DECLARE, testing_F)
// testing_F_Add is (*F).Add: it copies the n values (and the bytes they
// point to) into the seed corpus.
void testing_F_Add(testing_F *f, const char *file, int line, const go_value *vals, size_t n);
// testing_F_AddDict adds word (1 to 64 bytes) to the words the mutator
// writes while f is fuzzed. ctest: Go has no dictionary.
void testing_F_AddDict(testing_F *f, const char *word);
// testing_F_Fuzz is (*F).Fuzz: fn is called through libffi as
// fn(T *, kinds[0], ..., kinds[n-1]) with the C types of the kinds.
void testing_F_Fuzz(testing_F *f, const char *file, int line, void (*fn)(void),
                    const go_kind *kinds, size_t n);

#define f_log(f, msg) testing_F_Log((f), __FILE__, __LINE__, (msg))
#define f_logf(f, ...) testing_F_Logf((f), __FILE__, __LINE__, __VA_ARGS__)
#define f_error(f, msg) testing_F_Error((f), __FILE__, __LINE__, (msg))
#define f_errorf(f, ...) testing_F_Errorf((f), __FILE__, __LINE__, __VA_ARGS__)
#define f_fatal(f, msg) testing_F_Fatal((f), __FILE__, __LINE__, (msg))
#define f_fatalf(f, ...) testing_F_Fatalf((f), __FILE__, __LINE__, __VA_ARGS__)
#define f_skip(f, msg) testing_F_Skip((f), __FILE__, __LINE__, (msg))
#define f_skipf(f, ...) testing_F_Skipf((f), __FILE__, __LINE__, __VA_ARGS__)
#define f_fail(f) testing_F_Fail(f)
#define f_failnow(f) testing_F_FailNow(f)
#define f_skipnow(f) testing_F_SkipNow(f)
#define f_failed(f) testing_F_Failed(f)
#define f_skipped(f) testing_F_Skipped(f)
#define f_name(f) testing_F_Name(f)
#define f_helper(f) testing_F_Helper((f), __func__)
#define f_cleanup(f, fn, arg) testing_F_Cleanup((f), (fn), (arg))
#define f_tempdir(f) testing_F_TempDir(f)
#define f_setenv(f, key, value) testing_F_Setenv((f), (key), (value))
#define f_add_dict(f, word) testing_F_AddDict((f), (word))

// f_add(f, GO_BYTES("x"), GO_INT(1), ...): each argument must be a go_value,
// which the compound literal checks.
#define f_add(f, ...)                                                                              \
    testing_F_Add((f), __FILE__, __LINE__, (const go_value[]){ __VA_ARGS__ },                      \
                  sizeof((const go_value[]){ __VA_ARGS__ }) / sizeof(go_value))

// f_fuzz(f, fn, GO_BYTES, GO_INT, ...): fn must be a
// void (*)(T *, go_bytes, go_int, ...) whose parameter types are those of the
// kinds, in order; anything else fails to compile. ctest: Go reads the types
// from the function with reflect; C names them twice, and this checks one
// against the other. Types, not their names, are compared: kinds that share
// a C type (GO_INT and GO_INT64, GO_UINT and GO_UINT64) pass for each other.
// With no kinds, Go's run-time panic reports the missing arguments.
#define f_fuzz(f, ...)                                                                             \
    TESTING_CAT(TESTING_FUZZ_, TESTING_ONE_OR_MANY(__VA_ARGS__))((f), __VA_ARGS__)
#define TESTING_FUZZ_ONE(f, fn) testing_F_Fuzz(f, __FILE__, __LINE__, (void (*)(void))(fn), NULL, 0)
#define TESTING_FUZZ_MANY(f, fn, ...)                                                              \
    ((void)sizeof(struct {                                                                         \
         _Static_assert(_Generic((fn), void (*)(testing_T *, TESTING_CTYPES(__VA_ARGS__)) : 1,     \
                                 default : 0),                                                     \
                        "f_fuzz: the fuzz function's parameter types do not match its kinds");     \
         int ok;                                                                                   \
     }),                                                                                           \
     testing_F_Fuzz(f, __FILE__, __LINE__, (void (*)(void))(fn), (const go_kind[]){ __VA_ARGS__ }, \
                    sizeof((const go_kind[]){ __VA_ARGS__ }) / sizeof(go_kind)))

// Preprocessor plumbing for f_fuzz: up to 16 kinds.
#define TESTING_CAT(a, b) TESTING_CAT_(a, b)
#define TESTING_CAT_(a, b) a##b
#define TESTING_NARGS(...)                                                                         \
    TESTING_NARGS_(__VA_ARGS__, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define TESTING_NARGS_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, \
                       N, ...)                                                                     \
    N
#define TESTING_ONE_OR_MANY(...)                                                                   \
    TESTING_NARGS_(__VA_ARGS__, MANY, MANY, MANY, MANY, MANY, MANY, MANY, MANY, MANY, MANY, MANY,  \
                   MANY, MANY, MANY, MANY, MANY, ONE, _)
#define TESTING_CTYPES(...) TESTING_CAT(TESTING_CTYPES_, TESTING_NARGS(__VA_ARGS__))(__VA_ARGS__)
#define TESTING_CTYPES_1(a) GO_CTYPE(a)
#define TESTING_CTYPES_2(a, ...) GO_CTYPE(a), TESTING_CTYPES_1(__VA_ARGS__)
#define TESTING_CTYPES_3(a, ...) GO_CTYPE(a), TESTING_CTYPES_2(__VA_ARGS__)
#define TESTING_CTYPES_4(a, ...) GO_CTYPE(a), TESTING_CTYPES_3(__VA_ARGS__)
#define TESTING_CTYPES_5(a, ...) GO_CTYPE(a), TESTING_CTYPES_4(__VA_ARGS__)
#define TESTING_CTYPES_6(a, ...) GO_CTYPE(a), TESTING_CTYPES_5(__VA_ARGS__)
#define TESTING_CTYPES_7(a, ...) GO_CTYPE(a), TESTING_CTYPES_6(__VA_ARGS__)
#define TESTING_CTYPES_8(a, ...) GO_CTYPE(a), TESTING_CTYPES_7(__VA_ARGS__)
#define TESTING_CTYPES_9(a, ...) GO_CTYPE(a), TESTING_CTYPES_8(__VA_ARGS__)
#define TESTING_CTYPES_10(a, ...) GO_CTYPE(a), TESTING_CTYPES_9(__VA_ARGS__)
#define TESTING_CTYPES_11(a, ...) GO_CTYPE(a), TESTING_CTYPES_10(__VA_ARGS__)
#define TESTING_CTYPES_12(a, ...) GO_CTYPE(a), TESTING_CTYPES_11(__VA_ARGS__)
#define TESTING_CTYPES_13(a, ...) GO_CTYPE(a), TESTING_CTYPES_12(__VA_ARGS__)
#define TESTING_CTYPES_14(a, ...) GO_CTYPE(a), TESTING_CTYPES_13(__VA_ARGS__)
#define TESTING_CTYPES_15(a, ...) GO_CTYPE(a), TESTING_CTYPES_14(__VA_ARGS__)
#define TESTING_CTYPES_16(a, ...) GO_CTYPE(a), TESTING_CTYPES_15(__VA_ARGS__)

// testing_Short and testing_Verbose are Go's testing.Short() and
// testing.Verbose(): whether -test.short and -test.v are set.
bool testing_Short(void);
bool testing_Verbose(void);

// testing_InternalTest and testing_InternalFuzzTarget are Go's
// testing.InternalTest and InternalFuzzTarget: the tables the driver's
// generated test main hands to testing_Main.
typedef struct testing_InternalTest {
    const char *Name;        // "TestXxx"
    void (*F)(testing_T *t); // the test function
} testing_InternalTest;

typedef struct testing_InternalFuzzTarget {
    const char *Name;         // "FuzzXxx"
    void (*Fn)(testing_F *f); // the fuzz test function
} testing_InternalFuzzTarget;

// testing_Main is testing.MainStart(...).Run() followed by os.Exit: it parses
// the -test.* flags in argv, runs the matching tests and fuzz tests (or fuzzes,
// or serves as a fuzz worker) and returns the exit status Go's test binary
// would exit with.
int testing_Main(int argc, char **argv, const testing_InternalTest *tests, size_t ntests,
                 const testing_InternalFuzzTarget *fuzzTargets, size_t nfuzzTargets);

// testing_FuzzerInitialize, testing_FuzzerTestOneInput and
// testing_FuzzerReplay run the fuzz test target under another fuzzing
// engine. ctest: Go's fuzz tests run only under its own engine; `ctest
// -fuzzengine=...` builds, for each fuzz test, a binary whose generated
// LLVMFuzzerInitialize and LLVMFuzzerTestOneInput (the entry points of
// libFuzzer, AFL++ and OSS-Fuzz's engines) call the first two, and whose
// main, for -fuzzengine=replay, calls the third (testing/external.c,
// testing/replay.c).
//
// testing_FuzzerInitialize runs target's body once, up to its f_fuzz
// call, which keeps the fuzz function; its failure ends the process with
// status 1. testing_FuzzerTestOneInput (which initializes first when that
// was not done) reads the fuzz function's arguments from the size bytes
// at data, in the raw layout, and runs it as a fuzz worker runs an input:
// a failure (t_error, t_fatal, ...) or panic is printed on stderr and
// ends the process with abort(), a crash to the engine; a skip or a pass
// returns 0. testing_FuzzerReplay runs it on the contents of each file
// its arguments name, and of each file in each directory they name, under
// libFuzzer's -timeout, -rss_limit_mb and -malloc_limit_mb, and returns
// the exit status.
void testing_FuzzerInitialize(const testing_InternalFuzzTarget *target);
int testing_FuzzerTestOneInput(const testing_InternalFuzzTarget *target, const uint8_t *data,
                               size_t size);
int testing_FuzzerReplay(const testing_InternalFuzzTarget *target, int argc, char **argv);

// testing_AddFuzzTokens hands the fuzzing engine words for its mutator:
// len bytes of NUL-separated words. ctest: the generated test main calls
// it, before testing_Main, with the string constants of the package's
// code; Go has no dictionary.
void testing_AddFuzzTokens(const char *blob, size_t len);

// testing_SanitizerOrigin says where a sanitizer of the test binary comes
// from: ctest's own build (CTEST_SANITIZE, which builds every package
// with it), the command (ctest's -sanitize, or $CFLAGS), or the package
// (its //ctest:sanitize or //ctest:cflags lines), which every build of it
// has.
typedef enum testing_SanitizerOrigin {
    testing_SanitizerCtest,
    testing_SanitizerCommand,
    testing_SanitizerPackage,
} testing_SanitizerOrigin;

// testing_Sanitizer is one sanitizer the test binary is built with.
typedef struct testing_Sanitizer {
    const char *Name;               // as -fsanitize names it: "address"
    const char *Runtime;            // what its reports call it: "AddressSanitizer"; "" if unknown
    testing_SanitizerOrigin Origin; // where it comes from
} testing_Sanitizer;

// testing_SetSanitizers tells the test binary the n sanitizers it is
// built with (s is kept). ctest: the generated test main calls it, before
// testing_Main, so that the seed run refuses a corpus file that was found
// under a sanitizer the binary lacks, and fuzzing notes a crasher that a
// sanitizer found (testing/sanitize.c); Go has no sanitizers.
void testing_SetSanitizers(const testing_Sanitizer *s, size_t n);

#ifdef __cplusplus
}
#endif

#endif // CTEST_TESTING_TESTING_H
