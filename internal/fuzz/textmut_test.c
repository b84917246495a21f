// Tests textmut.c, the token-level mutations (ctest's own): where tokens
// start and end, each kind of mutation on scripted draws, the spaces put
// between two words, the cap, and that two mutators alike agree.
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/mutator.h"
#include "internal/fuzz/mutator_vectors_test.h"
#include "internal/fuzz/tokens.h"

// scripted draws: intn returns the next value mod n, bool the next value's
// lowest bit; past the script, a test fails.
typedef struct scriptRand {
    const go_int *vals;
    size_t n, next;
    T *t;
} scriptRand;

static go_int scriptNext(scriptRand *s) {
    if (s->next >= s->n) {
        t_fatalf(s->t, "more draws than the %zu scripted", s->n);
    }
    return s->vals[s->next++];
}

static go_int scriptIntn(void *self, go_int n) {
    return scriptNext(self) % n;
}

static bool scriptBool(void *self) {
    return (scriptNext(self) & 1) != 0;
}

typedef struct textCase {
    const char *name;
    const char *in;
    size_t extraCap; // room past the input's length
    go_int draws[16];
    size_t ndraws;
    bool ok;
    const char *want; // NULL: the input, unchanged
} textCase;

// chooseLen(16) = k, short: rand(100) < 90, then rand(8) = k - 1.
#define LEN(k) 0, (k)-1

static const textCase textCases[] = {
    // "local x=10\n": local, " ", x, =, 10, "\n".
    { "delete two tokens", "local x=10\n", 0, { 7, 0, LEN(2) }, 4, true, "local x\n" },
    { "delete a whole word from its middle",
      "local x=10\n",
      0,
      { 3, 0, LEN(1) },
      4,
      true,
      " x=10\n" },
    { "delete everything: no", "ab", 0, { 0, 0, LEN(1) }, 4, false, NULL },
    { "a word for a space, spaced from its neighbours",
      "local x=10\n",
      16,
      { 5, 1, 0, 0 },
      4,
      true,
      "local while x=10\n" },
    { "a word between punctuation, no spaces", "f(x)", 16, { 2, 1, 0, 0 }, 4, true, "f(while)" },
    { "a piece of the input at its end",
      "local x=10\n",
      16,
      { 0, 2, 1, 2, 0, LEN(1) },
      7,
      true,
      "local x=10\nlocal" },
    { "a piece of the input before a token",
      "a+b",
      16,
      { 2, 2, 0, 2, 0, LEN(2) },
      7,
      true,
      "a+a+b" },
    { "a run of the input over another run",
      "local x=10\n",
      16,
      { 8, 3, 0, LEN(1), LEN(1) },
      7,
      true,
      "local x=local\n" },
    { "a partner's tokens", "x", 16, { 0, 1, 1, 0, 6, LEN(2) }, 7, true, "y)" },
    { "no room for the word", "ab cd", 0, { 2, 1, 0, 0 }, 4, false, NULL },
};

static void runTextCase(T *t, void *arg) {
    const textCase *tc = arg;
    scriptRand s = { tc->draws, tc->ndraws, 0, t };
    mutatorRand mr = { scriptIntn, scriptBool, &s };
    tokenDict d = { 0 };
    fuzz_tokenDict_add(&d, (const uint8_t *)"while", 5);
    mutator m = { .mock = &mr, .tokens = &d, .pool = fuzz_crossPool_new() };
    go_value partner[] = { GO_BYTES("print(y)") };
    fuzz_crossPool_remember(m.pool, partner, 1);
    size_t len = strlen(tc->in), cap = len + tc->extraCap;
    uint8_t *buf = runtime_calloc(cap + 1, 1);
    memcpy(buf, tc->in, len);
    byteSlice b = { buf, len, cap };
    bool ok = fuzz_textMutateBytes(&m, &b);
    const char *want = tc->want != NULL ? tc->want : tc->in;
    if (ok != tc->ok || b.len != strlen(want) || memcmp(b.ptr, want, b.len) != 0) {
        t_errorf(t, "got %s %.*s; want %s %s", ok ? "true" : "false", (int)b.len,
                 (const char *)b.ptr, tc->ok ? "true" : "false", want);
    }
    if (s.next != s.n) {
        t_errorf(t, "made %zu draws, scripted %zu", s.next, s.n);
    }
    free(buf);
    fuzz_crossPool_free(m.pool);
    fuzz_tokenDict_free(&d);
}

