// (none) ctest's own, with -test.fuzzcmp: the mutations that draw from
// the comparison dictionary, the operands of the fuzz target's recent
// comparisons that trace.c records.
//
// Not in Go. With m->dict set, a mutation may write an operand of a
// comparison the fuzz target made recently (trace.c's tables, as snapshot
// at the start of the chain): libFuzzer's Mutate_AddWordFromTORC
// (FuzzerMutate.cpp). mutator.c draws for them only when m->dict is set, so
// without it the mutator makes exactly Go's draws. The draws come from m's
// PRNG like Go's, so the coordinator replays them given the same snapshot.
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "internal/fuzz/mutator.h"
#include "internal/fuzz/trace.h"
#include "internal/fuzz/value.h"

// cmpSignExtend sign-extends the size-byte v, for a signed value.
static uint64_t cmpSignExtend(uint64_t v, uint64_t size) {
    if (size >= 8) {
        return v;
    }
    unsigned shift = (unsigned)(64 - 8 * size);
    return (uint64_t)((int64_t)(v << shift) >> shift);
}

// cmpAdjust is libFuzzer's `DesiredBytes += Rand(-1, 1)`, weighted toward
// the operand itself: for `x < C` or `x > C` the neighbour is what passes.
static uint64_t cmpAdjust(mutator *m, uint64_t op) {
    switch (fuzz_mutator_rand(m, 4)) {
    case 0:
        return op + 1;
    case 1:
        return op - 1;
    default:
        return op;
    }
}

// fuzz_cmpMutateInt replaces an integer value with an operand of a recorded
// comparison, one time in cmpChance; it reports whether it did. Other kinds
// are left to Go's mutations, with no draw.
bool fuzz_cmpMutateInt(mutator *m, go_value *v) {
    bool isSigned;
    switch (v->kind) {
    case GO_INT:
    case GO_INT8:
    case GO_INT16:
    case GO_INT32:
    case GO_INT64:
        isSigned = true;
        break;
    case GO_UINT:
    case GO_UINT8:
    case GO_UINT16:
    case GO_UINT32:
    case GO_UINT64:
        isSigned = false;
        break;
    default:
        return false;
    }
    const cmpDict *d = m->dict;
    if (d->nints == 0 || fuzz_mutator_rand(m, cmpChance) != 0) {
        return false;
    }
    const cmpInt *e = &d->ints[fuzz_mutator_rand(m, (go_int)d->nints)];
    uint64_t a = e->a, b = e->b;
    if (isSigned) {
        a = cmpSignExtend(a, e->size);
        b = cmpSignExtend(b, e->size);
    }
    uint64_t cur = isSigned ? (uint64_t)v->v.i : v->v.u;
    // The side that is not the value (most often the constant it was
    // compared with); either when neither is.
    uint64_t op;
    if (a == cur) {
        op = b;
    } else if (b == cur) {
        op = a;
    } else {
        op = fuzz_mutator_bool(m) ? a : b;
    }
    op = cmpAdjust(m, op);
    switch (v->kind) {
    case GO_INT:
    case GO_INT64:
        v->v.i = (int64_t)op;
        break;
    case GO_INT8:
        v->v.i = (int8_t)op;
        break;
    case GO_INT16:
        v->v.i = (int16_t)op;
        break;
    case GO_INT32:
        v->v.i = (int32_t)op;
        break;
    case GO_UINT8:
        v->v.u = (uint8_t)op;
        break;
    case GO_UINT16:
        v->v.u = (uint16_t)op;
        break;
    case GO_UINT32:
        v->v.u = (uint32_t)op;
        break;
    default: // GO_UINT, GO_UINT64
        v->v.u = op;
        break;
    }
    return true;
}

// cmpEncode writes the size-byte v at p, little endian if le.
static void cmpEncode(uint8_t *p, uint64_t v, uint64_t size, bool le) {
    for (uint64_t i = 0; i < size; i++) {
        p[le ? i : size - 1 - i] = (uint8_t)(v >> (8 * i));
    }
}

// fuzz_dictWrite looks at the first 8 occurrences of have, as libFuzzer's
// MakeDictionaryEntryFromCMP does.
bool fuzz_dictWrite(mutator *m, byteSlice *b, const uint8_t *have, size_t haveLen,
                    const uint8_t *want, size_t wantLen) {
    enum { maxPositions = 8 };
    size_t positions[maxPositions];
    go_int npos = 0;
    if (haveLen > 0) {
        for (size_t i = 0; i + haveLen <= b->len && npos < maxPositions; i++) {
            if (b->ptr[i] == have[0] && memcmp(b->ptr + i, have, haveLen) == 0) {
                positions[npos++] = i;
            }
        }
    }
    if (npos > 0) {
        size_t pos = positions[fuzz_mutator_rand(m, npos)];
        size_t newLen = b->len - haveLen + wantLen;
        if (newLen > b->cap) {
            return false;
        }
        memmove(b->ptr + pos + wantLen, b->ptr + pos + haveLen, b->len - pos - haveLen);
        memcpy(b->ptr + pos, want, wantLen);
        b->len = newLen;
        return true;
    }
    bool insert = fuzz_mutator_bool(m);
    if (insert ? b->len + wantLen > b->cap : b->len < wantLen) {
        insert = !insert;
        if (insert ? b->len + wantLen > b->cap : b->len < wantLen) {
            return false;
        }
    }
    if (insert) {
        size_t pos = (size_t)fuzz_mutator_rand(m, (go_int)b->len + 1);
        memmove(b->ptr + pos + wantLen, b->ptr + pos, b->len - pos);
        memcpy(b->ptr + pos, want, wantLen);
        b->len += wantLen;
    } else {
        size_t pos = (size_t)fuzz_mutator_rand(m, (go_int)(b->len - wantLen + 1));
        memcpy(b->ptr + pos, want, wantLen);
    }
    return true;
}

