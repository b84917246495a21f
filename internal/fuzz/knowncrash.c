// (none) ctest's own, for -test.fuzzkeepgoing: the keys of the crashes a
// worker goes on after (knowncrash.h). A key is a hash, of a cause's key
// or of a crash site, so that a worker compares numbers, not messages, and
// the coordinator can hand them over in shared memory.
#include "internal/fuzz/knowncrash.h"

#include <string.h>

#include "internal/fuzz/strindex.h"

// findKey is the cause of key among the first n of keys, or -1.
static int findKey(const uint64_t *keys, const uint32_t *causes, uint32_t n, uint64_t key) {
    for (uint32_t i = 0; i < n && i < knownCrashMax; i++) {
        if (keys[i] == key) {
            return (int)causes[i];
        }
    }
    return -1;
}

int fuzz_knownCrashes_find(const knownCrashes *k, uint64_t key) {
    int cause = findKey(k->key, k->cause, __atomic_load_n(&k->n, __ATOMIC_ACQUIRE), key);
    if (cause >= 0) {
        return cause;
    }
    for (uint32_t i = 0; i < k->nkeep && i < knownKeepMax; i++) {
        if (k->keepSite[i] == key) {
            return knownKeep;
        }
    }
    return -1;
}

uint64_t fuzz_causeHash(const char *causeKey) {
    // FNV-1a of a leading 'C' and the key; a site's hash (crash_recover.c)
    // mixes other words.
    return fuzz_fnv1a(fuzz_fnv1a(fnv1aStart, "C", 1), causeKey, strlen(causeKey));
}

int fuzz_knownTable_find(const knownTable *t, uint64_t key) {
    return findKey(t->key, t->cause, t->n, key);
}

void fuzz_knownTable_add(knownTable *t, uint64_t key, size_t cause) {
    if (t->n == knownCrashMax || cause >= knownCrashMax || fuzz_knownTable_find(t, key) >= 0) {
        return;
    }
    t->key[t->n] = key;
    t->cause[t->n] = (uint32_t)cause;
    t->n++;
}

void fuzz_knownTable_send(const knownTable *t, knownCrashes *k) {
    uint32_t n = k->n;
    if (n >= t->n) {
        return;
    }
    for (uint32_t i = n; i < t->n; i++) {
        k->key[i] = t->key[i];
        k->cause[i] = t->cause[i];
    }
    __atomic_store_n(&k->n, t->n, __ATOMIC_RELEASE);
}
