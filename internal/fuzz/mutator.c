// Ports go1.19.8 src/internal/fuzz/mutator.go: mutator, newMutator, mutate,
// mutateInt, mutateUInt, mutateFloat, mutateBytes.
//
// Every draw from the PRNG happens in Go's order, one per statement as Go
// makes it: the coordinator rebuilds a worker's input by replaying these
// draws from the saved pcgRand state, and the vectors of
// golden/vectors/mutator/ check the values bit for bit against Go's.
//
#include "internal/fuzz/mutator.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/pcg.h"
#include "internal/fuzz/trace.h"
#include "internal/fuzz/value.h"

// maxUint and maxInt are mutator.go's: the limits of Go's uint and int.
static const uint64_t maxUint = UINT64_MAX;
static const int64_t maxInt = INT64_MAX;

mutator *fuzz_newMutator(void) {
    mutator *m = runtime_calloc(1, sizeof *m);
    fuzz_newPcgRand(&m->r);
    return m;
}

void fuzz_mutator_free(mutator *m) {
    if (m == NULL) {
        return;
    }
    free(m->scratch.ptr);
    fuzz_crossPool_free(m->pool);
    for (size_t i = 0; i < m->nstrs; i++) {
        free(m->strs[i].ptr);
    }
    free(m->strs);
    free(m);
}

bool fuzz_mutator_randByteOrder(mutator *m) {
    // Go: binary.LittleEndian when m.r.bool(), else binary.BigEndian.
    return fuzz_mutator_bool(m);
}

static go_int minInt(go_int a, go_int b) {
    return a < b ? a : b;
}

go_int fuzz_mutator_chooseLen(mutator *m, go_int n) {
    // A length in [1, n], short ones far more likely: 90% up to 8, 9% up to
    // 32, 1% anything.
    go_int x = fuzz_mutator_rand(m, 100);
    if (x < 90) {
        return fuzz_mutator_rand(m, minInt(8, n)) + 1;
    } else if (x < 99) {
        return fuzz_mutator_rand(m, minInt(32, n)) + 1;
    } else {
        return fuzz_mutator_rand(m, n) + 1;
    }
}

// float64ToInt is Go's int(f) as amd64 computes it (CVTTSD2SQ): truncation
// toward zero, and math.MinInt64 for NaN and values out of range, where C's
// conversion is undefined. mutateFloat never converts such a value, but the
// result stays Go's if it did. ctest: arm64 Go saturates instead.
static go_int float64ToInt(double f) {
    if (f >= -9223372036854775808.0 && f < 9223372036854775808.0) {
        return (go_int)f;
    }
    return INT64_MIN;
}

// mutateInt adds or subtracts 1 to 100, staying within [-maxValue, maxValue].
static int64_t mutateInt(mutator *m, int64_t v, int64_t maxValue) {
    int64_t max;
    for (;;) {
        max = 100;
        switch (fuzz_mutator_rand(m, 2)) {
        case 0:
            // Add a random number, if there is room.
            if (v >= maxValue) {
                continue;
            }
            if (v > 0 && maxValue - v < max) {
                max = maxValue - v;
            }
            v += 1 + fuzz_mutator_rand(m, max);
            return v;
        case 1:
            // Subtract a random number, if there is room.
            if (v <= -maxValue) {
                continue;
            }
            if (v < 0 && maxValue + v < max) {
                max = maxValue + v;
            }
            v -= 1 + fuzz_mutator_rand(m, max);
            return v;
        default:
            break;
        }
    }
}

// mutateUInt adds or subtracts 1 to 100, staying within [0, maxValue].
static uint64_t mutateUInt(mutator *m, uint64_t v, uint64_t maxValue) {
    uint64_t max;
    for (;;) {
        max = 100;
        switch (fuzz_mutator_rand(m, 2)) {
        case 0:
            // Add a random number, if there is room.
            if (v >= maxValue) {
                continue;
            }
            if (v > 0 && maxValue - v < max) {
                max = maxValue - v;
            }
            v += (uint64_t)(1 + fuzz_mutator_rand(m, (go_int)max));
            return v;
        case 1:
            // Subtract a random number, if v is not 0.
            if (v == 0) {
                continue;
            }
            if (v < max) {
                max = v;
            }
            v -= (uint64_t)(1 + fuzz_mutator_rand(m, (go_int)max));
            return v;
        default:
            break;
        }
    }
}