// cmpText writes v, an operand of size bytes, as text to buf (at least
// 24 bytes): in decimal, signed (a parser's int), or in hexadecimal with
// a 0x prefix. It returns the length. (No stdio: this runs per mutation.)
static size_t cmpText(char *buf, uint64_t v, uint64_t size, bool hex) {
    uint64_t u = size >= 8 ? v : v & ((UINT64_C(1) << (8 * size)) - 1);
    char digits[20];
    size_t n = 0, len = 0;
    if (hex) {
        buf[len++] = '0';
        buf[len++] = 'x';
        do {
            digits[n++] = "0123456789abcdef"[u & 15];
            u >>= 4;
        } while (u != 0);
    } else {
        int64_t s = (int64_t)cmpSignExtend(u, size);
        // The magnitude, with INT64_MIN's taken modulo 2^64.
        u = s < 0 ? 0 - (uint64_t)s : (uint64_t)s;
        if (s < 0) {
            buf[len++] = '-';
        }
        do {
            digits[n++] = (char)('0' + u % 10);
            u /= 10;
        } while (u != 0);
    }
    while (n > 0) {
        buf[len++] = digits[--n];
    }
    return len;
}

static bool isDigit(uint8_t c) {
    return c >= '0' && c <= '9';
}

// cmpWriteText is the comparison dictionary's input-to-state step for
// text: when the operand have shows in b as decimal text that starts a
// number (no digit before it; digits may follow, for a parser that
// compares the value it has so far), one of the first 8 such places is
// replaced by want's text, in decimal or hexadecimal. It reports whether
// it wrote; b is left alone when have is not there or want does not fit.
static bool cmpWriteText(mutator *m, byteSlice *b, uint64_t have, uint64_t want, uint64_t size) {
    enum { maxPositions = 8 };
    char ht[24], wt[24];
    size_t hl = cmpText(ht, have, size, false);
    size_t positions[maxPositions];
    go_int npos = 0;
    for (size_t i = 0; i + hl <= b->len && npos < maxPositions; i++) {
        if (b->ptr[i] == (uint8_t)ht[0] && (i == 0 || !isDigit(b->ptr[i - 1])) &&
            memcmp(b->ptr + i, ht, hl) == 0) {
            positions[npos++] = i;
        }
    }
    if (npos == 0) {
        return false;
    }
    size_t pos = positions[fuzz_mutator_rand(m, npos)];
    size_t wl = cmpText(wt, want, size, fuzz_mutator_rand(m, 4) == 0);
    if (b->len - hl + wl > b->cap) {
        return false;
    }
    memmove(b->ptr + pos + wl, b->ptr + pos + hl, b->len - pos - hl);
    memcpy(b->ptr + pos, wt, wl);
    b->len = b->len - hl + wl;
    return true;
}

// fuzz_cmpMutateBytes writes one side of a random recorded comparison where the
// other side is: an integer in either byte order (as libFuzzer's TORC
// entries are tried both ways) or, half the time when the input has it
// so, as text (cmpWriteText); or memcmp's and strcmp's bytes.
bool fuzz_cmpMutateBytes(mutator *m, byteSlice *b) {
    const cmpDict *d = m->dict;
    go_int k = fuzz_mutator_rand(m, (go_int)(d->nints + d->nbytes + d->nwords));
    if (k >= (go_int)d->nints && k < (go_int)(d->nints + d->nbytes)) {
        // A byte compared with a constant: the constant (give or take
        // one, for a range test) where the byte is.
        const cmpByte *e = &d->bytes[k - (go_int)d->nints];
        uint8_t have = e->v, want = (uint8_t)cmpAdjust(m, e->c);
        return fuzz_dictWrite(m, b, &have, 1, &want, 1);
    }
    if (k >= (go_int)d->nints) {
        k -= (go_int)d->nbytes;
    }
    bool first = fuzz_mutator_bool(m);
    if (k < (go_int)d->nints) {
        const cmpInt *e = &d->ints[k];
        uint64_t have = first ? e->a : e->b, want = first ? e->b : e->a;
        want = cmpAdjust(m, want);
        if (fuzz_mutator_bool(m) && cmpWriteText(m, b, have, want, e->size)) {
            return true;
        }
        bool le = fuzz_mutator_bool(m);
        uint8_t hb[8], wb[8];
        uint64_t size = e->size <= 8 ? e->size : 8;
        cmpEncode(hb, have, size, le);
        cmpEncode(wb, want, size, le);
        return fuzz_dictWrite(m, b, hb, size, wb, size);
    }
    const cmpWord *e = &d->words[k - (go_int)d->nints];
    const uint8_t *have = first ? e->a : e->b, *want = first ? e->b : e->a;
    size_t haveLen = first ? e->alen : e->blen, wantLen = first ? e->blen : e->alen;
    if (wantLen == 0) {
        // Writing nothing in place of something is no mutation: write the
        // other side.
        const uint8_t *p = have;
        have = want;
        want = p;
        haveLen = 0;
        wantLen = first ? e->alen : e->blen;
    }
    return fuzz_dictWrite(m, b, have, haveLen, want, wantLen);
}
