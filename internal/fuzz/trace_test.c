// Tests trace.c's comparison tables, interceptors.c's hooks and the
// mutator's use of the tables (ctest: Go's trace hooks are no-ops; this is
// -test.fuzzcmp, which has no Go counterpart to compare against).
//
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal/fuzz/mutator.h"
#include "internal/fuzz/pcg.h"
#include "internal/fuzz/trace.h"
#include "testing/testing.h"

// startTracing empties the tables and records, as during a fuzz call.
static void startTracing(void) {
    fuzz_cmpResetTables();
    fuzz_cmpTracing = true;
}

static void snapshot(T *t, cmpDict *d) {
    fuzz_cmpTracing = false;
    memset(d, 0, sizeof *d);
    if (!fuzz_cmpSnapshot(d)) {
        t_fatal(t, "fuzz_cmpSnapshot: got no change, want the tables copied");
    }
}

void TestCmpTableRecord(T *t) {
    startTracing();
    __sanitizer_cov_trace_const_cmp4(0xDEADBEEF, 7);
    __sanitizer_cov_trace_cmp8(1234567890123, 5);
    __sanitizer_cov_trace_cmp8(1234567890123, 5); // a repeat: not recorded
    __sanitizer_cov_trace_cmp8(9, 9);             // equal: not recorded
    __sanitizer_cov_trace_cmp1(1, 2);             // one byte: not recorded
    cmpDict d;
    snapshot(t, &d);
    if (d.nints != 2) {
        t_fatalf(t, "nints: got %u, want 2", d.nints);
    }
    if (d.ints[0].a != 0xDEADBEEF || d.ints[0].b != 7 || d.ints[0].size != 4) {
        t_errorf(t, "ints[0]: got (%#llx, %llu, %llu), want (0xdeadbeef, 7, 4)",
                 (unsigned long long)d.ints[0].a, (unsigned long long)d.ints[0].b,
                 (unsigned long long)d.ints[0].size);
    }
    if (d.ints[1].a != 1234567890123 || d.ints[1].b != 5 || d.ints[1].size != 8) {
        t_errorf(t, "ints[1]: got (%llu, %llu, %llu), want (1234567890123, 5, 8)",
                 (unsigned long long)d.ints[1].a, (unsigned long long)d.ints[1].b,
                 (unsigned long long)d.ints[1].size);
    }
    // No change since: no copy.
    if (fuzz_cmpSnapshot(&d)) {
        t_errorf(t, "fuzz_cmpSnapshot after no change: got true, want false");
    }
}

// TestCmpTableBytes: a byte compared with a constant goes to the byte
// table, constant first; two variable bytes, equal bytes and a repeat do
// not.
void TestCmpTableBytes(T *t) {
    startTracing();
    __sanitizer_cov_trace_const_cmp1('=', 'y');
    __sanitizer_cov_trace_const_cmp1('=', 'y'); // a repeat: not recorded
    __sanitizer_cov_trace_const_cmp1('k', 'k'); // equal: not recorded
    __sanitizer_cov_trace_cmp1('a', 'b');       // no constant: not recorded
    __sanitizer_cov_trace_const_cmp1('[', 'x');
    cmpDict d;
    snapshot(t, &d);
    if (d.nints != 0 || d.nwords != 0) {
        t_errorf(t, "nints, nwords: got %u, %u, want 0, 0", d.nints, d.nwords);
    }
    if (d.nbytes != 2) {
        t_fatalf(t, "nbytes: got %u, want 2", d.nbytes);
    }
    if (d.bytes[0].c != '=' || d.bytes[0].v != 'y' || d.bytes[1].c != '[' || d.bytes[1].v != 'x') {
        t_errorf(t, "bytes: got (%c %c) (%c %c), want (= y) ([ x)", d.bytes[0].c, d.bytes[0].v,
                 d.bytes[1].c, d.bytes[1].v);
    }
    // The ring keeps the last cmpByteTableSize.
    startTracing();
    for (int i = 0; i < cmpByteTableSize + 5; i++) {
        __sanitizer_cov_trace_const_cmp1((uint8_t)i, 200);
    }
    snapshot(t, &d);
    if (d.nbytes != cmpByteTableSize) {
        t_errorf(t, "nbytes after %d: got %u, want %d", cmpByteTableSize + 5, d.nbytes,
                 cmpByteTableSize);
    }
    fuzz_cmpTracing = false;
}

