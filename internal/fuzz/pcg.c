// Ports go1.19.8 src/internal/fuzz/pcg.go: pcgRand, godebugSeed.
//
// pcgRand is PCG XSH RR 64/32 (https://www.pcg-random.org/): 32-bit outputs
// from a 64-bit state. Like Go's, it is built for the fuzzing loop: cheap to
// create and step, not safe for concurrent use, and its whole state is two
// words so the worker can publish it in shared memory and the coordinator can
// replay a run of mutations from it.
//
#include "internal/fuzz/pcg.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

// multiplier is PCG's default 64-bit LCG multiplier.
static const uint64_t multiplier = 6364136223846793005u;

// fuzz_globalInc numbers the PCG streams: each newPcgRand takes the next one,
// so two generators made with the same seed still differ (Go increments it
// atomically; here each process makes its generators from one thread).
uint64_t fuzz_globalInc;

// fuzzseedField finds the first field of GODEBUG with the prefix
// "fuzzseed=" (Go: strings.Split(os.Getenv("GODEBUG"), ",")) and sets *val
// and *n to what follows the prefix.
static bool fuzzseedField(const char **val, size_t *n) {
    const char *debug = getenv("GODEBUG");
    if (debug == NULL) {
        return false;
    }
    static const char prefix[] = "fuzzseed=";
    const size_t prefixLen = sizeof prefix - 1;
    const char *f = debug;
    for (;;) {
        const char *end = strchr(f, ',');
        size_t len = end != NULL ? (size_t)(end - f) : strlen(f);
        if (len >= prefixLen && memcmp(f, prefix, prefixLen) == 0) {
            *val = f + prefixLen;
            *n = len - prefixLen;
            return true;
        }
        if (end == NULL) {
            return false;
        }
        f = end + 1;
    }
}

bool fuzz_godebugSeed(go_int *seed) {
    const char *val;
    size_t n;
    if (!fuzzseedField(&val, &n)) {
        return false;
    }
    // Go: strconv.Atoi.
    int64_t v;
    go_error *err = strconv_ParseInt(val, n, 10, 64, &v);
    if (err != NULL) {
        go_error_free(err);
        go_panic("malformed fuzzseed");
    }
    *seed = v;
    return true;
}

bool fuzz_fuzzseedGiven(void) {
    const char *val;
    size_t n;
    return fuzzseedField(&val, &n);
}

// pcgRand_step advances the LCG; Go's uint64 arithmetic wraps, as C's does.
static void pcgRand_step(pcgRand *r) {
    r->state *= multiplier;
    r->state += r->inc;
}

// pcgRand_seed sets r's state from seed, on the stream r->inc.
static void pcgRand_seed(pcgRand *r, uint64_t seed) {
    r->state = seed;
    pcgRand_step(r);
    r->state += seed;
    pcgRand_step(r);
}

void fuzz_newPcgRand(pcgRand *r) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    // Go: uint64(time.Now().UnixNano())
    uint64_t now = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    go_int seed;
    if (fuzz_godebugSeed(&seed)) {
        now = (uint64_t)seed;
    }
    uint64_t inc = ++fuzz_globalInc;
    r->inc = (inc << 1) | 1;
    pcgRand_seed(r, now);
}

// ctest: see pcg.h. The mix goes through splitmix64's finalizer, so that
// mixes 1, 2, 3... give seeds far apart.
void fuzz_pcgRand_mixSeed(pcgRand *r, uint64_t mix) {
    go_int seed;
    if (mix == 0 || !fuzz_godebugSeed(&seed)) {
        return;
    }
    uint64_t z = mix + 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    pcgRand_seed(r, (uint64_t)seed ^ z);
}

void fuzz_pcgRand_save(const pcgRand *r, uint64_t *randState, uint64_t *randInc) {
    *randState = r->state;
    *randInc = r->inc;
}

void fuzz_pcgRand_restore(pcgRand *r, uint64_t randState, uint64_t randInc) {
    r->state = randState;
    r->inc = randInc;
}

// rotateLeft32 is bits.RotateLeft32: a negative k rotates right.
static uint32_t rotateLeft32(uint32_t x, int k) {
    unsigned s = (unsigned)k & 31;
    if (s == 0) {
        return x; // x >> 32 would be undefined in C
    }
    return x << s | x >> (32 - s);
}

uint32_t fuzz_pcgRand_uint32(pcgRand *r) {
    uint64_t x = r->state;
    pcgRand_step(r);
    return rotateLeft32((uint32_t)(((x >> 18) ^ x) >> 27), -(int)(x >> 59));
}

go_int fuzz_pcgRand_intn(pcgRand *r, go_int n) {
    if ((go_int)(uint32_t)n != n) {
        go_panic("large Intn");
    }
    return (go_int)fuzz_pcgRand_uint32n(r, (uint32_t)n);
}

uint32_t fuzz_pcgRand_uint32n(pcgRand *r, uint32_t n) {
    // Lemire's multiply-and-shift, rejecting the few low products that would
    // bias the result.
    uint32_t v = fuzz_pcgRand_uint32(r);
    uint64_t prod = (uint64_t)v * (uint64_t)n;
    uint32_t low = (uint32_t)prod;
    if (low < n) {
        // Go: uint32(-int32(n)) % n, that is (2^32 - n) mod n.
        uint32_t thresh = (0u - n) % n;
        while (low < thresh) {
            v = fuzz_pcgRand_uint32(r);
            prod = (uint64_t)v * (uint64_t)n;
            low = (uint32_t)prod;
        }
    }
    return (uint32_t)(prod >> 32);
}

go_int fuzz_pcgRand_exp2(pcgRand *r) {
    // bits.TrailingZeros32, which is 32 for 0 (__builtin_ctz(0) is undefined).
    uint32_t v = fuzz_pcgRand_uint32(r);
    if (v == 0) {
        return 32;
    }
    return __builtin_ctz(v);
}

bool fuzz_pcgRand_bool(pcgRand *r) {
    return (fuzz_pcgRand_uint32(r) & 1) == 0;
}
