// crash_recover.h: a worker going on after a crash whose cause the
// coordinator has recorded (crash_recover.c), for -test.fuzzkeepgoing.
#ifndef CTEST_INTERNAL_FUZZ_CRASH_RECOVER_H
#define CTEST_INTERNAL_FUZZ_CRASH_RECOVER_H

#include <stdbool.h>
#include <stdint.h>

#include "internal/fuzz/knowncrash.h"

// fuzz_crashRecover_init readies the calling thread, the one that runs the
// fuzz function, to go on after known crashes: k is its worker's shared
// memory's, which says whether it may (knownCrashes.enabled) and which
// crashes are known; abortInput (NULL: go_panic) unwinds the fuzz function
// to its caller, which ends the input without a report. It is called once,
// as the worker starts.
void fuzz_crashRecover_init(knownCrashes *k, void (*abortInput)(void));

// crashArm is what the fuzz loop says of the fuzz function call about to
// start, on the thread that runs it (fuzz_crashRecover_arm).
typedef struct crashArm {
    bool armed;        // a known crash may cut the call short
    uintptr_t bound;   // the frame of the engine's function that makes the call
    uintptr_t boundPC; // and its return address
} crashArm;
// fuzz_crashArmed and fuzz_crashRecovered are crash_recover.c's state,
// global so that the fuzz loop sets and reads them inline, at each
// execution: the call's crashArm, and the cause index (or knownKeep) of
// the known crash that cut the last call short, or -1.
extern _Thread_local crashArm fuzz_crashArmed;
extern int fuzz_crashRecovered;

// fuzz_crashRecover_arm says whether the fuzz function call about to start
// (on) may be cut short by a known crash: the calls of the fuzz loop are,
// and of the minimizing of a crash that ended a worker, not a warm-up's
// nor another minimization's, which report each crash. frame and pc are
// the frame and return address of the engine's function that makes the
// call: a crash site counts the frames below them.
static inline void fuzz_crashRecover_arm(bool on, const void *frame, const void *pc) {
    fuzz_crashArmed = (crashArm){ on, (uintptr_t)frame, (uintptr_t)pc };
}

// fuzz_crashRecover_take returns the cause index (or knownKeep) of the
// crash that cut the last call short, or -1, and forgets it.
int fuzz_crashRecover_take(void);

// fuzz_crashRecover_goOn decides what a worker does after a call of the
// fuzz loop that failed with msg (NULL: it did not fail): a crash of a
// known cause (one that cut the call short, or a failure whose message
// has a known cause) is counted, and true returned: the loop goes on.
// False: no crash, or the call ends with it, as in Go.
bool fuzz_crashRecover_goOnCrash(const char *msg);
static inline bool fuzz_crashRecover_goOn(const char *msg) {
    return (msg != NULL || fuzz_crashRecovered >= 0) && fuzz_crashRecover_goOnCrash(msg);
}

#endif // CTEST_INTERNAL_FUZZ_CRASH_RECOVER_H