void TestCmpTableNotTracing(T *t) {
    fuzz_cmpResetTables();
    fuzz_cmpTracing = false;
    __sanitizer_cov_trace_const_cmp4(0xDEADBEEF, 7);
    cmpDict d = { 0 };
    fuzz_cmpSnapshot(&d);
    if (d.nints != 0) {
        t_errorf(t, "nints after a comparison while not tracing: got %u, want 0", d.nints);
    }
}

void TestCmpTableRingOverwrite(T *t) {
    startTracing();
    uint64_t n = cmpIntTableSize + 5;
    for (uint64_t i = 0; i < n; i++) {
        __sanitizer_cov_trace_cmp8(1000 + i, i);
    }
    cmpDict d;
    snapshot(t, &d);
    if (d.nints != cmpIntTableSize) {
        t_fatalf(t, "nints: got %u, want %d", d.nints, cmpIntTableSize);
    }
    // Entries 0..4 were overwritten by the last five; the rest stay.
    for (uint64_t slot = 0; slot < cmpIntTableSize; slot++) {
        uint64_t want = slot < 5 ? cmpIntTableSize + slot : slot;
        if (d.ints[slot].b != want || d.ints[slot].a != 1000 + want) {
            t_errorf(t, "slot %llu: got (%llu, %llu), want (%llu, %llu)", (unsigned long long)slot,
                     (unsigned long long)d.ints[slot].a, (unsigned long long)d.ints[slot].b,
                     (unsigned long long)(1000 + want), (unsigned long long)want);
        }
    }
}

void TestCmpTableSwitch(T *t) {
    startTracing();
    uint64_t cases[] = { 4, 32, 10, 20, 300, 4000 };
    __sanitizer_cov_trace_switch(25, cases);
    cmpDict d;
    snapshot(t, &d);
    if (d.nints != 2 || d.ints[0].b != 300 || d.ints[1].b != 20 || d.ints[0].a != 25) {
        t_errorf(t,
                 "switch on 25 over {10, 20, 300, 4000}: got %u entries (%llu, %llu), want "
                 "2 (300, 20)",
                 d.nints, (unsigned long long)d.ints[0].b, (unsigned long long)d.ints[1].b);
    }
}

// The library functions go through a volatile pointer, so that the
// compiler calls them rather than expanding them inline.
static int (*volatile memcmpFn)(const void *, const void *, size_t) = memcmp;
static int (*volatile strncmpFn)(const char *, const char *, size_t) = strncmp;
static int (*volatile strcmpFn)(const char *, const char *) = strcmp;
static char *(*volatile strstrFn)(const char *, const char *) = strstr;

static bool hasWord(const cmpDict *d, const char *a, const char *b) {
    for (uint32_t i = 0; i < d->nwords; i++) {
        const cmpWord *w = &d->words[i];
        if (w->alen == strlen(a) && w->blen == strlen(b) && memcmp(w->a, a, w->alen) == 0 &&
            memcmp(w->b, b, w->blen) == 0) {
            return true;
        }
    }
    return false;
}

void TestCmpTableInterceptors(T *t) {
    char input[] = "xyzzyplugh";
    startTracing();
    int r = memcmpFn(input, "MAGIC", 5);
    r += strncmpFn("ab", "ctest", 5);
    r += strcmpFn(input, "hello");
    r += (strstrFn(input, "needle") != NULL);
    r += memcmpFn(input, "xyzzy", 5); // equal: not recorded
    cmpDict d;
    snapshot(t, &d);
    (void)r;
    if (!hasWord(&d, "xyzzy", "MAGIC")) {
        t_errorf(t, "memcmp(\"xyzzy...\", \"MAGIC\", 5) not recorded");
    }
    if (!hasWord(&d, "ab", "ctest")) {
        t_errorf(t, "strncmp(\"ab\", \"ctest\", 5) not recorded as (\"ab\", \"ctest\")");
    }
    if (!hasWord(&d, "xyzzyplugh", "hello")) {
        t_errorf(t, "strcmp(\"xyzzyplugh\", \"hello\") not recorded");
    }
    if (!hasWord(&d, "", "needle")) {
        t_errorf(t, "strstr(..., \"needle\") not recorded as (\"\", \"needle\")");
    }
    if (d.nwords != 4) {
        t_errorf(t, "nwords: got %u, want 4", d.nwords);
    }
}

