// internal.h: names shared by internal/fuzz's files, Go's package scope. Only
// the package's own files and their tests include it; testing/ sees fuzz.h.
#ifndef CTEST_INTERNAL_FUZZ_INTERNAL_H
#define CTEST_INTERNAL_FUZZ_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "internal/fuzz/fuzz.h"

_Static_assert(sizeof(void *) == 8, "Go fuzzes only on 64-bit platforms (amd64, arm64)");

// ---- go/token and go/scanner (encoding_lex.re) ----

// fuzz_token is go/token's Token, the subset a Go expression can hold, with
// go/token's names and order of classes.
typedef enum fuzz_token {
    TOKEN_ILLEGAL,
    TOKEN_EOF,
    TOKEN_COMMENT,
    // literals (IsLiteral)
    TOKEN_IDENT,
    TOKEN_INT,
    TOKEN_FLOAT,
    TOKEN_IMAG,
    TOKEN_CHAR,
    TOKEN_STRING,
    // operators and delimiters
    TOKEN_ADD,
    TOKEN_SUB,
    TOKEN_MUL,
    TOKEN_QUO,
    TOKEN_REM,
    TOKEN_AND,
    TOKEN_OR,
    TOKEN_XOR,
    TOKEN_SHL,
    TOKEN_SHR,
    TOKEN_AND_NOT,
    TOKEN_ADD_ASSIGN,
    TOKEN_SUB_ASSIGN,
    TOKEN_MUL_ASSIGN,
    TOKEN_QUO_ASSIGN,
    TOKEN_REM_ASSIGN,
    TOKEN_AND_ASSIGN,
    TOKEN_OR_ASSIGN,
    TOKEN_XOR_ASSIGN,
    TOKEN_SHL_ASSIGN,
    TOKEN_SHR_ASSIGN,
    TOKEN_AND_NOT_ASSIGN,
    TOKEN_LAND,
    TOKEN_LOR,
    TOKEN_ARROW,
    TOKEN_INC,
    TOKEN_DEC,
    TOKEN_EQL,
    TOKEN_LSS,
    TOKEN_GTR,
    TOKEN_ASSIGN,
    TOKEN_NOT,
    TOKEN_NEQ,
    TOKEN_LEQ,
    TOKEN_GEQ,
    TOKEN_DEFINE,
    TOKEN_ELLIPSIS,
    TOKEN_LPAREN,
    TOKEN_LBRACK,
    TOKEN_LBRACE,
    TOKEN_COMMA,
    TOKEN_PERIOD,
    TOKEN_RPAREN,
    TOKEN_RBRACK,
    TOKEN_RBRACE,
    TOKEN_SEMICOLON,
    TOKEN_COLON,
    TOKEN_TILDE,
    // keywords
    TOKEN_BREAK,
    TOKEN_CASE,
    TOKEN_CHAN,
    TOKEN_CONST,
    TOKEN_CONTINUE,
    TOKEN_DEFAULT,
    TOKEN_DEFER,
    TOKEN_ELSE,
    TOKEN_FALLTHROUGH,
    TOKEN_FOR,
    TOKEN_FUNC,
    TOKEN_GO,
    TOKEN_GOTO,
    TOKEN_IF,
    TOKEN_IMPORT,
    TOKEN_INTERFACE,
    TOKEN_MAP,
    TOKEN_PACKAGE,
    TOKEN_RANGE,
    TOKEN_RETURN,
    TOKEN_SELECT,
    TOKEN_STRUCT,
    TOKEN_SWITCH,
    TOKEN_TYPE,
    TOKEN_VAR,
} fuzz_token;

// fuzz_token_String is Token.String(): "EOF", "+", "func", ...
const char *fuzz_token_String(fuzz_token tok);

// fuzz_scanError is one entry of go/scanner's ErrorList: a message at a
// byte offset of the (one-line) source; its column is off+1.
typedef struct fuzz_scanError {
    size_t off;
    char *msg; // owned
} fuzz_scanError;

// fuzz_scanErrorList is go/scanner's ErrorList, shared by the scanner and
// the parser as go/parser shares p.errors.
typedef struct fuzz_scanErrorList {
    fuzz_scanError *v;
    size_t len, cap;
} fuzz_scanErrorList;

void fuzz_scanErrorList_add(fuzz_scanErrorList *l, size_t off, char *msg);
void fuzz_scanErrorList_clear(fuzz_scanErrorList *l);

// fuzz_scanner is go/scanner's Scanner over one corpus line, without
// comment tokens (mode 0) and with Go's automatic semicolons. Literal texts
// it returns point into src, or into storage the scanner owns (raw strings
// with CRs removed) until fuzz_scanner_free.
typedef struct fuzz_scanner {
    const uint8_t *src;
    size_t len;
    int32_t ch;      // current character, -1 at EOF
    size_t offset;   // offset of ch
    size_t rdOffset; // offset after ch
    bool insertSemi; // insert a semicolon before the next newline or EOF
    fuzz_scanErrorList *errors;
    char **owned; // literal texts the scanner allocated
    size_t nowned;
} fuzz_scanner;

void fuzz_scanner_init(fuzz_scanner *s, const uint8_t *src, size_t len, fuzz_scanErrorList *errs);
// fuzz_scanner_Scan is Scanner.Scan: the next token, its offset and its
// literal text (for literals, ";" or "\n" for SEMICOLON, else empty).
fuzz_token fuzz_scanner_Scan(fuzz_scanner *s, size_t *pos, go_string *lit);
void fuzz_scanner_free(fuzz_scanner *s);

// ---- corpus files (corpus.c) ----