// TestTextMutate: each mutation on scripted draws.
void TestTextMutate(T *t) {
    for (size_t i = 0; i < sizeof textCases / sizeof textCases[0]; i++) {
        t_run(t, textCases[i].name, runTextCase, (void *)&textCases[i]);
    }
}

// TestTextMutateRandom: on random draws, a mutation stays within the cap
// and two mutators alike make the same ones, as the coordinator's replay
// of a worker needs; most inputs are changed.
void TestTextMutateRandom(T *t) {
    tokenDict d = { 0 };
    fuzz_tokenDict_add(&d, (const uint8_t *)"function", 8);
    fuzz_tokenDict_add(&d, (const uint8_t *)"<", 1);
    mutator *a = fuzz_newMutator(), *b = fuzz_newMutator();
    a->tokens = b->tokens = &d;
    a->pool = fuzz_crossPool_new();
    b->pool = fuzz_crossPool_new();
    b->r = a->r;
    static const char *const inputs[] = { "local function f(a, b) return a // b end",
                                          "<a x='1'>\xc3\xa9t\xc3\xa9</a>",
                                          "((a|b)*c){2,3}",
                                          "   ",
                                          "x",
                                          "[section]\nkey = value\n" };
    enum { cap = 96 };
    uint8_t ba[cap], bb[cap];
    int changed = 0, tries = 0;
    for (int i = 0; i < 6000; i++) {
        const char *in = inputs[i % 6];
        go_value v[] = { GO_BYTES_N(in, strlen(in)) };
        fuzz_crossPool_remember(a->pool, v, 1);
        fuzz_crossPool_remember(b->pool, v, 1);
        size_t len = strlen(in);
        memcpy(ba, in, len);
        memcpy(bb, in, len);
        byteSlice xa = { ba, len, cap }, xb = { bb, len, cap };
        bool oka = fuzz_textMutateBytes(a, &xa), okb = fuzz_textMutateBytes(b, &xb);
        if (oka != okb || xa.len != xb.len || memcmp(ba, bb, xa.len) != 0) {
            t_fatalf(t, "mutation %d differs between two mutators alike", i);
        }
        if (xa.len > cap) {
            t_fatalf(t, "mutation %d: %zu bytes, over the cap of %d", i, xa.len, cap);
        }
        if (!oka && (xa.len != len || memcmp(ba, in, len) != 0)) {
            t_fatalf(t, "mutation %d changed its input and said it did not", i);
        }
        tries++;
        if (oka && (xa.len != len || memcmp(ba, in, len) != 0)) {
            changed++;
        }
    }
    if (changed < tries / 2) {
        t_errorf(t, "%d of %d mutations changed their input, want at least half", changed, tries);
    }
    fuzz_mutator_free(a);
    fuzz_mutator_free(b);
    fuzz_tokenDict_free(&d);
}

// TestTextMutateChance: the default search's mutator (with a crossover
// pool) makes token-level mutations; Go's (without) never draws for them,
// which golden/vectors/mutator checks.
void TestTextMutateChance(T *t) {
    mutator *m = fuzz_newMutator();
    m->pool = fuzz_crossPool_new();
    int spaced = 0;
    for (int i = 0; i < 4000; i++) {
        // Only a token-level mutation puts whole "ab" tokens next to each
        // other with a space between them.
        go_value v[] = { GO_BYTES("ab+cd") };
        fuzz_mutator_mutate(m, v, 1, 300);
        if (containsBytes(v[0].v.bytes, "ab ab", 5) || containsBytes(v[0].v.bytes, "cd cd", 5) ||
            containsBytes(v[0].v.bytes, "ab cd", 5) || containsBytes(v[0].v.bytes, "cd ab", 5)) {
            spaced++;
        }
    }
    t_logf(t, "%d of 4000 mutations spaced two words", spaced);
    // About one mutation in 8 is token-level, and runs of this test saw
    // 160 to 175 spaced words; with token-level mutations off, about 8
    // (byte-level ones that happen to write a space between the words).
    if (spaced < 60) {
        t_errorf(t,
                 "%d mutations of 4000 put two words together with a space between them, want "
                 "at least 60",
                 spaced);
    }
    fuzz_mutator_free(m);
}