void TestCmpTableWordTruncated(T *t) {
    char a[100], b[100];
    memset(a, 'a', sizeof a);
    memset(b, 'b', sizeof b);
    startTracing();
    fuzz_cmpRecordWord(a, sizeof a, b, sizeof b);
    cmpDict d;
    snapshot(t, &d);
    if (d.nwords != 1 || d.words[0].alen != cmpWordMax || d.words[0].blen != cmpWordMax) {
        t_errorf(t, "a 100-byte comparison: got %u words of %u and %u bytes, want 1 of %d",
                 d.nwords, d.words[0].alen, d.words[0].blen, cmpWordMax);
    }
}

// TestCmpMutatorEmptyDict: a mutator with an empty dictionary makes exactly
// the draws of one without (Go's, which mutator_test.c checks against Go).
void TestCmpMutatorEmptyDict(T *t) {
    cmpDict empty = { 0 };
    mutator a = { 0 }, b = { 0 };
    b.dict = &empty;
    fuzz_pcgRand_restore(&a.r, 0x853c49e6748fea9bULL, 0xda3e39cb94b95bdbULL);
    fuzz_pcgRand_restore(&b.r, 0x853c49e6748fea9bULL, 0xda3e39cb94b95bdbULL);
    for (int i = 0; i < 1000; i++) {
        go_value va[3] = { GO_UINT32(5), GO_STRING("hello"), GO_BYTES("abc") };
        go_value vb[3] = { GO_UINT32(5), GO_STRING("hello"), GO_BYTES("abc") };
        fuzz_mutator_mutate(&a, va, 3, 1000);
        fuzz_mutator_mutate(&b, vb, 3, 1000);
        if (va[0].v.u != vb[0].v.u || va[1].v.str.len != vb[1].v.str.len ||
            va[2].v.bytes.len != vb[2].v.bytes.len || a.r.state != b.r.state) {
            t_fatalf(t, "mutation %d: an empty dictionary changed the draws", i);
        }
    }
    free(a.scratch.ptr);
    free(b.scratch.ptr);
    for (size_t i = 0; i < a.nstrs; i++) {
        free(a.strs[i].ptr);
    }
    for (size_t i = 0; i < b.nstrs; i++) {
        free(b.strs[i].ptr);
    }
    free(a.strs);
    free(b.strs);
}

// mutateN mutates vals n times from the PRNG state (state, inc) with dict,
// as a worker's chain and the coordinator's replay of it do, and counts
// the mutations after which check(vals) holds.
static int mutateN(const cmpDict *dict, uint64_t state, go_value *vals, size_t nv, int n,
                   bool (*check)(const go_value *), char **last) {
    mutator *m = runtime_calloc(1, sizeof *m);
    m->dict = dict;
    fuzz_pcgRand_restore(&m->r, state, 0xda3e39cb94b95bdbULL);
    int hits = 0;
    for (int i = 0; i < n; i++) {
        fuzz_mutator_mutate(m, vals, nv, 1000);
        hits += check(vals);
    }
    if (last != NULL) {
        *last = runtime_sprintf("%llu %.*s", (unsigned long long)vals[1].v.i,
                                (int)vals[0].v.str.len, vals[0].v.str.ptr);
    }
    fuzz_mutator_free(m);
    return hits;
}

static bool isPair(const go_value *v) {
    return v[1].v.i == 1234567890123 && v[0].v.str.len >= 5 &&
           memcmp(v[0].v.str.ptr, "ctest", 5) == 0;
}

static bool isMagic(const go_value *v) {
    return v[1].v.i == 1234567890123;
}

static bool isKeyEq(const go_value *v) {
    return v[0].v.str.len >= 4 && memcmp(v[0].v.str.ptr, "key=", 4) == 0;
}

// TestCmpMutatorUsesByteDict: a byte compared with a constant ('=' with
// the 'y' at s[3]) is written over one of the string's 'y's: within a few
// hundred mutations of "keyyy" one is "key=...", which Go's byte mutators
// alone make about once in tens of thousands.
void TestCmpMutatorUsesByteDict(T *t) {
    cmpDict d = { 0 };
    d.nbytes = 1;
    d.bytes[0] = (cmpByte){ '=', 'y' };
    int chains = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        go_value v[2] = { GO_STRING("keyyy"), GO_INT64(0) };
        chains += mutateN(&d, seed, v, 2, 5, isKeyEq, NULL) > 0;
    }
    if (chains < 5) {
        t_errorf(t,
                 "100 chains of 5 mutations of \"keyyy\" with ('=', 'y') recorded: got %d "
                 "with \"key=\", want at least 5",
                 chains);
    }
    cmpDict none = { 0 };
    int without = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        go_value v[2] = { GO_STRING("keyyy"), GO_INT64(0) };
        without += mutateN(&none, seed, v, 2, 5, isKeyEq, NULL) > 0;
    }
    if (without >= chains) {
        t_errorf(t, "chains with \"key=\": %d with the byte recorded, %d without; want more with",
                 chains, without);
    }
}

