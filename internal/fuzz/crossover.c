// (none) ctest's own, with -test.fuzzcmp: crossover, which Go's mutator
// lacks. A new interesting input often needs a piece of another input
// (a tag from one XML document inside another, one statement of a script
// after another's); libFuzzer's CrossOver and CopyPart and AFL's splicing
// make these. The partners are the inputs of the mutator's last fuzz calls,
// which the worker and the coordinator both see in the same order, so the
// coordinator replays a worker's mutations exactly.
//
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/mutator.h"
#include "internal/fuzz/value.h"

// poolSize is how many values the pool keeps: the last poolSize inputs
// fuzzed are most of a young corpus, and of an old one a sample drawn as
// the schedule draws (schedule.c), rare coverage first.
enum { poolSize = 64 };

struct crossPool {
    byteSlice vals[poolSize]; // ring of copies; a slot's buffer is reused
    size_t n;                 // slots in use
    size_t next;              // the slot written next
};

crossPool *fuzz_crossPool_new(void) {
    return runtime_calloc(1, sizeof(crossPool));
}

void fuzz_crossPool_free(crossPool *p) {
    if (p == NULL) {
        return;
    }
    for (size_t i = 0; i < poolSize; i++) {
        free(p->vals[i].ptr);
    }
    free(p);
}

void fuzz_crossPool_reset(crossPool *p) {
    p->n = 0;
    p->next = 0;
}

// remember1 copies the n bytes at b into the next slot.
static void remember1(crossPool *p, const uint8_t *b, size_t n) {
    byteSlice *s = &p->vals[p->next];
    if (s->cap < n) {
        free(s->ptr);
        s->ptr = runtime_malloc(n);
        s->cap = n;
    }
    if (n > 0) {
        memcpy(s->ptr, b, n);
    }
    s->len = n;
    p->next = (p->next + 1) % poolSize;
    if (p->n < poolSize) {
        p->n++;
    }
}

void fuzz_crossPool_remember(crossPool *p, const go_value *vals, size_t n) {
    for (size_t i = 0; i < n; i++) {
        // An empty value has nothing to give.
        if (vals[i].kind == GO_BYTES && vals[i].v.bytes.len > 0) {
            remember1(p, vals[i].v.bytes.ptr, vals[i].v.bytes.len);
        } else if (fuzz_isStrKind(vals[i].kind) && vals[i].v.str.len > 0) {
            remember1(p, (const uint8_t *)vals[i].v.str.ptr, vals[i].v.str.len);
        }
    }
}

bool fuzz_crossMutateBytes(mutator *m, byteSlice *b) {
    crossPool *p = m->pool;
    if (p == NULL || p->n == 0) {
        return false;
    }
    const byteSlice *o = &p->vals[fuzz_mutator_rand(m, (go_int)p->n)];
    // A chunk of the partner: where it starts and how long it is.
    go_int from = fuzz_mutator_rand(m, (go_int)o->len);
    go_int left = (go_int)o->len - from;
    go_int n =
            fuzz_mutator_bool(m) ? fuzz_mutator_chooseLen(m, left) : fuzz_mutator_rand(m, left) + 1;
    switch (fuzz_mutator_rand(m, 3)) {
    case 0: {
        // Insert it at a random place of b.
        if (b->len + (size_t)n > b->cap) {
            return false;
        }
        go_int at = fuzz_mutator_rand(m, (go_int)b->len + 1);
        memmove(b->ptr + at + n, b->ptr + at, b->len - (size_t)at);
        memcpy(b->ptr + at, o->ptr + from, (size_t)n);
        b->len += (size_t)n;
        return true;
    }
    case 1: {
        // Write it over b, at a random place where it fits.
        if (b->len < (size_t)n) {
            return false;
        }
        go_int at = fuzz_mutator_rand(m, (go_int)(b->len - (size_t)n) + 1);
        memcpy(b->ptr + at, o->ptr + from, (size_t)n);
        return true;
    }
    default: {
        // Splice: b's head, then the partner from `from` on.
        go_int cut = fuzz_mutator_rand(m, (go_int)b->len + 1);
        size_t tail = o->len - (size_t)from;
        if ((size_t)cut + tail > b->cap) {
            tail = b->cap - (size_t)cut;
        }
        if ((size_t)cut + tail == b->len && tail == 0) {
            return false;
        }
        memcpy(b->ptr + cut, o->ptr + from, tail);
        b->len = (size_t)cut + tail;
        return true;
    }
    }
}