// fuzz_writeToCorpus is fuzz.go's writeToCorpus: it writes entry->Data to
// dir/<corpusFileName>, creating dir, and sets entry->Path to that file
// (the entry owns the new Path; an old one is freed).
go_error *fuzz_writeToCorpus(fuzz_CorpusEntry *entry, const char *dir);

// ---- the engine: shared memory (mem.c, sys_posix.c) ----

// ---- comparison feedback (trace.c, interceptors.c) ----
// ctest: beyond Go 1.19, whose trace hooks are no-ops. As libFuzzer's
// TracePC does (its TableOfRecentCompares), the hooks record the operands
// of the fuzz target's recent comparisons, and the mutator uses them as a
// dictionary (-test.fuzzcmp, on by default; see fuzz.h).

// The table sizes. cmpWordMax is libFuzzer's Word::kMaxSize: longer
// memcmp/strcmp operands are recorded truncated.
enum { cmpIntTableSize = 32, cmpByteTableSize = 32, cmpWordTableSize = 32, cmpWordMax = 64 };

// cmpInt is one integer comparison: its operands and their size in bytes
// (2, 4 or 8; one-byte comparisons go to their own table, cmpByte).
typedef struct cmpInt {
    uint64_t a, b;
    uint64_t size;
} cmpInt;

// cmpByte is one comparison of a byte with a constant (trace-cmp's
// const_cmp1): c is the constant, v the byte. libFuzzer's TORC leaves
// one-byte comparisons out, and so finds a parser's `s[3] == '='` only by
// chance; ctest records the ones against a constant, in a table of their
// own so that a parser's many byte tests do not push the wider
// comparisons out of theirs.
typedef struct cmpByte {
    uint8_t c, v;
} cmpByte;

// cmpWord is one memcmp/strcmp-like comparison: the bytes of each side.
// A side may be empty (strstr's haystack is not recorded).
typedef struct cmpWord {
    uint8_t alen, blen;
    uint8_t a[cmpWordMax], b[cmpWordMax];
} cmpWord;

// cmpDict is the tables: in the worker, the live ones the hooks write, and
// a snapshot of them in shared memory, which the mutator reads. nints and
// nwords entries are valid, in no particular order.
typedef struct cmpDict {
    uint32_t nints, nbytes, nwords;
    cmpInt ints[cmpIntTableSize];
    cmpByte bytes[cmpByteTableSize];
    cmpWord words[cmpWordTableSize];
} cmpDict;

// The hooks trace.c defines: SanitizerCoverage's trace-cmp callbacks,
// called by code the compiler generates, and the sanitizer runtimes' weak
// hooks of memcmp and friends, called by their interceptors (or
// interceptors.c's). No system header declares them.
void __sanitizer_cov_trace_cmp1(uint8_t arg0, uint8_t arg1);
void __sanitizer_cov_trace_cmp2(uint16_t arg0, uint16_t arg1);
void __sanitizer_cov_trace_cmp4(uint32_t arg0, uint32_t arg1);
void __sanitizer_cov_trace_cmp8(uint64_t arg0, uint64_t arg1);
void __sanitizer_cov_trace_const_cmp1(uint8_t arg0, uint8_t arg1);
void __sanitizer_cov_trace_const_cmp2(uint16_t arg0, uint16_t arg1);
void __sanitizer_cov_trace_const_cmp4(uint32_t arg0, uint32_t arg1);
void __sanitizer_cov_trace_const_cmp8(uint64_t arg0, uint64_t arg1);
void __sanitizer_cov_trace_switch(uint64_t val, uint64_t *cases);
void __sanitizer_weak_hook_memcmp(void *called_pc, const void *s1, const void *s2, size_t n,
                                  int result);
void __sanitizer_weak_hook_strncmp(void *called_pc, const char *s1, const char *s2, size_t n,
                                   int result);
void __sanitizer_weak_hook_strcmp(void *called_pc, const char *s1, const char *s2, int result);
void __sanitizer_weak_hook_strncasecmp(void *called_pc, const char *s1, const char *s2, size_t n,
                                       int result);
void __sanitizer_weak_hook_strcasecmp(void *called_pc, const char *s1, const char *s2, int result);
void __sanitizer_weak_hook_strstr(void *called_pc, const char *s1, const char *s2, char *result);
void __sanitizer_weak_hook_strcasestr(void *called_pc, const char *s1, const char *s2,
                                      char *result);
void __sanitizer_weak_hook_memmem(void *called_pc, const void *s1, size_t len1, const void *s2,
                                  size_t len2, void *result);

// fuzz_cmpTracing is whether the hooks record: true (when fuzz_UseCmp)
// from fuzz_ResetCoverage to fuzz_SnapshotCoverage, the fuzz function's
// run, so that the engine's own comparisons are never recorded.
extern bool fuzz_cmpTracing;

// fuzz_cmpRecordInt and fuzz_cmpRecordWord add a comparison to the live
// tables (when fuzz_cmpTracing): each is a ring buffer, so the oldest entry
// gives way. Equal operands, and a repeat of the latest entry, are not
// recorded: they teach the mutator nothing.
void fuzz_cmpRecordInt(uint64_t a, uint64_t b, uint64_t size);
void fuzz_cmpRecordWord(const void *a, size_t alen, const void *b, size_t blen);
// fuzz_cmpSnapshot copies the live tables to *dst if they changed since the
// last snapshot, and reports whether it did.
bool fuzz_cmpSnapshot(cmpDict *dst);
// fuzz_cmpResetTables empties the live tables (for tests).
void fuzz_cmpResetTables(void);

