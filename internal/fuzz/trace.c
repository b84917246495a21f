// Ports go1.19.8 src/internal/fuzz/trace.go: the comparison hooks.
//
// Go 1.19's instrumented code calls libfuzzerTraceCmp1..8,
// libfuzzerTraceConstCmp1..8, libfuzzerHookStrCmp and
// libfuzzerHookEqualFold, and internal/fuzz defines them to do nothing: its
// mutator does not use comparison operands. Code compiled with
// -fsanitize-coverage=trace-cmp calls SanitizerCoverage's equivalents,
// defined here (strong definitions; a sanitizer runtime's weak ones give
// way to them).
//
// ctest: beyond Go, the hooks record what the fuzz target compares, as
// libFuzzer's TracePC::HandleCmp and its memcmp/strcmp hooks fill its
// TableOfRecentCompares (compiler-rt/lib/fuzzer/FuzzerTracePC.cpp), and
// the mutator draws from a snapshot of the tables (mutator.c). They record
// only while fuzz_cmpTracing is set: during the fuzz function's run, and
// only with -test.fuzzcmp (fuzz_UseCmp); otherwise each hook is one
// predictable branch. The tables are fixed-size ring buffers written by the
// one thread that runs the fuzz function: no allocation, no lock.
//
// The memcmp-like hooks are the sanitizer runtimes' weak hooks
// (__sanitizer_weak_hook_memcmp, ...), which ASan's interceptors call;
// without a sanitizer runtime, interceptors.c calls them.
//
#include "internal/fuzz/trace.h"

#include <string.h>

#include "internal/fuzz/cmpoutcome.h"

bool fuzz_UseCmp = true;
bool fuzz_cmpTracing;

// live is the tables the hooks write. Its nints and nwords are not kept up
// to date: intPos and wordPos count every entry ever written, and the next
// write goes to pos % size.
static cmpDict live;
static uint64_t intPos, bytePos, wordPos;
// runInt, runByte and runWord are the positions at the start of the last
// run; runSkip is the tables it leaves alone (fuzz_cmpSkipTables then).
static uint64_t runInt, runByte, runWord;
static unsigned runSkip;
unsigned fuzz_cmpSkipTables;
// snapGen is intPos + bytePos + wordPos at the last snapshot, so that a snapshot
// copies only changes (and the hooks write no counter of their own);
// UINT64_MAX forces the next one.
static uint64_t snapGen;

_Static_assert((cmpIntTableSize & (cmpIntTableSize - 1)) == 0, "ring size is a power of 2");
_Static_assert((cmpWordTableSize & (cmpWordTableSize - 1)) == 0, "ring size is a power of 2");
_Static_assert((cmpByteTableSize & (cmpByteTableSize - 1)) == 0, "ring size is a power of 2");

void fuzz_cmpRecordInt(uint64_t a, uint64_t b, uint64_t size) {
    if (!fuzz_cmpTracing || (runSkip & cmpTableInts) || a == b) {
        return;
    }
    cmpInt *last = &live.ints[(intPos - 1) & (cmpIntTableSize - 1)];
    if (intPos > 0 && last->a == a && last->b == b && last->size == size) {
        return;
    }
    cmpInt *e = &live.ints[intPos & (cmpIntTableSize - 1)];
    e->a = a;
    e->b = b;
    e->size = size;
    intPos++;
}

// recordByte adds the comparison of the byte v with the constant c (the
// caller checks fuzz_cmpTracing).
static void recordByte(uint8_t c, uint8_t v) {
    if ((runSkip & cmpTableBytes) || c == v) {
        return;
    }
    cmpByte *last = &live.bytes[(bytePos - 1) & (cmpByteTableSize - 1)];
    if (bytePos > 0 && last->c == c && last->v == v) {
        return;
    }
    live.bytes[bytePos & (cmpByteTableSize - 1)] = (cmpByte){ c, v };
    bytePos++;
}

void fuzz_cmpRecordWord(const void *a, size_t alen, const void *b, size_t blen) {
    if (!fuzz_cmpTracing || (runSkip & cmpTableWords)) {
        return;
    }
    alen = alen < cmpWordMax ? alen : cmpWordMax;
    blen = blen < cmpWordMax ? blen : cmpWordMax;
    // The memcmp calls here reach the hooks again (through interceptors.c
    // or a sanitizer's interceptor): they must not record.
    fuzz_cmpTracing = false;
    bool skip = alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
    cmpWord *last = &live.words[(wordPos - 1) & (cmpWordTableSize - 1)];
    skip = skip || (wordPos > 0 && last->alen == alen && last->blen == blen &&
                    memcmp(last->a, a, alen) == 0 && memcmp(last->b, b, blen) == 0);
    fuzz_cmpTracing = true;
    if (skip) {
        return;
    }
    cmpWord *e = &live.words[wordPos & (cmpWordTableSize - 1)];
    e->alen = (uint8_t)alen;
    e->blen = (uint8_t)blen;
    if (alen > 0) {
        memcpy(e->a, a, alen);
    }
    if (blen > 0) {
        memcpy(e->b, b, blen);
    }
    wordPos++;
}

