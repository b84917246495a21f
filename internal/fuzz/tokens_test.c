// Tests tokens.c, the token dictionary (ctest's own): the dictionary file
// format, the words kept, and the mutation that writes them.
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/mutator.h"
#include "internal/fuzz/mutator_vectors_test.h"
#include "internal/fuzz/tokens.h"

// wantWords fails t unless d holds exactly the n words of want, in order.
static void wantWords(T *t, const char *what, const tokenDict *d, const char *const *want,
                      size_t n) {
    if (d->n != n) {
        t_errorf(t, "%s: got %zu words, want %zu", what, d->n, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        size_t wl = strlen(want[i]);
        if (d->words[i].len != wl || memcmp(d->words[i].b, want[i], wl) != 0) {
            t_errorf(t, "%s: word %zu is %.*s, want %s", what, i, (int)d->words[i].len,
                     (const char *)d->words[i].b, want[i]);
        }
    }
}

// TestTokenDictParse: the lines libFuzzer's and AFL's dictionaries have.
void TestTokenDictParse(T *t) {
    static const char file[] = "# a comment\n"
                               "\n"
                               "kw1=\"while\"\n"
                               "  \"if\"  \r\n"
                               "afl@3=\"a\\x41\\\\\\\"\"\n"
                               "\"while\"\n" // a repeat is kept once
                               "last=\"end\"";
    tokenDict d = { 0 };
    int line = -1;
    const char *err = fuzz_tokenDict_parse(&d, file, sizeof file - 1, &line);
    if (err != NULL) {
        t_fatalf(t, "line %d: %s", line, err);
    }
    static const char *const want[] = { "while", "if", "aA\\\"", "end" };
    wantWords(t, "parse", &d, want, 4);
    fuzz_tokenDict_free(&d);
}

// TestTokenDictParseErrors: each bad line is named by its number.
void TestTokenDictParseErrors(T *t) {
    static const struct {
        const char *text;
        int line;
        const char *err;
    } cases[] = {
        { "\"ok\"\nnoquote\n", 2, "no opening quote" },
        { "\"open\n", 1, "no closing quote" },
        { "# c\n\n\"a\" b\n", 3, "text after the closing quote" },
        { "\"\\q\"\n", 1, "bad escape" },
        { "\"\\x4\"\n", 1, "bad escape" },
        { "\"tab\there\"\n", 1, "unescaped byte that is not printable" },
        { "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"", 1,
          "word longer than 64 bytes" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tokenDict d = { 0 };
        int line = 0;
        const char *err = fuzz_tokenDict_parse(&d, cases[i].text, strlen(cases[i].text), &line);
        if (err == NULL || strcmp(err, cases[i].err) != 0 || line != cases[i].line) {
            t_errorf(t, "%zu: got line %d: %s; want line %d: %s", i, line, err ? err : "(none)",
                     cases[i].line, cases[i].err);
        }
        fuzz_tokenDict_free(&d);
    }
}

// TestTokenDictAdd: empty and over-long words are left out, repeats kept
// once.
void TestTokenDictAdd(T *t) {
    tokenDict d = { 0 };
    uint8_t longWord[tokenMax + 1];
    memset(longWord, 'x', sizeof longWord);
    fuzz_tokenDict_add(&d, (const uint8_t *)"", 0);
    fuzz_tokenDict_add(&d, longWord, tokenMax + 1);
    fuzz_tokenDict_add(&d, longWord, tokenMax);
    fuzz_tokenDict_add(&d, (const uint8_t *)"do", 2);
    fuzz_tokenDict_add(&d, (const uint8_t *)"do", 2);
    if (d.n != 2 || d.words[0].len != tokenMax || d.words[1].len != 2) {
        t_errorf(t, "got %zu words, want the 64-byte one and \"do\"", d.n);
    }
    fuzz_tokenDict_free(&d);
}

// TestTokenMutate: the mutator writes the dictionary's words, inserted or
// over the value's bytes, within the value's cap; two mutators alike make
// the same mutations, as the coordinator's replay of a worker needs.
void TestTokenMutate(T *t) {
    tokenDict d = { 0 };
    fuzz_tokenDict_add(&d, (const uint8_t *)"function", 8);
    mutator *a = fuzz_newMutator(), *b = fuzz_newMutator();
    a->tokens = b->tokens = &d;
    b->r = a->r;
    int written = 0;
    for (int i = 0; i < 2000; i++) {
        go_value va[] = { GO_BYTES("abcdefghij") }, vb[] = { GO_BYTES("abcdefghij") };
        fuzz_mutator_mutate(a, va, 1, 200);
        fuzz_mutator_mutate(b, vb, 1, 200);
        go_bytes x = va[0].v.bytes;
        if (x.len != vb[0].v.bytes.len || memcmp(x.ptr, vb[0].v.bytes.ptr, x.len) != 0) {
            t_fatalf(t, "mutation %d differs between two mutators alike", i);
        }
        if (x.len > 100) { // maxPerVal is 200 - 100
            t_fatalf(t, "mutation %d: %zu bytes, over the limit of 100", i, x.len);
        }
        if (containsBytes(x, "function", 8)) {
            written++;
        }
    }
    // One mutation in tokenChance (8) writes the word.
    if (written < 150) {
        t_errorf(t, "got the word in %d mutations of 2000, want at least 150", written);
    }
    // No room: a word longer than the value cannot be written over it,
    // and the cap leaves no room to insert it.
    uint8_t buf[4] = "abc";
    byteSlice small = { buf, 3, 3 };
    if (fuzz_tokenMutateBytes(a, &small) || small.len != 3 || memcmp(buf, "abc", 3) != 0) {
        t_errorf(t, "a word of 8 bytes was written into a value of cap 3: %.*s", (int)small.len,
                 (const char *)buf);
    }
    fuzz_mutator_free(a);
    fuzz_mutator_free(b);
    fuzz_tokenDict_free(&d);
}

// TestTokenDictFormat: a formatted dictionary reads back as the same
// words, bytes that need escapes included.
void TestTokenDictFormat(T *t) {
    static const char *const words[] = { "while", "a\"b\\c", "\x01\xff", "tab\there" };
    tokenDict d = { 0 };
    for (size_t i = 0; i < 4; i++) {
        fuzz_tokenDict_add(&d, (const uint8_t *)words[i], strlen(words[i]));
    }
    char *text = fuzz_tokenDict_format(&d);
    static const char want[] = "\"while\"\n\"a\\\"b\\\\c\"\n\"\\x01\\xff\"\n\"tab\\x09here\"\n";
    if (strcmp(text, want) != 0) {
        t_errorf(t, "format: got %s, want %s", text, want);
    }
    tokenDict back = { 0 };
    int line;
    const char *err = fuzz_tokenDict_parse(&back, text, strlen(text), &line);
    if (err != NULL) {
        t_fatalf(t, "parse: line %d: %s", line, err);
    }
    wantWords(t, "parse(format(d))", &back, words, 4);
    free(text);
    fuzz_tokenDict_free(&d);
    fuzz_tokenDict_free(&back);
}
