// Tests minimize.c against go1.19.8's minimize.go: TestMinimizeInput's
// cases (minimize_test.go) on minimizeBytes, and every row of
// golden/vectors/mutator/minimize.txt (Go's candidates, their number and
// the result).
//
// Not ported: TestMinimizeFlaky, and TestMinimizeInput's check of the error
// text ("bad [1 1 1]"): both test workerServer.minimizeInput (worker.go),
// which worker_server.c ports; its tests belong there.
//
#include "internal/fuzz/minimize.h"
#include "internal/fuzz/mutator_vectors_test.h"
#include "internal/fuzz/value.h"

// minimizeCase is a TestMinimizeInput case: fn reports whether the value
// still fails (Go's fn returns an error); minimizeInput keeps a candidate
// exactly when it fails.
typedef struct minimizeCase {
    const char *name;
    bool (*fails)(go_bytes b);
    const char *input;
    size_t inputLen;
    const char *expected;
    size_t expectedLen;
} minimizeCase;

static bool onesByte(go_bytes b) {
    int ones = 0;
    for (size_t i = 0; i < b.len; i++) {
        if (b.ptr[i] == 1) {
            ones++;
        }
    }
    return ones == 3;
}

static bool singleBytes(go_bytes b) {
    if (b.len < 2) {
        return false;
    }
    if (b.len == 2 && b.ptr[0] == 1 && b.ptr[1] == 2) {
        return false;
    }
    return true;
}

static bool setOfBytes(go_bytes b) {
    if (b.len < 3) {
        return false;
    }
    static const uint8_t a[] = { 0, 1, 2, 3, 4, 5 }, c[] = { 0, 4, 5 };
    return (b.len == sizeof a && memcmp(b.ptr, a, sizeof a) == 0) ||
           (b.len == sizeof c && memcmp(b.ptr, c, sizeof c) == 0);
}

static bool nonASCIIBytes(go_bytes b) {
    return b.len == 3;
}

static bool onesString(go_bytes b) {
    // Go ranges over the runes; '1' is one byte, and other bytes never
    // decode to '1'.
    int ones = 0;
    for (size_t i = 0; i < b.len; i++) {
        if (b.ptr[i] == '1') {
            ones++;
        }
    }
    return ones == 3;
}

static bool stringLength(go_bytes b) {
    return b.len == 5;
}