void fuzz_cmpBeginRun(void) {
    runSkip = fuzz_cmpSkipTables & cmpTablesAll;
    // With every table left alone, the hooks return at their first test.
    fuzz_cmpTracing = fuzz_UseCmp && runSkip != cmpTablesAll;
    runInt = intPos, runByte = bytePos, runWord = wordPos;
}

unsigned fuzz_cmpRunFilled(void) {
    unsigned filled = 0;
    if (!(runSkip & cmpTableInts) && intPos - runInt >= cmpIntTableSize) {
        filled |= cmpTableInts;
    }
    if (!(runSkip & cmpTableBytes) && bytePos - runByte >= cmpByteTableSize) {
        filled |= cmpTableBytes;
    }
    if (!(runSkip & cmpTableWords) && wordPos - runWord >= cmpWordTableSize) {
        filled |= cmpTableWords;
    }
    return filled;
}

bool fuzz_cmpSnapshot(cmpDict *dst) {
    uint64_t gen = intPos + bytePos + wordPos;
    if (gen == snapGen) {
        return false;
    }
    snapGen = gen;
    dst->nints = (uint32_t)(intPos < cmpIntTableSize ? intPos : cmpIntTableSize);
    dst->nbytes = (uint32_t)(bytePos < cmpByteTableSize ? bytePos : cmpByteTableSize);
    dst->nwords = (uint32_t)(wordPos < cmpWordTableSize ? wordPos : cmpWordTableSize);
    memcpy(dst->ints, live.ints, dst->nints * sizeof dst->ints[0]);
    memcpy(dst->bytes, live.bytes, dst->nbytes * sizeof dst->bytes[0]);
    memcpy(dst->words, live.words, dst->nwords * sizeof dst->words[0]);
    return true;
}

void fuzz_cmpResetTables(void) {
    memset(&live, 0, sizeof live);
    intPos = bytePos = wordPos = 0;
    runInt = runByte = runWord = 0;
    runSkip = 0;
    snapGen = UINT64_MAX;
}

// One-byte comparisons of two variables are left to the byte mutators;
// those with a constant (arg0, as SanitizerCoverage passes it) go to the
// byte table: the constant is what a mutation should write. ctest: for
// ctest corpus, each hook also records which way its comparison went
// (cmpoutcome.c), by the call site it returns to.
void __sanitizer_cov_trace_cmp1(uint8_t arg0, uint8_t arg1) {
    if (fuzz_cmpTracing && fuzz_cmpOutcomes) {
        fuzz_cmpOutcome((uintptr_t)__builtin_return_address(0), arg0, arg1, 1);
    }
}

void __sanitizer_cov_trace_const_cmp1(uint8_t arg0, uint8_t arg1) {
    if (fuzz_cmpTracing) {
        recordByte(arg0, arg1);
        if (fuzz_cmpOutcomes) {
            fuzz_cmpOutcome((uintptr_t)__builtin_return_address(0), arg0, arg1, 1);
        }
    }
}

void __sanitizer_cov_trace_cmp2(uint16_t arg0, uint16_t arg1) {
    if (fuzz_cmpTracing) {
        fuzz_cmpRecordInt(arg0, arg1, 2);
        if (fuzz_cmpOutcomes) {
            fuzz_cmpOutcome((uintptr_t)__builtin_return_address(0), arg0, arg1, 2);
        }
    }
}

void __sanitizer_cov_trace_cmp4(uint32_t arg0, uint32_t arg1) {
    if (fuzz_cmpTracing) {
        fuzz_cmpRecordInt(arg0, arg1, 4);
        if (fuzz_cmpOutcomes) {
            fuzz_cmpOutcome((uintptr_t)__builtin_return_address(0), arg0, arg1, 4);
        }
    }
}

void __sanitizer_cov_trace_cmp8(uint64_t arg0, uint64_t arg1) {
    if (fuzz_cmpTracing) {
        fuzz_cmpRecordInt(arg0, arg1, 8);
        if (fuzz_cmpOutcomes) {
            fuzz_cmpOutcome((uintptr_t)__builtin_return_address(0), arg0, arg1, 8);
        }
    }
}

void __sanitizer_cov_trace_const_cmp2(uint16_t arg0, uint16_t arg1) {
    if (fuzz_cmpTracing) {
        fuzz_cmpRecordInt(arg0, arg1, 2);
        if (fuzz_cmpOutcomes) {
            fuzz_cmpOutcome((uintptr_t)__builtin_return_address(0), arg0, arg1, 2);
        }
    }
}

