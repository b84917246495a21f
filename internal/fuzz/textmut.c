// (none) ctest's own, with -test.fuzzcmp: mutations that see an input as
// text made of tokens. Go's mutator, libFuzzer's and AFL++'s havoc all cut
// at any byte; on a language front end (a Lua or JavaScript compiler, a
// regexp, XML) a cut inside a word or a number mostly makes an input the
// lexer rejects early. Here the unit is a token: a run of letters, digits,
// '_' and non-ASCII bytes, a run of white space, or one byte of anything
// else. A mutation deletes tokens, puts a word where a token was, or
// copies a run of tokens from the input itself or from a crossover
// partner to a place between two tokens, as token-level fuzzing
// (Salls et al., USENIX Security 2021) does with a lexer of its own.
//
// Like every mutation of the default search, it draws from the mutator's
// PRNG and reads only the input, the token dictionary and the crossover
// pool, which the coordinator has too: it replays the worker's mutations
// to rebuild an input. Nothing is allocated: a copy goes through a buffer
// on the stack.
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "internal/fuzz/mutator.h"

// textSpanMax bounds the bytes one mutation copies (the stack buffer).
enum { textSpanMax = 256 };
// textSpanTokens bounds the tokens of a deleted or copied run; short runs
// are the likelier (fuzz_mutator_chooseLen).
enum { textSpanTokens = 16 };

typedef enum { textWord, textSpace, textPunct } textClass;

static textClass classOf(uint8_t c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
        c >= 0x80) {
        return textWord;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        return textSpace;
    }
    return textPunct;
}

// startsToken reports whether a token of p[0..len) starts at i; len ends
// the last one.
static bool startsToken(const uint8_t *p, size_t len, size_t i) {
    if (i == 0 || i >= len) {
        return true;
    }
    textClass a = classOf(p[i - 1]);
    return a != classOf(p[i]) || a == textPunct;
}

// tokenAt is where the token that holds byte i starts (len for i == len).
static size_t tokenAt(const uint8_t *p, size_t len, size_t i) {
    while (!startsToken(p, len, i)) {
        i--;
    }
    return i;
}

// tokensEnd is where the k tokens that start at i end (sooner at len).
static size_t tokensEnd(const uint8_t *p, size_t len, size_t i, go_int k) {
    for (; k > 0 && i < len; k--) {
        do {
            i++;
        } while (!startsToken(p, len, i));
    }
    return i;
}

// textPiece is a run of bytes about to be written, with a space to add on
// either side where a word would otherwise run into a word beside it.
typedef struct textPiece {
    uint8_t b[textSpanMax];
    size_t len;
    bool spaceBefore, spaceAfter;
} textPiece;

// pieceFrom copies a run of tokens of src, from a token drawn at random,
// into t; false when src is empty.
static bool pieceFrom(mutator *m, textPiece *t, const uint8_t *src, size_t srcLen) {
    if (srcLen == 0) {
        return false;
    }
    size_t from = tokenAt(src, srcLen, (size_t)fuzz_mutator_rand(m, (go_int)srcLen));
    size_t to = tokensEnd(src, srcLen, from, fuzz_mutator_chooseLen(m, textSpanTokens));
    t->len = to - from < textSpanMax ? to - from : textSpanMax;
    memcpy(t->b, src + from, t->len);
    return true;
}

// pieceWord copies a word of the token dictionary into t; false without
// one.
static bool pieceWord(mutator *m, textPiece *t) {
    const tokenDict *d = m->tokens;
    if (d == NULL || d->n == 0) {
        return false;
    }
    const tokenWord *w = &d->words[fuzz_mutator_rand(m, (go_int)d->n)];
    memcpy(t->b, w->b, w->len);
    t->len = w->len;
    return true;
}

// pieceDrawn fills t from the dictionary, from a crossover partner or from
// b itself, whichever the draw picks and has something.
static bool pieceDrawn(mutator *m, textPiece *t, const byteSlice *b) {
    switch (fuzz_mutator_rand(m, 3)) {
    case 0:
        if (pieceWord(m, t)) {
            return true;
        }
        break;
    case 1: {
        const byteSlice *o = fuzz_crossPool_pick(m);
        if (o != NULL && pieceFrom(m, t, o->ptr, o->len)) {
            return true;
        }
        break;
    }
    default:
        break;
    }
    return pieceFrom(m, t, b->ptr, b->len);
}

// replaceSpan puts t in place of b[from..to), with the spaces t needs
// against its new neighbours; false, leaving b alone, if it does not fit.
static bool replaceSpan(byteSlice *b, size_t from, size_t to, textPiece *t) {
    if (t->len == 0) {
        return false;
    }
    t->spaceBefore =
            from > 0 && classOf(b->ptr[from - 1]) == textWord && classOf(t->b[0]) == textWord;
    t->spaceAfter =
            to < b->len && classOf(b->ptr[to]) == textWord && classOf(t->b[t->len - 1]) == textWord;
    size_t n = t->len + t->spaceBefore + t->spaceAfter;
    size_t newLen = b->len - (to - from) + n;
    if (newLen > b->cap) {
        return false;
    }
    memmove(b->ptr + from + n, b->ptr + to, b->len - to);
    uint8_t *w = b->ptr + from;
    if (t->spaceBefore) {
        *w++ = ' ';
    }
    memcpy(w, t->b, t->len);
    if (t->spaceAfter) {
        w[t->len] = ' ';
    }
    b->len = newLen;
    return true;
}

bool fuzz_textMutateBytes(mutator *m, byteSlice *b) {
    if (b->len == 0) {
        return false;
    }
    size_t at = tokenAt(b->ptr, b->len, (size_t)fuzz_mutator_rand(m, (go_int)b->len));
    textPiece t;
    switch (fuzz_mutator_rand(m, 4)) {
    case 0: {
        // Delete a run of tokens, not all of them.
        size_t to = tokensEnd(b->ptr, b->len, at, fuzz_mutator_chooseLen(m, textSpanTokens));
        if (at == 0 && to == b->len) {
            return false;
        }
        memmove(b->ptr + at, b->ptr + to, b->len - to);
        b->len -= to - at;
        return true;
    }
    case 1:
        // A drawn piece in place of one token.
        return pieceDrawn(m, &t, b) && replaceSpan(b, at, tokensEnd(b->ptr, b->len, at, 1), &t);
    case 2:
        // A drawn piece before a token (or at the end).
        if (fuzz_mutator_bool(m)) {
            at = b->len;
        }
        return pieceDrawn(m, &t, b) && replaceSpan(b, at, at, &t);
    default: {
        // A run of tokens of b written again in place of another run.
        if (!pieceFrom(m, &t, b->ptr, b->len)) {
            return false;
        }
        size_t to = tokensEnd(b->ptr, b->len, at, fuzz_mutator_chooseLen(m, textSpanTokens));
        return replaceSpan(b, at, to, &t);
    }
    }
}
