// mem.h: the memory a coordinator and one worker process share (mem.c).
#ifndef CTEST_INTERNAL_FUZZ_MEM_H
#define CTEST_INTERNAL_FUZZ_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/knowncrash.h"
#include "internal/fuzz/trace.h"
#include "internal/fuzz/value.h"

// sharedMemHeader is mem.go's: the fixed-layout header at the start of the
// shared memory. The coordinator and its worker map the same file, and the
// RPC protocol decides which of them may touch it (see worker_server.c).
typedef struct sharedMemHeader {
    // count is how many calls of the fuzz function the worker has made;
    // the coordinator zeroes it before each call it sends.
    int64_t count;
    // valueLen is how many bytes of the value area hold the value.
    go_int valueLen;
    // randState and randInc are the worker's PRNG state at the start of
    // its current chain of mutations: from them the coordinator replays
    // the chain and rebuilds the input the worker last tried.
    uint64_t randState, randInc;
    // chainStart is count at the start of that chain. ctest: a chain
    // starts at each multiple of chainedMutations, as in Go, and also
    // after a crash a -test.fuzzkeepgoing worker goes on after.
    int64_t chainStart;
    // rawInMem says the value area holds the bytes of the one value
    // being minimized, not a whole marshaled corpus file.
    bool rawInMem;
    // hung is set by a worker's watchdog before it ends the worker for a
    // fuzz function call longer than -test.fuzztimeout. ctest: not in Go,
    // whose coordinator cannot tell a hang from a crash; ours does not
    // minimize a hang.
    bool hung;
    // engineFailed is set by a worker whose engine code (not the fuzz
    // function) panicked, before it exits: the coordinator then reports an
    // internal error and records no input. ctest: Go takes such a worker's
    // end for a crash of the input it was fuzzing.
    bool engineFailed;
    // interrupted is set by a worker that got SIGINT (^C reaches the whole
    // process group), which then ends its call and exits 0: the coordinator
    // takes that end for a stop, not a crash, even when it sees it before
    // its own SIGINT. ctest: in Go this race records the input as a
    // crasher ("exit status 0").
    bool interrupted;
    // seedMix is what the coordinator gives the process it starts to mix
    // with GODEBUG=fuzzseed=N when it seeds its mutator
    // (fuzz_pcgRand_mixSeed): the worker's number in the high 32 bits, and
    // in the low ones how many processes it started before; 0 for the
    // first worker's first. ctest: Go seeds each process with N alone, and
    // a restarted worker repeats the draws of its first process.
    uint64_t seedMix;
    // cmpDict is the snapshot of the worker's comparison tables its
    // mutator draws from, taken at the start of each chain of mutations
    // (when the PRNG state is saved), so that the coordinator can replay
    // the chain. ctest: not in Go (-test.fuzzcmp).
    cmpDict cmpDict;
    // lateModule is the file name of a library the worker loaded with
    // dlopen, whose coverage counters fuzzing does not see (counters.c),
    // cut to fit; empty if none. ctest: Go has no shared libraries.
    char lateModule[64];
    // known is the crashes the worker goes on after with
    // -test.fuzzkeepgoing, and how many it met (knowncrash.h). ctest: Go
    // stops at the first crash.
    knownCrashes known;
} sharedMemHeader;

// sharedMem is mem.go's: a memory region mapped from a temporary file, shared
// by the coordinator and one worker process (passed to it as fd 5).
typedef struct sharedMem {
    int fd;             // the open file
    char *name;         // its path (owned), removed on close if removeOnClose
    uint8_t *region;    // the mapping: a sharedMemHeader, then the value
    size_t size;        // bytes mapped
    bool removeOnClose; // whether Close removes the file (true in the coordinator)
} sharedMem;

// workerSharedMemSize is worker.go's: how large the shared memory file is
// made (100 MB), and so the largest input a worker can be sent.
enum { workerSharedMemSize = 100 << 20 };

// fuzz_workerValueCap is how many bytes of marshaled values a worker's
// shared memory holds: the largest corpus entry that can be fuzzed.
static inline size_t fuzz_workerValueCap(void) {
    return workerSharedMemSize - sizeof(sharedMemHeader);
}

// fuzz_sharedMemTempFile is sharedMemTempFile: a new temporary file of
// sharedMemSize(size) bytes, mapped.
go_error *fuzz_sharedMemTempFile(size_t size, sharedMem **out);
// fuzz_sharedMemMapFile is sharedMemMapFile: it maps size bytes of fd; the
// sharedMem takes ownership of fd and name (name may be NULL).
go_error *fuzz_sharedMemMapFile(int fd, char *name, size_t size, bool removeOnClose,
                                sharedMem **out);
// fuzz_sharedMem_Close unmaps m, closes its file, removes it if
// removeOnClose, and frees m. NULL is a no-op.
go_error *fuzz_sharedMem_Close(sharedMem *m);
// fuzz_sharedMem_header is header(): the header, inside the mapping
// (inline: the fuzz loop counts each execution there).
static inline sharedMemHeader *fuzz_sharedMem_header(const sharedMem *m) {
    return (sharedMemHeader *)(void *)m->region;
}
// fuzz_sharedMem_valueRef is valueRef(): the value, a view into the mapping
// valid until setValue or Close. Its capacity is fuzz_sharedMem_valueCap.
go_bytes fuzz_sharedMem_valueRef(const sharedMem *m);
// fuzz_sharedMem_valuePtr is the writable start of the value area.
uint8_t *fuzz_sharedMem_valuePtr(const sharedMem *m);
// fuzz_sharedMem_valueCap is cap(valueRef()).
size_t fuzz_sharedMem_valueCap(const sharedMem *m);
// fuzz_sharedMem_valueCopy is valueCopy(): a copy the caller frees (*n set).
uint8_t *fuzz_sharedMem_valueCopy(const sharedMem *m, size_t *n);
// fuzz_sharedMem_setValue is setValue: it copies b into the value area and
// panics as Go does when it does not fit.
void fuzz_sharedMem_setValue(sharedMem *m, const uint8_t *b, size_t n);
// fuzz_sharedMem_setValueLen is setValueLen.
void fuzz_sharedMem_setValueLen(sharedMem *m, size_t n);

#endif // CTEST_INTERNAL_FUZZ_MEM_H
