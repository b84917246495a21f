// cmp_test.c: fuzz targets that random mutation alone hardly ever passes,
// and that the comparison dictionary (-fuzzcmp, trace.c) finds at once:
// a 32-bit magic value, a 64-bit constant together with a string
// compared by strncmp, memcmp and strcmp, and a number read from text.
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "testing/testing.h"

static void fuzzMagic32(T *t, uint32_t x) {
    if (x == 0xDEADBEEF) {
        t_fatalf(t, "found the magic value %#x", (unsigned)x);
    }
}

void FuzzMagic32(F *f) {
    f_fuzz(f, fuzzMagic32, GO_UINT32);
}

static void fuzzPair(T *t, go_string s, int64_t n) {
    if (n == 1234567890123 && s.len >= 5 && strncmp(s.ptr, "ctest", 5) == 0) {
        t_fatalf(t, "found the pair (%.*s, %lld)", (int)s.len, s.ptr, (long long)n);
    }
}

void FuzzPair(F *f) {
    f_fuzz(f, fuzzPair, GO_STRING, GO_INT64);
}

// fuzzHeader compares a []byte with memcmp, then a little-endian word.
static void fuzzHeader(T *t, go_bytes b) {
    if (b.len >= 12 && memcmp(b.ptr, "MAGIC!", 6) == 0) {
        uint32_t w = (uint32_t)b.ptr[6] | (uint32_t)b.ptr[7] << 8 | (uint32_t)b.ptr[8] << 16 |
                     (uint32_t)b.ptr[9] << 24;
        if (w == 0xCAFEF00D) {
            t_fatal(t, "found the header");
        }
    }
}

void FuzzHeader(F *f) {
    f_fuzz(f, fuzzHeader, GO_BYTES);
}

// fuzzReduce has a branch for each of a few leading bytes, whatever
// follows. From a long seed, the inputs found are long; smaller inputs
// that reach the same branch take their place (ctest's reduction).
static volatile unsigned reduceSink;

static void fuzzReduce(T *t, go_bytes b) {
    (void)t;
    if (b.len == 0) {
        return;
    }
    switch (b.ptr[0]) {
    case 'a':
        reduceSink += 1;
        break;
    case 'b':
        reduceSink += 20;
        break;
    case 'c':
        reduceSink *= 3;
        break;
    case 'd':
        reduceSink -= 7;
        break;
    default:
        break;
    }
}

void FuzzReduce(F *f) {
    uint8_t seed[200];
    memset(seed, 'z', sizeof seed);
    f_add(f, GO_BYTES_N(seed, sizeof seed));
    f_fuzz(f, fuzzReduce, GO_BYTES);
}

// fuzzDecimal reads the number after "n=" as a text format's parser
// does, digit by digit: the value, never its text, meets the constant,
// and random mutation makes its nine digits about never. The comparison
// dictionary writes the constant where the input has the value as text.
static void fuzzDecimal(T *t, go_bytes b) {
    if (b.len < 3 || memcmp(b.ptr, "n=", 2) != 0) {
        return;
    }
    uint64_t n = 0;
    for (size_t i = 2; i < b.len && b.ptr[i] >= '0' && b.ptr[i] <= '9' && n < 1000000000000; i++) {
        n = n * 10 + (uint64_t)(b.ptr[i] - '0');
    }
    if (n == 987654321) {
        t_fatal(t, "found the number");
    }
}

void FuzzDecimal(F *f) {
    f_add(f, GO_BYTES_N("n=12;", 5));
    f_fuzz(f, fuzzDecimal, GO_BYTES);
}

// fuzzEdges has ifs without an else, whose untaken way is an edge of its
// own: the default search counts it, Go's search (a counter per block)
// does not.
static void fuzzEdges(T *t, go_bytes b) {
    (void)t;
    for (size_t i = 0; i < b.len; i++) {
        if (b.ptr[i] == 'x') {
            reduceSink++;
        }
        if (b.ptr[i] == 'y' && i > 2) {
            reduceSink--;
        }
    }
}

void FuzzEdges(F *f) {
    f_fuzz(f, fuzzEdges, GO_BYTES);
}

// hashWindow is FNV-1a of the n bytes at p.
static uint32_t hashWindow(const uint8_t *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ p[i]) * 16777619u;
    }
    return h;
}

// hasWord reports whether some window of b hashes as word does: a lookup
// by hash, as an interpreter's lexer finds its keywords, so that the word
// is never an operand of a comparison (the hashes are, and writing a hash
// into the input does not help).
static bool hasWord(go_bytes b, const char *word) {
    size_t n = strlen(word);
    uint32_t want = hashWindow((const uint8_t *)word, n);
    for (size_t i = 0; i + n <= b.len; i++) {
        if (hashWindow(b.ptr + i, n) == want) {
            return true;
        }
    }
    return false;
}

// reversed returns s backwards, in buf.
static const char *reversed(const char *s, char *buf, size_t size) {
    size_t n = strlen(s);
    if (n >= size) {
        n = size - 1;
    }
    for (size_t i = 0; i < n; i++) {
        buf[i] = s[n - 1 - i];
    }
    buf[n] = '\0';
    return buf;
}

// keyword is read through a volatile pointer, so that the compiler keeps
// the string constant and does not fold its hash.
static const char *volatile keyword = "quagmire";

// fuzzKeyword is found by the token dictionary's words from the package's
// string constants (ctest's own).
static void fuzzKeyword(T *t, go_bytes b) {
    if (hasWord(b, keyword)) {
        t_fatal(t, "found the keyword");
    }
}

void FuzzKeyword(F *f) {
    f_fuzz(f, fuzzKeyword, GO_BYTES);
}

// fuzzDictWord looks for a word that is no string constant of the package
// (it is built backwards at run time): only a dictionary file has it.
static void fuzzDictWord(T *t, go_bytes b) {
    static const char *volatile backwards = "kcabtaerg";
    char word[16];
    if (hasWord(b, reversed(backwards, word, sizeof word))) {
        t_fatal(t, "found the word of the dictionary file");
    }
}

void FuzzDictWord(F *f) {
    f_fuzz(f, fuzzDictWord, GO_BYTES);
}

static const char *volatile addDictBackwards = "tnemomsuomynona";

// fuzzAddDict looks for a word that only f_add_dict gives (FuzzAddDict
// builds it at run time).
static void fuzzAddDict(T *t, go_bytes b) {
    char word[32];
    if (hasWord(b, reversed(addDictBackwards, word, sizeof word))) {
        t_fatal(t, "found the word of f_add_dict");
    }
}

void FuzzAddDict(F *f) {
    char word[32];
    f_add_dict(f, reversed(addDictBackwards, word, sizeof word));
    f_fuzz(f, fuzzAddDict, GO_BYTES);
}
