// trace.h: the comparison tables the fuzz target's comparisons feed (trace.c,
// interceptors.c), which the mutator draws from (cmpdict.c).
#ifndef CTEST_INTERNAL_FUZZ_TRACE_H
#define CTEST_INTERNAL_FUZZ_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

// fuzz_cmpTracing is whether the hooks record: true (when fuzz_UseCmp, and
// the run records to some table) from fuzz_ResetCoverage to
// fuzz_SnapshotCoverage, the fuzz function's run, so that the engine's own
// comparisons are never recorded.
extern bool fuzz_cmpTracing;

// fuzz_cmpRecordInt and fuzz_cmpRecordWord add a comparison to the live
// tables (when fuzz_cmpTracing): each is a ring buffer, so the oldest entry
// gives way. Equal operands, and a repeat of the latest entry, are not
// recorded: they teach the mutator nothing.
void fuzz_cmpRecordInt(uint64_t a, uint64_t b, uint64_t size);
void fuzz_cmpRecordWord(const void *a, size_t alen, const void *b, size_t blen);
// The tables, as bits of a mask.
enum { cmpTableInts = 1, cmpTableBytes = 2, cmpTableWords = 4, cmpTablesAll = 7 };
// fuzz_cmpBeginRun starts the tracing of one run of the fuzz function
// (fuzz_ResetCoverage calls it): when fuzz_UseCmp is set, the hooks record
// to the tables fuzz_cmpSkipTables leaves out.
void fuzz_cmpBeginRun(void);
// fuzz_cmpSkipTables, set by the worker around a run, is the tables that
// run leaves alone (worker_server.c: sampled tracing).
extern unsigned fuzz_cmpSkipTables;
// fuzz_cmpRunFilled returns the tables to which the last run, by itself,
// wrote a whole table's worth of entries: they hold nothing older.
unsigned fuzz_cmpRunFilled(void);
// fuzz_cmpSnapshot copies the live tables to *dst if they changed since the
// last snapshot, and reports whether it did.
bool fuzz_cmpSnapshot(cmpDict *dst);
// fuzz_cmpResetTables empties the live tables (for tests).
void fuzz_cmpResetTables(void);

#endif // CTEST_INTERNAL_FUZZ_TRACE_H
