// crash_minimize.h: minimizing a crasher that ended its worker process, a
// new process per candidate (crash_minimize.c).
#ifndef CTEST_INTERNAL_FUZZ_CRASH_MINIMIZE_H
#define CTEST_INTERNAL_FUZZ_CRASH_MINIMIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/mem.h"
#include "internal/fuzz/messages.h"

// fuzz_runCandidate runs data (a marshaled corpus file) once in a new worker
// process with shared memory mem: the process is started, pinged and given
// a warm-up fuzz call. *crashed reports whether the process ended during the
// call as a crash does (not a hang, nor a signal no input causes); then *msg
// (caller frees) is the crash's message, as the coordinator words it. A
// process killed after backstop ns is no crash. If intrFd (>= 0) becomes
// readable (^C), the process is killed, *interrupted set, and the byte left
// for the caller. The error is a process that could not start or answer
// the ping.
go_error *fuzz_runCandidate(const char *binPath, char **args, char **env, sharedMem *mem,
                            const uint8_t *data, size_t n, int64_t backstop, int intrFd,
                            bool *crashed, char **msg, bool *intr);

// crashMinimizer is what minimizing a crash takes from the coordinator.
typedef struct crashMinimizer {
    const char *binPath;   // the test binary (borrowed)
    char **args;           // its worker arguments (borrowed)
    char **env;            // the workers' environment (borrowed)
    int intrFd;            // the ^C pipe's read end, or -1
    const char *corpusDir; // where the crasher is written (testdata/fuzz/FuzzX)
    int64_t fuzzTimeout;   // -test.fuzztimeout (ns); 0 is the default, 10s
    // stopAt is when -test.fuzztime is up (time_now's clock; 0: never):
    // minimizing stops there, as Go's does when its context ends.
    int64_t stopAt;
    // tick, if set, is called with ctx after each candidate: the
    // coordinator's stats ticker, which its loop cannot run meanwhile.
    void (*tick)(void *ctx);
    void *ctx;
} crashMinimizer;

// fuzz_minimizeCrash minimizes input's crasher, which ended its worker,
// running each candidate in a new worker process, and sets *out (the
// caller owns it) to what a worker's minimize call would have handed
// back. The unminimized crasher is written to cfg->corpusDir first, so
// that it is kept whatever happens: *origPath (the caller frees it) is its
// path and *origExisted whether it was there before; *origPath stays NULL
// when it cannot be written, and minimizing goes on. The error is a
// crasher that could not be read; *out is then not set.
go_error *fuzz_minimizeCrash(const crashMinimizer *cfg, const fuzzMinimizeInput *input,
                             fuzzResult *out, char **origPath, bool *origExisted);

// fuzz_crashReport runs data (a marshaled corpus file) once in a new
// worker process and sets *msg (the caller frees it) to its crash's
// message, as the coordinator words it, or NULL when it did not crash.
// ctest: the report of a crasher a worker minimized while cutting its
// candidates' crashes short (-test.fuzzkeepgoing).
go_error *fuzz_crashReport(const crashMinimizer *cfg, const uint8_t *data, size_t n, char **msg);

#endif // CTEST_INTERNAL_FUZZ_CRASH_MINIMIZE_H