static bool hasText(const go_value *v, const char *text) {
    size_t n = strlen(text);
    for (size_t i = 0; i + n <= v[0].v.str.len; i++) {
        if (memcmp(v[0].v.str.ptr + i, text, n) == 0) {
            return true;
        }
    }
    return false;
}

// The exponent 35 of "1e35" as a parser has it when its bound is tested
// (3 so far, against 21474836), replaced by the bound (give or take one)
// in decimal or hex.
static bool isExponent(const go_value *v) {
    return hasText(v, "1e2147483") || hasText(v, "1e0x147ae1");
}

// The 3 of "13" replaced by the bound: no number starts there.
static bool isInside(const go_value *v) {
    return hasText(v, "12147483") || hasText(v, "10x147ae1");
}

// TestCmpMutatorWritesText: an integer compared with a constant that the
// input holds as decimal text, at the start of a number, is replaced by
// the constant's text; the text "3" inside "13" is not a number's start,
// and is left alone.
void TestCmpMutatorWritesText(T *t) {
    cmpDict d = { 0 };
    d.nints = 1;
    d.ints[0] = (cmpInt){ 3, 21474836, 4 };
    int chains = 0, inside = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        go_value v[2] = { GO_STRING("x = 13 * 1e35;"), GO_INT64(0) };
        chains += mutateN(&d, seed, v, 2, 5, isExponent, NULL) > 0;
        go_value w[2] = { GO_STRING("x = 13 * 1e35;"), GO_INT64(0) };
        inside += mutateN(&d, seed, w, 2, 5, isInside, NULL);
    }
    if (chains < 10) {
        t_errorf(t,
                 "200 chains of 5 mutations of \"x = 13 * 1e35;\" with (3, 21474836) recorded: "
                 "got %d with the bound's text after 1e, want at least 10",
                 chains);
    }
    if (inside != 0) {
        t_errorf(t, "the 3 of 13 replaced by the bound's text %d times, want 0", inside);
    }
    cmpDict none = { 0 };
    int without = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        go_value v[2] = { GO_STRING("x = 13 * 1e35;"), GO_INT64(0) };
        without += mutateN(&none, seed, v, 2, 5, isExponent, NULL) > 0;
    }
    if (without != 0) {
        t_errorf(t, "chains with the bound's text and no dictionary: got %d, want 0", without);
    }
}

// TestCmpMutatorUsesDict: the recorded operands show up in integers and
// strings, and the same state and dictionary give the same values (the
// coordinator's replay).
void TestCmpMutatorUsesDict(T *t) {
    cmpDict d = { 0 };
    d.nints = 1;
    d.ints[0] = (cmpInt){ 1234567890123, 0, 8 };
    d.nwords = 1;
    d.words[0] = (cmpWord){ .alen = 2, .blen = 5, .a = "ab", .b = "ctest" };
    go_value vals[2] = { GO_STRING("ab"), GO_INT64(0) };
    int hits = mutateN(&d, 1, vals, 2, 200, isMagic, NULL);
    if (hits == 0) {
        t_errorf(t, "200 mutations of int64(0) with 1234567890123 recorded: got 0 hits, want some");
    }
    int pairs = 0;
    for (uint64_t seed = 1; seed <= 2000; seed++) {
        go_value v[2] = { GO_STRING("ab"), GO_INT64(0) };
        pairs += mutateN(&d, seed, v, 2, 5, isPair, NULL) > 0;
    }
    t_logf(t, "DEBUG pairs %d hits %d", pairs, hits);
    if (pairs == 0) {
        t_errorf(t, "2000 chains of 5 mutations: got no (\"ctest\", 1234567890123), want some");
    }
    char *x, *y;
    go_value v1[2] = { GO_STRING("ab"), GO_INT64(0) };
    go_value v2[2] = { GO_STRING("ab"), GO_INT64(0) };
    mutateN(&d, 42, v1, 2, 5, isPair, &x);
    mutateN(&d, 42, v2, 2, 5, isPair, &y);
    if (strcmp(x, y) != 0) {
        t_errorf(t, "replay of a chain: got %s, want %s", y, x);
    }
    free(x);
    free(y);
}
