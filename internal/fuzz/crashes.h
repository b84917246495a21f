// crashes.h: ctest's -test.fuzzkeepgoing (none in Go): what a crash is
// (crash_signature.c) and the distinct crashes a run has found (crashes.c).
#ifndef CTEST_INTERNAL_FUZZ_CRASHES_H
#define CTEST_INTERNAL_FUZZ_CRASHES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "internal/fuzz/fuzz.h"

// crashSig is the cause of a crash, read from its message: two crashers
// with the same key are taken for the same bug. key is what is compared;
// title is a one-line description for people.
typedef struct crashSig {
    char *key;
    char *title;
} crashSig;

// fuzz_crashSignature reads msg, a crasher's message (the fuzz function's
// failure output, or how its worker ended followed by what the worker wrote
// on stderr), and returns its cause:
//   - a sanitizer's report: the report's kind (heap-buffer-overflow,
//     runtime error: ...), READ or WRITE, and its first three frames of
//     the code under test, or UBSan's source location;
//   - a signal with ctest's crash report: the signal and the first three
//     frames of the code under test;
//   - a panic: where go_panic was called, or else its message;
//   - a t_error/t_fatal failure: the file:line of its first line;
//   - anything else: the message's first line.
// A frame of the code under test is one whose file is an absolute path
// outside ctest's own testing/ and internal/; the frames a symbolizer
// writes for functions inlined at one address are one, the function the
// compiler emitted.
// Numbers in messages are left out of the key, so that the same bug met
// with other values is the same crash. The caller frees with
// fuzz_crashSig_clear.
crashSig fuzz_crashSignature(const char *msg);
void fuzz_crashSig_clear(crashSig *s);
// fuzz_crashHasCause reports whether msg's cause has key.
bool fuzz_crashHasCause(const char *msg, const char *key);

// crashRecord is one distinct crash: its cause, the crasher written for it
// (or the seed that has it) and how many crashing inputs were found with
// that cause.
typedef struct crashRecord {
    crashSig sig;
    char *path;   // the crasher's file (in testdata/fuzz/FuzzX), or the seed's name
    char *msg;    // the crasher's message
    size_t count; // inputs found with this cause, the written one included
    // seed says that a seed corpus entry has this cause: a crasher of an
    // earlier run in testdata (or an f_add seed) that failed in the
    // warm-up, counted but not announced as found.
    bool seed;
} crashRecord;

typedef struct crashList {
    crashRecord *items;
    size_t len, cap;
} crashList;

// fuzz_crashList_find returns the crash with key, or NULL.
crashRecord *fuzz_crashList_find(crashList *l, const char *key);
// fuzz_crashList_add records a new distinct crash; it takes sig and copies
// path and msg.
crashRecord *fuzz_crashList_add(crashList *l, crashSig *sig, const char *path, const char *msg);
void fuzz_crashList_free(crashList *l);

// fuzz_crashList_report prints the crash just found and recorded: its
// cause, its message indented, and where its input was written.
void fuzz_crashList_report(FILE *log, const char *elapsed, const crashList *l,
                           const crashRecord *r);

// fuzz_crashesErrorType tags the error a keep-going run returns when it
// found crashes; errors_As gives the run's crashList.
extern const go_errorType fuzz_crashesErrorType;
// fuzz_newCrashesError takes l's crashes into a new error.
go_error *fuzz_newCrashesError(crashList *l);

#endif // CTEST_INTERNAL_FUZZ_CRASHES_H