void __sanitizer_cov_trace_const_cmp4(uint32_t arg0, uint32_t arg1) {
    if (fuzz_cmpTracing) {
        fuzz_cmpRecordInt(arg0, arg1, 4);
        if (fuzz_cmpOutcomes) {
            fuzz_cmpOutcome((uintptr_t)__builtin_return_address(0), arg0, arg1, 4);
        }
    }
}

void __sanitizer_cov_trace_const_cmp8(uint64_t arg0, uint64_t arg1) {
    if (fuzz_cmpTracing) {
        fuzz_cmpRecordInt(arg0, arg1, 8);
        if (fuzz_cmpOutcomes) {
            fuzz_cmpOutcome((uintptr_t)__builtin_return_address(0), arg0, arg1, 8);
        }
    }
}

// __sanitizer_cov_trace_switch has no Go counterpart (Go instruments a
// switch as its comparisons); trace-cmp emits it for C's switch, with
// cases[0] the number of cases, cases[1] the value's width in bits and the
// case values after them, sorted. Recording every case would flood the
// table; the cases on either side of val are the ones a mutation of val
// most likely misses.
void __sanitizer_cov_trace_switch(uint64_t val, uint64_t *cases) {
    if (!fuzz_cmpTracing || (runSkip & cmpTableInts) || cases[1] < 16) {
        return;
    }
    uint64_t n = cases[0], size = cases[1] / 8;
    uint64_t i = 0;
    while (i < n && cases[2 + i] < val) {
        i++;
    }
    if (i < n) {
        fuzz_cmpRecordInt(val, cases[2 + i], size);
    }
    if (i > 0) {
        fuzz_cmpRecordInt(val, cases[2 + i - 1], size);
    }
}

// The memcmp-like hooks follow libFuzzer's (FuzzerTracePC.cpp): nothing to
// learn from equal operands (result 0), nor from one-byte ones.
void __sanitizer_weak_hook_memcmp(void *called_pc, const void *s1, const void *s2, size_t n,
                                  int result) {
    (void)called_pc;
    if (!fuzz_cmpTracing || result == 0 || n <= 1) {
        return;
    }
    fuzz_cmpRecordWord(s1, n, s2, n);
}

// recordStrings records the strings s1 and s2, up to n bytes of each (and
// at most cmpWordMax). ctest: libFuzzer records both at the shorter one's
// length, which records nothing when the input is empty; each keeps its own
// length here, so that the mutator can insert the other one.
static void recordStrings(const char *s1, const char *s2, size_t n) {
    size_t max = n < cmpWordMax ? n : cmpWordMax;
    size_t n1 = strnlen(s1, max), n2 = strnlen(s2, max);
    if (n1 <= 1 && n2 <= 1) {
        return;
    }
    fuzz_cmpRecordWord(s1, n1, s2, n2);
}

void __sanitizer_weak_hook_strncmp(void *called_pc, const char *s1, const char *s2, size_t n,
                                   int result) {
    (void)called_pc;
    if (!fuzz_cmpTracing || result == 0) {
        return;
    }
    recordStrings(s1, s2, n);
}

void __sanitizer_weak_hook_strcmp(void *called_pc, const char *s1, const char *s2, int result) {
    (void)called_pc;
    if (!fuzz_cmpTracing || result == 0) {
        return;
    }
    recordStrings(s1, s2, cmpWordMax);
}

void __sanitizer_weak_hook_strncasecmp(void *called_pc, const char *s1, const char *s2, size_t n,
                                       int result) {
    __sanitizer_weak_hook_strncmp(called_pc, s1, s2, n, result);
}

void __sanitizer_weak_hook_strcasecmp(void *called_pc, const char *s1, const char *s2, int result) {
    __sanitizer_weak_hook_strcmp(called_pc, s1, s2, result);
}

// A needle that was not found is recorded against nothing: the mutator
// inserts it. (libFuzzer keeps needles in a table of their own, MemMemTable.)
static void recordNeedle(const void *needle, size_t len) {
    if (len <= 1) {
        return;
    }
    fuzz_cmpRecordWord("", 0, needle, len);
}

void __sanitizer_weak_hook_strstr(void *called_pc, const char *s1, const char *s2, char *result) {
    (void)called_pc, (void)s1;
    if (!fuzz_cmpTracing || result != NULL) {
        return;
    }
    recordNeedle(s2, strnlen(s2, cmpWordMax));
}

void __sanitizer_weak_hook_strcasestr(void *called_pc, const char *s1, const char *s2,
                                      char *result) {
    __sanitizer_weak_hook_strstr(called_pc, s1, s2, result);
}

void __sanitizer_weak_hook_memmem(void *called_pc, const void *s1, size_t len1, const void *s2,
                                  size_t len2, void *result) {
    (void)called_pc, (void)s1, (void)len1;
    if (!fuzz_cmpTracing || result != NULL) {
        return;
    }
    recordNeedle(s2, len2);
}