// mutateFloat adds or subtracts 1 to 100, multiplies by 1 to 10 or divides
// by 1 to 10, staying within [-maxValue, maxValue].
static double mutateFloat(mutator *m, double v, double maxValue) {
    double max;
    for (;;) {
        switch (fuzz_mutator_rand(m, 4)) {
        case 0:
            // Add a random number, if there is room.
            if (v >= maxValue) {
                continue;
            }
            max = 100;
            if (v > 0 && maxValue - v < max) {
                max = maxValue - v;
            }
            v += (double)(1 + fuzz_mutator_rand(m, float64ToInt(max)));
            return v;
        case 1:
            // Subtract a random number, if there is room.
            if (v <= -maxValue) {
                continue;
            }
            max = 100;
            if (v < 0 && maxValue + v < max) {
                max = maxValue + v;
            }
            v -= (double)(1 + fuzz_mutator_rand(m, float64ToInt(max)));
            return v;
        case 2: {
            // Multiply by a random number, if that can stay in range.
            double absV = fabs(v);
            if (v == 0 || absV >= maxValue) {
                continue;
            }
            max = 10;
            if (maxValue / absV < max) {
                max = maxValue / absV;
            }
            v *= (double)(1 + fuzz_mutator_rand(m, float64ToInt(max)));
            return v;
        }
        case 3:
            // Divide by a random number.
            if (v == 0) {
                continue;
            }
            v /= (double)(1 + fuzz_mutator_rand(m, 10));
            return v;
        default:
            break;
        }
    }
}

// growSlice makes room for at least n bytes in b, keeping its contents.
static void growSlice(byteSlice *b, size_t n) {
    if (b->cap >= n) {
        return;
    }
    b->ptr = runtime_realloc(b->ptr, n);
    b->cap = n;
}

// mutator_setString stores the scratch bytes as the string value i, in the
// buffer kept for that index: Go's string(m.scratch) copy, without a new
// allocation once the buffer is large enough.
static go_string mutator_setString(mutator *m, size_t i, size_t hint) {
    if (i >= m->nstrs) {
        size_t n = i + 1;
        m->strs = runtime_realloc(m->strs, n * sizeof *m->strs);
        memset(m->strs + m->nstrs, 0, (n - m->nstrs) * sizeof *m->strs);
        m->nstrs = n;
    }
    byteSlice *s = &m->strs[i];
    if (s->cap < m->scratch.len) {
        growSlice(s, m->scratch.len > hint ? m->scratch.len : hint);
    }
    s->len = m->scratch.len;
    if (s->len > 0) {
        memcpy(s->ptr, m->scratch.ptr, s->len);
    }
    return (go_string){ (const char *)s->ptr, s->len };
}

// mutator_loadScratch is mutate's preparation of m.scratch: a copy of the
// value, in a buffer with room for maxPerVal bytes. Like Go's, the buffer is
// replaced only when it is smaller than maxPerVal. Its cap, which decides
// whether the growing byteSliceMutators apply, is maxPerVal: with Go's
// fixed limit that is Go's cap, and with the length control a buffer left
// large by an earlier input cannot grow a value past this call's limit.
static void mutator_loadScratch(mutator *m, const uint8_t *p, size_t len, go_int maxPerVal) {
    if ((go_int)m->scratchAlloc < maxPerVal) {
        // Go: m.scratch = append(make([]byte, 0, maxPerVal), v...). p may
        // point into the old scratch, so copy before freeing it.
        uint8_t *buf = runtime_malloc((size_t)maxPerVal);
        if (len > 0) {
            memcpy(buf, p, len);
        }
        free(m->scratch.ptr);
        m->scratch.ptr = buf;
        m->scratchAlloc = (size_t)maxPerVal;
    } else if (len > 0) {
        memmove(m->scratch.ptr, p, len);
    }
    m->scratch.len = len;
    // ctest: Go's cap stays what was allocated; here it follows the limit.
    m->scratch.cap = (go_int)m->scratchAlloc > maxPerVal ? (size_t)maxPerVal : m->scratchAlloc;
}

