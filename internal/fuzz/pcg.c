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

// pcgRand_seed sets r's state from seed, on the stream r->inc.
static void pcgRand_seed(pcgRand *r, uint64_t seed) {
    r->state = seed;
    fuzz_pcgRand_step(r);
    r->state += seed;
    fuzz_pcgRand_step(r);
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

_Noreturn void fuzz_pcgRand_largeIntn(void) {
    go_panic("large Intn");
}