// sharedMemHeader is mem.go's: the fixed-layout header at the start of the
// shared memory. The coordinator and its worker map the same file, and the
// RPC protocol decides which of them may touch it (see worker.c).
typedef struct sharedMemHeader {
    // count is the number of times the worker has called the fuzz function.
    // It may be reset by the coordinator.
    int64_t count;
    // valueLen is the number of bytes in region which should be read.
    go_int valueLen;
    // randState and randInc hold the state of a pseudo-random number
    // generator, so the coordinator can rebuild the mutations of a worker.
    uint64_t randState, randInc;
    // rawInMem is true if the region holds raw bytes (a value being
    // minimized) rather than a marshaled corpus file.
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
    // cmpDict is the snapshot of the worker's comparison tables its
    // mutator draws from, taken at the start of each chain of mutations
    // (when the PRNG state is saved), so that the coordinator can replay
    // the chain. ctest: not in Go (-test.fuzzcmp).
    cmpDict cmpDict;
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

// workerSharedMemSize is worker.go's: the maximum size of the shared memory
// file, which limits the size of fuzz inputs (100 MB).
enum { workerSharedMemSize = 100 << 20 };

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
// fuzz_sharedMem_header is header(): the header, inside the mapping.
sharedMemHeader *fuzz_sharedMem_header(const sharedMem *m);
// fuzz_sharedMem_valueRef is valueRef(): the value, a view into the mapping
// valid until setValue or Close. Its capacity is fuzz_sharedMem_valueCap.
go_bytes fuzz_sharedMem_valueRef(const sharedMem *m);
// fuzz_sharedMem_valuePtr is the writable start of the value area.
uint8_t *fuzz_sharedMem_valuePtr(const sharedMem *m);
// fuzz_sharedMem_valueCap is cap(valueRef()).
size_t fuzz_sharedMem_valueCap(const sharedMem *m);

// fuzz_valueBytes is the bytes of vals' []byte and string values (value.c,
// ctest's): what the length control, reduction and the coordinator's
// start of the length limit measure an input by.
size_t fuzz_valueBytes(const go_value *vals, size_t n);
// fuzz_sharedMem_valueCopy is valueCopy(): a copy the caller frees (*n set).
uint8_t *fuzz_sharedMem_valueCopy(const sharedMem *m, size_t *n);
// fuzz_sharedMem_setValue is setValue: it copies b into the value area and
// panics as Go does when it does not fit.
void fuzz_sharedMem_setValue(sharedMem *m, const uint8_t *b, size_t n);
// fuzz_sharedMem_setValueLen is setValueLen.
void fuzz_sharedMem_setValueLen(sharedMem *m, size_t n);

// fuzz_exitStatusString is os.ProcessState.String for a waitpid status:
// "exit status 2", "signal: segmentation fault (core dumped)". Caller frees.
char *fuzz_exitStatusString(int status);
// fuzz_isInterruptStatus is isInterruptError for a wait status: killed by
// SIGINT.
bool fuzz_isInterruptStatus(int status);
// fuzz_isCrashSignal is isCrashSignal.
bool fuzz_isCrashSignal(int sig);
// fuzz_startProcess starts binPath with args (NULL-terminated), env (NULL:
// ours) and the worker's descriptors as its fds 3, 4 and 5 (sys_posix.go
// setWorkerComm): fuzzIn is read by the child, fuzzOut written by it, mem
// its shared memory; errFd (if >= 0) becomes its stderr. Its stdout (and
// without errFd, its stderr) is /dev/null, as Go's.
go_error *fuzz_startProcess(const char *binPath, char *const *args, char *const *env, int fuzzIn,
                            int fuzzOut, int memFd, int errFd, pid_t *pid);
// fuzz_processFd returns a descriptor that polls readable once process pid
// has ended (Linux's pidfd), or -1 where there is none. ctest: a worker's
// end is seen even when a process it forked keeps its pipes open, where
// Go waits for the pipe's EOF.
int fuzz_processFd(pid_t pid);
// fuzz_workerEnv is our environment with the sanitizer options workers run
// with; free it with fuzz_freeEnv.
char **fuzz_workerEnv(void);
void fuzz_freeEnv(char **env);
// fuzz_reportStackOverflow makes a stack overflow of the calling thread
// (the one that runs the fuzz function) print Go's "fatal error: stack
// overflow" before the process dies of its SIGSEGV, using an alternate
// signal stack. It does nothing if SIGSEGV already has a handler (ASan's).
// ctest: a C stack overflow is otherwise a bare SIGSEGV.
void fuzz_reportStackOverflow(void);
// fuzz_getWorkerComm is getWorkerComm: in a worker, fds 3 and 4 and the
// shared memory mapped from fd 5.
go_error *fuzz_getWorkerComm(int *fuzzIn, int *fuzzOut, sharedMem **mem);

// ---- the engine: RPC messages (worker.c, worker_json.c) ----

// byteSlice is a Go []byte the struct holding it owns: ptr NULL is nil.
typedef struct byteSlice {
    uint8_t *ptr;
    size_t len, cap;
} byteSlice;

// fuzzArgs is worker.go's: the arguments of workerServer.fuzz; the value to
// fuzz is in shared memory.
typedef struct fuzzArgs {
    int64_t Timeout;        // time to spend fuzzing (ns), excluding start-up
    int64_t Limit;          // the most values to test; 0 is no limit
    bool Warmup;            // run the value once, without mutating it
    byteSlice CoverageData; // the coordinator's coverage mask, or nil
    // ReduceFeatures: ctest's, with -test.fuzzcmp: the coverage features
    // (little-endian uint32s, counter index * 8 + bit) that the input alone
    // brought to the corpus. A smaller mutation whose coverage has them all
    // ends the call as new coverage does, and may replace the input
    // (schedule.h). nil: no such search. Sent only when set.
    byteSlice ReduceFeatures;
    // MaxLen: ctest's, with -test.fuzzcmp: the bytes any value may grow to
    // (fuzz_mutationMaxBytes). Sent only when not 0.
    int64_t MaxLen;
} fuzzArgs;

// fuzzResponse is worker.go's: the results of workerServer.fuzz.
typedef struct fuzzResponse {
    int64_t TotalDuration;       // time spent fuzzing (ns)
    int64_t InterestingDuration; // time the interesting value took (ns)
    int64_t Count;               // values tested
    byteSlice CoverageData;      // set if the value in memory expands coverage
    char *Err;                   // the failure the value in memory caused, or NULL
    char *InternalErr;           // an internal error of the worker, or NULL
} fuzzResponse;

// minimizeArgs is worker.go's: the arguments of workerServer.minimize.
typedef struct minimizeArgs {
    int64_t Timeout;        // time to spend minimizing (ns)
    int64_t Limit;          // the most values to test; 0 is no limit
    byteSlice KeepCoverage; // coverage bits a smaller value must keep, or nil
    go_int Index;           // the argument to minimize
} minimizeArgs;

// minimizeResponse is worker.go's: the results of workerServer.minimize.
typedef struct minimizeResponse {
    bool WroteToMem;        // a smaller value is in shared memory
    char *Err;              // the failure the value in memory causes, or NULL
    byteSlice CoverageData; // the coverage of the value in memory, or nil
    int64_t Duration;       // time spent minimizing (ns)
    int64_t Count;          // values tested
} minimizeResponse;

// callKind says which of Go's call fields is set.
typedef enum callKind { callNone, callPing, callFuzz, callMinimize } callKind;

// fuzzCall is worker.go's call: exactly one method and its arguments.
typedef struct fuzzCall {
    callKind kind;
    fuzzArgs Fuzz;         // for callFuzz
    minimizeArgs Minimize; // for callMinimize
} fuzzCall;

void fuzz_byteSlice_free(byteSlice *b);
// fuzz_byteSlice_copy is a new copy of n bytes at p (nil if p is NULL).
byteSlice fuzz_byteSlice_copy(const uint8_t *p, size_t n);
void fuzz_fuzzCall_clear(fuzzCall *c);
void fuzz_fuzzResponse_clear(fuzzResponse *r);
void fuzz_minimizeResponse_clear(minimizeResponse *r);

// The encoders write one JSON value and a newline, as json.Encoder does;
// the caller frees the result. The decoders read one JSON value.
char *fuzz_encodeCall(const fuzzCall *c, size_t *n);
go_error *fuzz_decodeCall(const char *buf, size_t n, fuzzCall *c);
char *fuzz_encodeFuzzResponse(const fuzzResponse *r, size_t *n);
go_error *fuzz_decodeFuzzResponse(const char *buf, size_t n, fuzzResponse *r);
char *fuzz_encodeMinimizeResponse(const minimizeResponse *r, size_t *n);
go_error *fuzz_decodeMinimizeResponse(const char *buf, size_t n, minimizeResponse *r);
// fuzz_encodePingResponse is pingResponse{}: "{}\n".
char *fuzz_encodePingResponse(size_t *n);

// ---- the engine: coordinator and workers (fuzz.c, worker.c) ----

// fuzzInput is fuzz.go's: an input the coordinator sends to a worker.
typedef struct fuzzInput {
    fuzz_CorpusEntry entry; // the value to fuzz, a deep copy the input owns
    int64_t timeout;        // time to spend fuzzing (ns), not counting start-up
    int64_t limit;          // the most values to test; 0 is no limit
    bool warmup;            // only run the value, to gather its coverage
    byteSlice coverageData; // the coordinator's coverage mask, or nil
    // maskVersion counts the coordinator's mask updates when coverageData
    // was taken. ctest: a worker process already given this version is
    // sent no mask, and keeps the one it has, as Go's worker does when
    // CoverageData is nil.
    uint64_t maskVersion;
    // sched is 1 + the entry's index in the coordinator's schedule, or 0
    // (ctest: a warm-up input, or no schedule); reduce is what the worker
    // gets as fuzzArgs.ReduceFeatures (owned; nil for none).
    size_t sched;
    byteSlice reduce;
    int64_t maxLen; // fuzzArgs.MaxLen
} fuzzInput;

// fuzzResult is fuzz.go's: what a worker found.
typedef struct fuzzResult {
    fuzz_CorpusEntry entry; // an interesting or crashing value
    char *crasherMsg;       // the error, if entry caused a crash (NULL for none)
    bool canMinimize;       // whether the worker may minimize entry
    byteSlice coverageData; // coverage that entry found (nil for none)
    int64_t limit;          // the input's limit
    int64_t count;          // values tested
    int64_t totalDuration;  // time spent fuzzing (ns)
    int64_t entryDuration;  // time entry took (ns)
    // crashed is set when entry ended the worker process (a signal, exit,
    // sanitizer report or hang). ctest: Go never minimizes such an entry;
    // the coordinator minimizes it by running each candidate in a new
    // process (fuzz_runCandidate), unless it hung.
    bool crashed;
    // input is the entry the call was given (borrowed from the worker,
    // valid while the coordinator handles the result). ctest: the
    // schedule keeps warm-up entries with their coverage.
    const fuzz_CorpusEntry *input;
    size_t inputSched; // the input's fuzzInput.sched
} fuzzResult;

// fuzzMinimizeInput is fuzz.go's: a value to minimize.
typedef struct fuzzMinimizeInput {
    fuzz_CorpusEntry entry; // the value (owned)
    char *crasherMsg;       // the error it caused, or NULL if it is interesting
    int64_t limit;          // the most values to test; 0 is no limit
    int64_t timeout;        // time to spend (ns); 0 is no limit
    byteSlice keepCoverage; // the coverage bits to keep, for an interesting value
} fuzzMinimizeInput;

void fuzz_fuzzInput_clear(fuzzInput *in);
void fuzz_fuzzResult_clear(fuzzResult *r);
void fuzz_fuzzMinimizeInput_clear(fuzzMinimizeInput *in);
// fuzz_CorpusEntry_copy is a deep copy of e.
fuzz_CorpusEntry fuzz_CorpusEntry_copy(const fuzz_CorpusEntry *e);
// fuzz_corpusEntryData is corpusEntryData: e's Data, or its file's contents.
// *data is borrowed from e, or (when *owned) the caller's to free.
go_error *fuzz_corpusEntryData(const fuzz_CorpusEntry *e, const uint8_t **data, size_t *n,
                               bool *owned);
// fuzz_shortHash is fmt.Sprintf("%x", sha256.Sum256(data)[:4]), the name
// of an entry that is not written anywhere yet. Caller frees.
char *fuzz_shortHash(const uint8_t *data, size_t n);
// fuzz_isMinimizable is isMinimizable.
bool fuzz_isMinimizable(go_kind k);

// chainedMutations is worker.go's: how many mutations are applied before
// the worker resets the input to its original state. Go picked the number
// "without much thought"; the coordinator replays that many to rebuild an
// input, so both ends must agree on it.
enum { chainedMutations = 5 };

// workerFuzzDuration is worker.go's: how long a worker may spend fuzzing
// variations of one input given by the coordinator (100ms, in ns).
enum { workerFuzzDuration = 100 * 1000 * 1000 };

// workerFuzzLimit is ctest's, not Go's: the most executions a worker spends
// on one input given by the coordinator, whatever time is left of
// workerFuzzDuration. Go's visits are bounded by time alone, and Go runs a
// fuzz function at most about 50k times a second per worker (a no-op one,
// on the 2-core machine bench/ measures on), so one of its visits is at most
// about 5000 executions. An engine 100 times faster bounded by time alone
// would spend 100 times the executions on each input before the queue moves
// on: the search Go makes, counted in executions, would be lost. The bound
// keeps it (bench/'s executions-to-find measure: with time alone, ctest
// took several times Go's executions on the parser), while each call stays
// long enough that its round trip (two process wake-ups, about 70us here)
// costs about a tenth of a no-op target's throughput.
enum { workerFuzzLimit = 5000 };

// cmpFuzzDuration is how long a fuzz call may last with -test.fuzzcmp
// (ctest's default mode), in place of workerFuzzDuration: a slow target's
// call of 5000 executions took tens of milliseconds, so a corpus of a few
// thousand inputs took a minute to go round once and a new input waited
// that long to be fuzzed. The call's round trip costs about 70 us, under
// 1% of this; a target fast enough to make 5000 executions sooner is not
// affected.
enum { cmpFuzzDuration = 10 * 1000 * 1000 };

// workerExitCode is worker.go's: the exit status of a worker process after
// an internal error, so that the coordinator does not take it for a crash.
enum { workerExitCode = 70 };

// ---- errors of the engine itself (engine_error.c) ----

// fuzz_newInternalError wraps detail (copied) as an internal error.
go_error *fuzz_newInternalError(const char *detail);
// engineGuard is the panic handler a thread had before the engine's.
typedef struct engineGuard {
    runtime_PanicHandler handler;
    void *ctx;
} engineGuard;
// fuzz_guardWorkerEngine makes the calling thread's panics engine failures
// of a worker: marked in hdr, said on stderr, then the process exits with
// workerExitCode. It saves the thread's handler in *saved, unless saved is
// NULL: the worker sets its guard again after each fuzz function call,
// whose T runner puts its own.
void fuzz_guardWorkerEngine(sharedMemHeader *hdr, engineGuard *saved);
// fuzz_guardCoordinatorEngine makes the calling thread's panics engine
// failures of the coordinator (said on stderr, exit 2), saving the thread's
// handler in *saved.
void fuzz_guardCoordinatorEngine(engineGuard *saved);
// fuzz_unguardEngine puts back the handler a guard saved.
void fuzz_unguardEngine(const engineGuard *saved);
// fuzz_testHook reports whether CTEST_FUZZ_TESTHOOK names hook: a way for
// the end-to-end tests to make the engine fail where it never should
// ("worker-panic", "coordinator-panic"). Read once.
bool fuzz_testHook(const char *hook);

typedef struct coordinator coordinator;
typedef struct worker worker;

// lineBuf collects bytes read from a pipe until a whole message (one line,
// as json.Encoder writes) is there.
typedef struct lineBuf {
    char *data;
    size_t len, cap;
    size_t start; // where the next message starts
} lineBuf;

// workerServer is worker.go's: the RPC server a worker process runs.
typedef struct workerServer {
    int fuzzIn, fuzzOut; // the pipes from and to the coordinator
    sharedMem *mem;      // guarded by the protocol: ours during a call
    struct mutator *m;   // mutates the values fuzz tests
    lineBuf in;          // what fuzzIn has said so far
    // coverageMask is the coordinator's coverage, as last sent; the worker
    // reports values that set bits outside it.
    byteSlice coverageMask;
    fuzz_fuzzFn fn; // the fuzz function
    void *fnCtx;    // its context
} workerServer;

// fuzz_workerServer_fuzz is workerServer.fuzz: it runs the fuzz function on
// mutations of the value in shared memory (see worker.c).
void fuzz_workerServer_fuzz(workerServer *ws, const fuzzArgs *args, fuzzResponse *resp);
// fuzz_workerServer_minimize is workerServer.minimize (with minimizeInput):
// it minimizes the value at args->Index of the corpus file in shared memory
// and writes the result there once done.
void fuzz_workerServer_minimize(workerServer *ws, const minimizeArgs *args, minimizeResponse *resp);

// The coordinator's side of a worker (worker.c). Go runs one goroutine per
// worker (worker.coordinate); here the coordinator's loop in fuzz.c drives
// each worker's state machine through these calls.

// fuzz_newWorker is newWorker: it creates the shared memory; the process
// starts on fuzz_worker_start.
// env is the workers' environment (borrowed).
go_error *fuzz_newWorker(coordinator *c, const char *binPath, char **args, char **env,
                         worker **out);
// fuzz_worker_cleanup is cleanup: it frees w and its shared memory.
go_error *fuzz_worker_cleanup(worker *w);
// fuzz_worker_needsStart reports whether w has no process and is still
// part of the run (coordinate's "if !w.isRunning()").
bool fuzz_worker_needsStart(const worker *w);
// fuzz_worker_start is startAndPing's first half: it starts the process and
// sends the ping. A failure ends w (see fuzz_coordinator_workerDone).
void fuzz_worker_start(worker *w);
// fuzz_worker_isIdle reports whether w waits for input (coordinate's select).
bool fuzz_worker_isIdle(const worker *w);
// fuzz_worker_isDone reports whether coordinate has returned for w.
bool fuzz_worker_isDone(const worker *w);
// fuzz_worker_fd is the descriptor to poll for w's next event, or -1.
int fuzz_worker_fd(const worker *w);
// fuzz_worker_deadline is when w's call times out (time_now clock), or 0.
int64_t fuzz_worker_deadline(const worker *w);
// fuzz_worker_exitFd polls readable once the running process has ended
// (-1: none, or no way to tell); the coordinator then calls
// fuzz_worker_exited, which reads what the process answered before it
// ended and handles its end. ctest: Go waits for the pipe's EOF.
int fuzz_worker_exitFd(const worker *w);
void fuzz_worker_exited(worker *w);
// fuzz_worker_errFd is the read end of the process's stderr, or -1; when
// poll says it is readable, fuzz_worker_readStderr keeps what it says.
int fuzz_worker_errFd(const worker *w);
void fuzz_worker_readStderr(worker *w);

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
// fuzz_worker_fuzz sends in to w (coordinate's inputC case); w owns in now.
void fuzz_worker_fuzz(worker *w, fuzzInput *in);
// fuzz_worker_minimize sends in to w (the minimizeC case); w owns in now.
void fuzz_worker_minimize(worker *w, fuzzMinimizeInput *in);
// fuzz_worker_readable handles what w's fd has to say: a response or the
// end of the process.
void fuzz_worker_readable(worker *w);
// fuzz_worker_timeout handles w's call deadline having passed.
void fuzz_worker_timeout(worker *w);
// fuzz_worker_cancel is coordinate's ctx.Done case: w stops and is done.
// fuzz_worker_closeInput first closes its fuzz_in, so that all workers
// wind down at once.
void fuzz_worker_closeInput(worker *w);
void fuzz_worker_cancel(worker *w);

// fuzz_coordinator_result is resultC: w hands a result to the coordinator,
// which takes ownership of it.
void fuzz_coordinator_result(coordinator *c, fuzzResult *r);
// fuzz_coordinator_workerDone is errC: w's coordinate returned err (owned).
void fuzz_coordinator_workerDone(coordinator *c, go_error *err);
// fuzz_coordinator_minimizeTimeout is opts.MinimizeTimeout.
int64_t fuzz_coordinator_minimizeTimeout(const coordinator *c);
// fuzz_linkCounters pulls counters.c into every binary that fuzzes.
void fuzz_linkCounters(void);

// fuzz_coordinator_log is opts.Log.
FILE *fuzz_coordinator_log(const coordinator *c);

// ==== begin mutation engine ====
// pcg.c, mutator.c, mutators_byteslice.c, minimize.c, queue.c, coverage.c.

// byteSlice (declared above, {ptr, len, cap}) here is a []byte that may grow
// in place: len bytes in use at ptr, room for cap.

// -- pcg.c (pcg.go) --

// pcgRand is pcg.go's pcgRand: PCG XSH RR 64/32. Its two words are all its
// state, which fuzz_pcgRand_save/restore move through shared memory
// (mem.go's randState, randInc) so the coordinator can replay the worker's
// mutations.
typedef struct pcgRand {
    uint64_t state;
    uint64_t inc;
} pcgRand;

// fuzz_globalInc is pcg.go's globalInc: the PCG stream the last newPcgRand took.
extern uint64_t fuzz_globalInc;

// fuzz_godebugSeed is godebugSeed: whether GODEBUG holds fuzzseed=N, and N.
// It panics "malformed fuzzseed" when N is not a decimal int.
bool fuzz_godebugSeed(go_int *seed);
// fuzz_newPcgRand is newPcgRand: r seeded from the clock (or fuzzseed) on a
// new stream.
void fuzz_newPcgRand(pcgRand *r);
void fuzz_pcgRand_save(const pcgRand *r, uint64_t *randState, uint64_t *randInc);
void fuzz_pcgRand_restore(pcgRand *r, uint64_t randState, uint64_t randInc);
uint32_t fuzz_pcgRand_uint32(pcgRand *r);
// fuzz_pcgRand_intn is intn: [0, n); it panics "large Intn" if n does not
// fit a uint32. intn(0) is 0 (and still draws).
go_int fuzz_pcgRand_intn(pcgRand *r, go_int n);
uint32_t fuzz_pcgRand_uint32n(pcgRand *r, uint32_t n);
// fuzz_pcgRand_exp2 is n with probability 1/2^(n+1).
go_int fuzz_pcgRand_exp2(pcgRand *r);
bool fuzz_pcgRand_bool(pcgRand *r);

// -- mutator.c (mutator.go) --

// chainedMutations: declared above, with the worker's names.

// mutatorRand is the part of Go's mutatorRand interface the mutator draws
// from (intn, bool), for tests that script the draws as Go's mockRand does.
typedef struct mutatorRand {
    go_int (*intn)(void *self, go_int n);
    bool (*boolean)(void *self);
    void *self;
} mutatorRand;

// crossPool is the crossover partners of a mutator (crossover.c): copies
// of the []byte and string values of the last fuzz calls' inputs.
typedef struct crossPool crossPool;

// mutator is mutator.go's mutator: the PRNG plus reusable storage, so that a
// mutation allocates nothing once the buffers have reached the size limit.
typedef struct mutator {
    pcgRand r;               // Go's m.r
    const mutatorRand *mock; // NULL but in tests: draw from mock instead of r
    byteSlice scratch;       // Go's m.scratch: []byte results live here
    // scratchAlloc is how many bytes scratch.ptr holds. scratch.cap, which
    // decides whether a byte mutator may grow the value, is at most the
    // current call's maxPerVal, so it can be less when the length control
    // (ctest: -test.fuzzcmp) has shrunk the limit since a larger input.
    size_t scratchAlloc;
    byteSlice *strs; // per value index: string results live here
    size_t nstrs;    // how many strs
    // dict is the comparison dictionary (ctest: -test.fuzzcmp), or NULL:
    // then the mutator makes exactly Go's draws.
    const cmpDict *dict;
    // pool holds the inputs of the last fuzz calls, for crossover (ctest:
    // -test.fuzzcmp), or NULL: then no draw is made for it.
    crossPool *pool;
} mutator;

// fuzz_newMutator is newMutator: a mutator on a new pcgRand; free it with
// fuzz_mutator_free (NULL is a no-op).
mutator *fuzz_newMutator(void);
void fuzz_mutator_free(mutator *m);

// fuzz_mutator_mutate is (*mutator).mutate: it changes one of the n values,
// chosen at random, as Go does, panicking as Go does ("cannot mutate bytes of
// length %d"). maxBytes bounds the encoded size of all the values (the
// worker passes the capacity of its shared memory value).
//
// Ownership: a []uint8 or string value mutate writes points into m (m's
// scratch buffer for []uint8, which later mutations of any []uint8 value
// reuse exactly as Go's aliasing does; a buffer per value index for strings,
// which Go copies); it stays valid until the next mutate of that kind or
// fuzz_mutator_free. The caller keeps owning what its inputs pointed to.
// fuzz_mutationMaxBytes is the byte limit a fuzz call's mutations of vals
// get. ctest: with -test.fuzzcmp (beyond Go) it keeps inputs short, as
// libFuzzer's -len_control does: at most twice the input's bytes, at least
// lenControlMin; without it, Go's limit (the shared memory's capacity).
// The worker and the coordinator, replaying its mutations, both compute it
// from the call's input and its maxLen (fuzzArgs.MaxLen): a value may
// always grow to maxLen bytes, however short the input.
enum { lenControlMin = 64 };
go_int fuzz_mutationMaxBytes(const go_value *vals, size_t n, go_int limit, int64_t maxLen);

// lenControl is the coordinator's side of the length control (ctest's,
// with -test.fuzzcmp), as libFuzzer's TmpMaxMutationLen: maxLen is what any
// value may grow to. It starts at the corpus's largest input and, while
// no new coverage turns up, grows by log2(maxLen) bytes every
// 100 * log2(maxLen) executions, up to lenControlMax.
typedef struct lenControl {
    int64_t maxLen;
    int64_t stalled; // executions since new coverage or the last growth
} lenControl;
enum { lenControlMax = 4096 };
// fuzz_lenControl_start sets maxLen from the corpus's largest input.
void fuzz_lenControl_start(lenControl *lc, int64_t largest);
// fuzz_lenControl_ran counts a call's executions; found resets the wait.
void fuzz_lenControl_ran(lenControl *lc, int64_t count, bool found);
void fuzz_mutator_mutate(mutator *m, go_value *vals, size_t n, go_int maxBytes);
// fuzz_mutator_mutateBytes is (*mutator).mutateBytes: byteSliceMutators in
// Go's order until one applies. b keeps its ptr and cap.
void fuzz_mutator_mutateBytes(mutator *m, byteSlice *b);
// The helpers byteSliceMutators draw with: rand (m.r.intn), chooseLen,
// m.r.bool and randByteOrder (true: binary.LittleEndian).
go_int fuzz_mutator_rand(mutator *m, go_int n);
go_int fuzz_mutator_chooseLen(mutator *m, go_int n);
bool fuzz_mutator_bool(mutator *m);
bool fuzz_mutator_randByteOrder(mutator *m);

// -- crossover.c (ctest's own, -test.fuzzcmp) --

// fuzz_crossPool_new returns an empty pool; fuzz_crossPool_free frees one
// (NULL is a no-op).
crossPool *fuzz_crossPool_new(void);
void fuzz_crossPool_free(crossPool *p);
// fuzz_crossPool_reset empties p, as a new worker process starts with an
// empty pool.
void fuzz_crossPool_reset(crossPool *p);
// fuzz_crossPool_remember adds copies of the []byte and string values of a
// fuzz call's input, dropping the oldest past the pool's size. The worker
// calls it as a call starts and the coordinator as it sends the call, so
// that both pools, and so the mutations the coordinator replays, agree.
void fuzz_crossPool_remember(crossPool *p, const go_value *vals, size_t n);
// fuzz_crossMutateBytes splices b with a value of the pool (a chunk of it
// inserted, written over b, or b's tail replaced), within b->cap; it
// returns false, leaving b alone, when the pool is empty or nothing fits.
bool fuzz_crossMutateBytes(mutator *m, byteSlice *b);

// -- mutators_byteslice.c (mutators_byteslice.go) --

// byteSliceMutator is Go's byteSliceMutator: it changes b in place (within
// b->cap) and returns true, or returns false (Go's nil) without touching
// b's bytes or length when it does not apply.
typedef bool (*byteSliceMutator)(mutator *m, byteSlice *b);

// byteSliceMutatorDef is one entry of byteSliceMutators, with Go's name.
typedef struct byteSliceMutatorDef {
    const char *name; // "byteSliceRemoveBytes", ...
    byteSliceMutator fn;
} byteSliceMutatorDef;

enum { numByteSliceMutators = 18 };
// fuzz_byteSliceMutators is byteSliceMutators, in Go's order (the draw
// picks by index).
extern const byteSliceMutatorDef fuzz_byteSliceMutators[numByteSliceMutators];

// The interesting values, after mutators_byteslice.go's init has extended
// interesting16 with interesting8 and interesting32 with both.
enum { numInteresting8 = 9, numInteresting16 = 19, numInteresting32 = 27 };
extern const int8_t fuzz_interesting8[numInteresting8];
extern const int16_t fuzz_interesting16[numInteresting16];
extern const int32_t fuzz_interesting32[numInteresting32];

// -- minimize.c (minimize.go) --

// fuzz_isMinimizable (declared above) is defined in minimize.c.
// fuzz_minimizeBytes is minimizeBytes: it looks for a smaller, then simpler,
// value that try still accepts, calling shouldStop before each candidate.
// A candidate is a view valid only during its try call. On return,
// v->ptr[0:v->len] is the last candidate try accepted (v unchanged if none);
// v->cap is not used.
void fuzz_minimizeBytes(byteSlice *v, bool (*try)(void *ctx, go_bytes candidate),
                        bool (*shouldStop)(void *ctx), void *ctx);

// -- queue.c (queue.go) --

// queue is queue.go's queue, a growable ring buffer, holding elements of
// elemSize bytes by value (Go's any holds CorpusEntry and fuzzMinimizeInput
// values). Set elemSize and zero the rest to make an empty queue; it does not
// own what the elements point to.
typedef struct queue {
    uint8_t *elems;  // the ring, elemsLen elements
    size_t elemsLen; // Go's len(q.elems), the capacity
    size_t elemSize; // bytes per element
    size_t head, len;
} queue;

size_t fuzz_queue_cap(const queue *q);
void fuzz_queue_enqueue(queue *q, const void *e);
// fuzz_queue_pushFront puts e first, to be dequeued next. ctest: not in
// Go's queue; the coordinator fuzzes a new interesting input next with
// -test.fuzzcmp.
void fuzz_queue_pushFront(queue *q, const void *e);
// fuzz_queue_dequeue and fuzz_queue_peek copy the first element to *e and
// return true, or return false when q is empty.
bool fuzz_queue_dequeue(queue *q, void *e);
bool fuzz_queue_peek(const queue *q, void *e);
// fuzz_queue_clear frees the ring and empties q; elemSize stays.
void fuzz_queue_clear(queue *q);

// -- coverage.c (coverage.go) --

// fuzz_setCoverageCounters installs the 8-bit edge counters coverage()
// returns (ctest: Go's linker places them between _counters and _ecounters;
// here counters.c hands them over) and sizes coverageSnapshot to match.
void fuzz_setCoverageCounters(uint8_t *counters, size_t len);
// fuzz_coverage is coverage(): a view of the live counters, valid until the
// next fuzz_setCoverageCounters.
go_bytes fuzz_coverage(void);
// fuzz_coverageEnabled is coverageEnabled; fuzz_coverageSnapshot is
// coverageSnapshot, as long as the counters.
extern bool fuzz_coverageEnabled;
extern byteSlice fuzz_coverageSnapshot;

// fuzz_ResetCoverage is ResetCoverage: zero every counter.
void fuzz_ResetCoverage(void);
// fuzz_SnapshotCoverage is SnapshotCoverage: counters rounded down to a
// power of two, into coverageSnapshot.
void fuzz_SnapshotCoverage(void);
// fuzz_diffCoverage is diffCoverage: the bits in snapshot but not in base,
// NULL if none (the caller frees the result, len snapshot.len). It panics
// "the number of coverage bits changed: before=%d, after=%d".
uint8_t *fuzz_diffCoverage(go_bytes base, go_bytes snapshot);
go_int fuzz_countNewCoverageBits(go_bytes base, go_bytes snapshot);
// fuzz_snapshotHasNewBits is countNewCoverageBits(mask, coverageSnapshot)
// > 0, reading only the words the last SnapshotCoverage set (ctest: the
// worker asks it after every execution).
bool fuzz_snapshotHasNewBits(go_bytes mask);
bool fuzz_isCoverageSubset(go_bytes base, go_bytes snapshot);
bool fuzz_hasCoverageBit(go_bytes base, go_bytes snapshot);
go_int fuzz_countBits(go_bytes cov);

// ==== end mutation engine ====

#endif // CTEST_INTERNAL_FUZZ_INTERNAL_H