// crossChance: one mutation of a []byte or string in 8 is a crossover
// (libFuzzer's CrossOver is about one of its dozen mutators).
enum { crossChance = 8 };

go_int fuzz_mutationMaxBytes(const go_value *vals, size_t n, go_int limit, int64_t maxLen) {
    if (!fuzz_UseCmp) {
        return limit; // Go's search: anything that fits in shared memory
    }
    go_int total = (go_int)fuzz_valueBytes(vals, n);
    // mutate gives each value maxBytes/len(vals) - 100 bytes (Go's
    // reserve for the encoding), so that is what the bound is made of.
    go_int perVal = 2 * total > lenControlMin ? 2 * total : lenControlMin;
    if (maxLen > perVal && maxLen <= lenControlMax) {
        perVal = maxLen;
    }
    go_int max = (perVal + 100) * (go_int)(n > 0 ? n : 1);
    return max < limit ? max : limit;
}

// log2 is libFuzzer's Log: the index of the highest bit set (0 for 0).
static int64_t log2floor(int64_t x) {
    int64_t l = 0;
    while (x > 1) {
        x >>= 1;
        l++;
    }
    return l;
}

void fuzz_lenControl_start(lenControl *lc, int64_t largest) {
    lc->maxLen = largest < 4 ? 4 : largest > lenControlMax ? lenControlMax : largest;
    lc->stalled = 0;
}

void fuzz_lenControl_ran(lenControl *lc, int64_t count, bool found) {
    if (found) {
        lc->stalled = 0;
        return;
    }
    lc->stalled += count;
    // libFuzzer checks once per input it mutates (a handful of
    // executions); a call reports thousands, so catch up here.
    for (;;) {
        int64_t l = log2floor(lc->maxLen);
        if (lc->maxLen >= lenControlMax || lc->stalled <= 100 * l) {
            return;
        }
        lc->stalled -= 100 * l;
        lc->maxLen = lc->maxLen + l < lenControlMax ? lc->maxLen + l : lenControlMax;
    }
}