static bool stringWithLetter(go_bytes b) {
    // Go: unicode.IsLetter(utf8.DecodeRune(b)). Every candidate here is
    // ASCII (from "ZZZZZ" and the printable characters), where a letter is
    // A-Z or a-z; an empty value decodes to RuneError, not a letter.
    if (b.len == 0) {
        return false;
    }
    uint8_t c = b.ptr[0];
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

typedef struct minimizeState {
    const minimizeCase *tc;
} minimizeState;

static bool caseTry(void *ctx, go_bytes candidate) {
    minimizeState *st = ctx;
    return st->tc->fails(candidate);
}

static bool neverStop(void *ctx) {
    (void)ctx;
    return false;
}

static void runMinimizeCase(T *t, void *arg) {
    const minimizeCase *tc = arg;
    uint8_t *buf = runtime_malloc(tc->inputLen);
    memcpy(buf, tc->input, tc->inputLen);
    byteSlice v = { buf, tc->inputLen, tc->inputLen };
    minimizeState st = { tc };
    fuzz_minimizeBytes(&v, caseTry, neverStop, &st);
    if (v.len != tc->expectedLen || memcmp(v.ptr, tc->expected, v.len) != 0) {
        char *got = vecFormatHex(v.ptr, v.len);
        char *want = vecFormatHex((const uint8_t *)tc->expected, tc->expectedLen);
        t_errorf(t, "unexpected results: got %s, want %s", got, want);
        free(got);
        free(want);
    }
    free(buf);
}

#define STR(s) s, sizeof(s) - 1

// TestMinimizeInput ports Go's cases, in Go's order, on minimizeBytes (the
// []byte and string cases minimize alike).
void TestMinimizeInput(T *t) {
    static const minimizeCase cases[] = {
        { "ones_byte", onesByte,
          STR("\x00\x00\x01\x00\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
          STR("\x01\x01\x01") },
        { "single_bytes", singleBytes, STR("\x01\x02\x03\x04\x05"), STR("00") },
        { "set_of_bytes", setOfBytes, STR("\x00\x01\x02\x03\x04\x05"), STR("\x00\x04\x05") },
        { "non_ascii_bytes", nonASCIIBytes, STR("\xe0\xb8\x97"), STR("000") }, // "ท"
        { "ones_string", onesString, STR("001010001000000000000000000"), STR("111") },
        { "string_length", stringLength, STR("zzzzz"), STR("00000") },
        { "string_with_letter", stringWithLetter, STR("ZZZZZ"), STR("A") },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        t_run(t, cases[i].name, runMinimizeCase, (void *)&cases[i]);
    }
}

// vecPredicate is gen_test.go's vecPredicate: the try functions of
// minimize.txt.
typedef struct vecMinimize {
    const char *pred;
    const uint8_t *arg;
    size_t argLen;
    go_int stopAfter;
    go_int tries;
    uint64_t hash;
} vecMinimize;

static size_t countByte(go_bytes b, uint8_t c) {
    size_t n = 0;
    for (size_t i = 0; i < b.len; i++) {
        n += b.ptr[i] == c;
    }
    return n;
}

static bool vecPredicate(const vecMinimize *z, go_bytes b) {
    const char *p = z->pred;
    if (strcmp(p, "count") == 0) {
        return countByte(b, z->arg[0]) == z->arg[1];
    } else if (strcmp(p, "atleast") == 0) {
        return countByte(b, z->arg[0]) >= z->arg[1];
    } else if (strcmp(p, "len") == 0) {
        return b.len == z->arg[0];
    } else if (strcmp(p, "minlen") == 0) {
        return b.len >= z->arg[0];
    } else if (strcmp(p, "contains") == 0) {
        return containsBytes(b, z->arg, z->argLen);
    } else if (strcmp(p, "prefix") == 0) {
        return b.len >= z->argLen && memcmp(b.ptr, z->arg, z->argLen) == 0;
    } else if (strcmp(p, "hash") == 0) {
        uint32_t h = 2166136261u;
        for (size_t i = 0; i < b.len; i++) {
            h ^= b.ptr[i];
            h *= 16777619u;
        }
        return h % z->arg[0] < z->arg[1];
    } else if (strcmp(p, "printable") == 0) {
        for (size_t i = 0; i < b.len; i++) {
            if (b.ptr[i] < ' ' || b.ptr[i] > '~') {
                return false;
            }
        }
        return b.len > z->arg[0];
    }
    return false;
}

static void hashByte(uint64_t *h, uint8_t c) {
    *h ^= c;
    *h *= 1099511628211u;
}

static bool vecTry(void *ctx, go_bytes candidate) {
    vecMinimize *z = ctx;
    z->tries++;
    uint32_t n = (uint32_t)candidate.len;
    for (int i = 0; i < 4; i++) {
        hashByte(&z->hash, (uint8_t)(n >> (8 * i)));
    }
    for (size_t i = 0; i < candidate.len; i++) {
        hashByte(&z->hash, candidate.ptr[i]);
    }
    return vecPredicate(z, candidate);
}

static bool vecShouldStop(void *ctx) {
    vecMinimize *z = ctx;
    return z->stopAfter > 0 && z->tries >= z->stopAfter;
}

// TestMinimizeBytesVectors replays minimize.txt: the same candidates, in
// Go's order (their number and FNV-1a hash), and Go's result.
void TestMinimizeBytesVectors(T *t) {
    vecFile f;
    vecFile_open(t, &f, "minimize.txt");
    char *fld[10];
    int n, rows = 0, failures = 0;
    while ((n = vecFile_next(&f, fld, 10)) >= 0) {
        if (n != 8 || strcmp(fld[0], "Z") != 0) {
            continue;
        }
        rows++;
        size_t argLen, inLen;
        uint8_t *arg = vecHex(fld[2], &argLen, 0);
        uint8_t *in = vecHex(fld[4], &inLen, 0);
        vecMinimize z = { fld[1], arg, argLen, vecI64(fld[3]), 0, 14695981039346656037u };
        byteSlice v = { in, inLen, inLen };
        fuzz_minimizeBytes(&v, vecTry, vecShouldStop, &z);
        char *got = vecFormatHex(v.ptr, v.len);
        char hash[17];
        snprintf(hash, sizeof hash, "%016" PRIx64, z.hash);
        if ((z.tries != vecI64(fld[5]) || strcmp(hash, fld[6]) != 0 || strcmp(got, fld[7]) != 0) &&
            failures++ < 20) {
            t_errorf(t,
                     "minimize.txt:%d: %s %s on %s: got %" PRId64
                     " tries (hash %s) and %s, want %s (%s) and %s",
                     f.lineno, fld[1], fld[2], fld[4], z.tries, hash, got, fld[5], fld[6], fld[7]);
        }
        free(got);
        free(arg);
        free(in);
    }
    vecFile_close(&f);
    if (rows < 500) {
        t_errorf(t, "minimize.txt: got %d rows, want at least 500", rows);
    }
}