void fuzz_mutator_mutate(mutator *m, go_value *vals, size_t n, go_int maxBytes) {
    if (n == 0) {
        go_panic("runtime error: integer divide by zero");
    }
    // maxPerVal is each value's share of maxBytes, less some room for the
    // encoding. Go's int arithmetic wraps; keep that for absurd maxBytes.
    go_int maxPerVal = (go_int)((uint64_t)(maxBytes / (go_int)n) - 100);

    // Pick one value to mutate.
    go_int i = fuzz_mutator_rand(m, (go_int)n);
    go_value *v = &vals[i];
    if (m->dict != NULL && fuzz_cmpMutateInt(m, v)) {
        return;
    }
    switch (v->kind) {
    case GO_INT:
        v->v.i = mutateInt(m, v->v.i, maxInt);
        break;
    case GO_INT8:
        v->v.i = (int8_t)mutateInt(m, v->v.i, INT8_MAX);
        break;
    case GO_INT16:
        v->v.i = (int16_t)mutateInt(m, v->v.i, INT16_MAX);
        break;
    case GO_INT64:
        v->v.i = mutateInt(m, v->v.i, maxInt);
        break;
    case GO_UINT:
        v->v.u = mutateUInt(m, v->v.u, maxUint);
        break;
    case GO_UINT16:
        v->v.u = (uint16_t)mutateUInt(m, v->v.u, UINT16_MAX);
        break;
    case GO_UINT32:
        v->v.u = (uint32_t)mutateUInt(m, v->v.u, UINT32_MAX);
        break;
    case GO_UINT64:
        v->v.u = mutateUInt(m, v->v.u, maxUint);
        break;
    case GO_FLOAT32:
        // math.MaxFloat32 is FLT_MAX; float64 to float32 rounds to nearest
        // (to ±Inf beyond the range) in Go and in IEEE C.
        v->v.f32 = (float)mutateFloat(m, (double)v->v.f32, FLT_MAX);
        break;
    case GO_FLOAT64:
        v->v.f64 = mutateFloat(m, v->v.f64, DBL_MAX);
        break;
    case GO_BOOL:
        if (fuzz_mutator_rand(m, 2) == 1) {
            v->v.b = !v->v.b; // 50% chance of flipping the bool
        }
        break;
    case GO_INT32: // rune
        v->v.i = (int32_t)mutateInt(m, v->v.i, INT32_MAX);
        break;
    case GO_UINT8: // byte
        v->v.u = (uint8_t)mutateUInt(m, v->v.u, UINT8_MAX);
        break;
    case GO_STRING:
    case C_CHARS:  // ctest: a C string that may hold NULs, as a string
    case C_STRING: // ctest: as a string, less the NULs a mutation wrote,
                   // each of which would end the string the function sees
        if ((go_int)v->v.str.len > maxPerVal) {
            go_panic("cannot mutate bytes of length %zu", v->v.str.len);
        }
        mutator_loadScratch(m, (const uint8_t *)v->v.str.ptr, v->v.str.len, maxPerVal);
        fuzz_mutator_mutateBytes(m, &m->scratch);
        if (v->kind == C_STRING) {
            m->scratch.len = fuzz_dropNULs(m->scratch.ptr, m->scratch.len);
        }
        v->v.str = mutator_setString(m, (size_t)i, m->scratch.cap);
        break;
    case GO_BYTES:
        if ((go_int)v->v.bytes.len > maxPerVal) {
            go_panic("cannot mutate bytes of length %zu", v->v.bytes.len);
        }
        mutator_loadScratch(m, v->v.bytes.ptr, v->v.bytes.len, maxPerVal);
        fuzz_mutator_mutateBytes(m, &m->scratch);
        // Go: vals[i] = m.scratch. The value now shares the scratch buffer.
        v->v.bytes = (go_bytes){ m->scratch.ptr, m->scratch.len };
        break;
    default:
        // ctest: Go prints the dynamic type (%T); only a value with no kind
        // can get here, and %T of a nil interface is <nil>.
        go_panic("type not supported for mutating: %s",
                 v->kind == GO_KIND_INVALID ? "<nil>" : "unknown");
    }
}

void fuzz_mutator_mutateBytes(mutator *m, byteSlice *b) {
    // ctest: with the comparison dictionary, one mutation in cmpChance
    // writes a recorded operand, when the table has one.
    if (m->dict != NULL && m->dict->nints + m->dict->nbytes + m->dict->nwords > 0 &&
        fuzz_mutator_rand(m, cmpChance) == 0 && fuzz_cmpMutateBytes(m, b)) {
        return;
    }
    // ctest: with a token dictionary, one mutation in tokenChance writes
    // one of its words.
    if (m->tokens != NULL && m->tokens->n > 0 && fuzz_mutator_rand(m, tokenChance) == 0 &&
        fuzz_tokenMutateBytes(m, b)) {
        return;
    }
    // ctest: with the crossover pool, one mutation in crossChance splices
    // in a piece of another input.
    if (m->pool != NULL && fuzz_mutator_rand(m, crossChance) == 0 && fuzz_crossMutateBytes(m, b)) {
        return;
    }
    // Go checks in a defer that no mutator moved the data ("data moved to
    // new address"); a byteSliceMutator here cannot: it only sees ptr.
    for (;;) {
        const byteSliceMutatorDef *mut =
                &fuzz_byteSliceMutators[fuzz_mutator_rand(m, numByteSliceMutators)];
        if (mut->fn(m, b)) {
            return;
        }
    }
}
