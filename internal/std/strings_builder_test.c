// Tests for strings_builder.c: go1.19.8 src/strings/builder_test.go, in Go's
// order, then ctest's own for Printf, Truncate and Detach.
//
// Not ported: TestBuilderCopyPanic (there is no copy check) and the parts
// of TestBuilderString and TestBuilderReset that keep an earlier String
// result across later writes (String is borrowed only until the next one).
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/testing.h"

// check is builder_test.go's check: b holds the n bytes of want, and its
// Len and Cap agree.
static void check(T *t, const strings_Builder *b, const char *want, size_t n) {
    t_helper(t);
    const char *got = strings_Builder_String(b);
    size_t len = strings_Builder_Len(b);
    if (len != n || memcmp(got, want, n) != 0) {
        t_errorf(t, "String: got \"%.*s\" (%zu bytes); want \"%s\"", (int)len, got, len, want);
        return;
    }
    if (got[len] != '\0') {
        t_errorf(t, "String: no NUL after %zu bytes", len);
    }
    if (strings_Builder_Cap(b) < len) {
        t_errorf(t, "Cap: got %zu; but len(String()) is %zu", strings_Builder_Cap(b), len);
    }
}

void TestBuilder(T *t) {
    strings_Builder b = { 0 };
    check(t, &b, "", 0);
    strings_Builder_WriteString(&b, "hello");
    check(t, &b, "hello", 5);
    strings_Builder_WriteByte(&b, ' ');
    check(t, &b, "hello ", 6);
    strings_Builder_WriteString(&b, "world");
    check(t, &b, "hello world", 11);
    strings_Builder_Reset(&b);
}

void TestBuilderString(T *t) {
    // Each String shows all that was written before it.
    static const struct {
        const char *write, *want;
    } steps[] = {
        { "alpha", "alpha" },
        { "beta", "alphabeta" },
        { "gamma", "alphabetagamma" },
    };
    strings_Builder b = { 0 };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        strings_Builder_WriteString(&b, steps[i].write);
        check(t, &b, steps[i].want, strlen(steps[i].want));
    }
    strings_Builder_Reset(&b);
}

void TestBuilderReset(T *t) {
    strings_Builder b = { 0 };
    check(t, &b, "", 0);
    strings_Builder_WriteString(&b, "aaa");
    check(t, &b, "aaa", 3);
    strings_Builder_Reset(&b);
    check(t, &b, "", 0);
    if (strings_Builder_Cap(&b) != 0) {
        t_errorf(t, "Cap after Reset: got %zu; want 0", strings_Builder_Cap(&b));
    }
    strings_Builder_WriteString(&b, "bbb");
    check(t, &b, "bbb", 3);
    strings_Builder_Reset(&b);
}

void TestBuilderGrow(T *t) {
    static const size_t growLens[] = { 0, 100, 1000, 10000, 100000 };
    for (size_t i = 0; i < sizeof growLens / sizeof growLens[0]; i++) {
        size_t growLen = growLens[i];
        char *p = runtime_malloc(growLen);
        memset(p, 'a', growLen);
        // testing.AllocsPerRun: the allocations of one run, on this thread.
        uint64_t before = runtime_Mallocs();
        strings_Builder b = { 0 };
        strings_Builder_Grow(&b, growLen); // the one allocation, if any
        if (strings_Builder_Cap(&b) < growLen) {
            t_fatalf(t, "growLen=%zu: Cap() is lower than growLen", growLen);
        }
        strings_Builder_Write(&b, p, growLen);
        uint64_t allocs = runtime_Mallocs() - before;
        if (strings_Builder_Len(&b) != growLen ||
            memcmp(strings_Builder_String(&b), p, growLen) != 0) {
            t_fatalf(t, "growLen=%zu: bad data written after Grow", growLen);
        }
        uint64_t wantAllocs = growLen == 0 ? 0 : 1;
        if (allocs != wantAllocs) {
            t_errorf(t, "growLen=%zu: got %llu allocs during Write; want %llu", growLen,
                     (unsigned long long)allocs, (unsigned long long)wantAllocs);
        }
        strings_Builder_Reset(&b);
        free(p);
    }
}

// write2Case is a row of TestBuilderWrite2: fn writes once and returns how
// many bytes it wrote.
typedef struct write2Case {
    const char *name;
    size_t (*fn)(strings_Builder *b);
    size_t n;
    const char *want;
} write2Case;

static const char s0[] = "hello \xe4\xb8\x96\xe7\x95\x8c"; // "hello 世界"

static size_t write2Write(strings_Builder *b) {
    strings_Builder_Write(b, s0, strlen(s0));
    return strlen(s0);
}

static size_t write2WriteRune(strings_Builder *b) {
    return strings_Builder_WriteRune(b, 'a');
}

static size_t write2WriteRuneWide(strings_Builder *b) {
    return strings_Builder_WriteRune(b, 0x4E16); // '世'
}

static size_t write2WriteString(strings_Builder *b) {
    strings_Builder_WriteString(b, s0);
    return strlen(s0);
}

static void write2Run(T *t, void *arg) {
    const write2Case *tt = arg;
    strings_Builder b = { 0 };
    size_t n = tt->fn(&b);
    if (n != tt->n) {
        t_errorf(t, "first call: got n=%zu; want %zu", n, tt->n);
    }
    check(t, &b, tt->want, strlen(tt->want));

    n = tt->fn(&b);
    if (n != tt->n) {
        t_errorf(t, "second call: got n=%zu; want %zu", n, tt->n);
    }
    char *twice = runtime_sprintf("%s%s", tt->want, tt->want);
    check(t, &b, twice, strlen(twice));
    free(twice);
    strings_Builder_Reset(&b);
}

void TestBuilderWrite2(T *t) {
    static const write2Case tests[] = {
        { "Write", write2Write, sizeof s0 - 1, s0 },
        { "WriteRune", write2WriteRune, 1, "a" },
        { "WriteRuneWide", write2WriteRuneWide, 3, "\xe4\xb8\x96" },
        { "WriteString", write2WriteString, sizeof s0 - 1, s0 },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        t_run(t, tests[i].name, write2Run, (void *)&tests[i]);
    }
}

void TestBuilderWriteByte(T *t) {
    strings_Builder b = { 0 };
    strings_Builder_WriteByte(&b, 'a');
    strings_Builder_WriteByte(&b, 0);
    check(t, &b, "a\0", 2);
    strings_Builder_Reset(&b);
}

void TestBuilderAllocs(T *t) {
    // Go checks that the copy check does not move the builder to the heap;
    // here, that Grow is the only allocation of a short build.
    uint64_t before = runtime_Mallocs();
    for (int i = 0; i < 10000; i++) {
        strings_Builder b = { 0 };
        strings_Builder_Grow(&b, 5);
        strings_Builder_WriteString(&b, "abcde");
        (void)strings_Builder_String(&b);
        strings_Builder_Reset(&b);
    }
    uint64_t n = (runtime_Mallocs() - before) / 10000;
    if (n != 1) {
        t_errorf(t, "Builder allocs = %llu; want 1", (unsigned long long)n);
    }
}

void TestBuilderWriteInvalidRune(T *t) {
    // An out-of-range rune, below zero or past MaxRune, becomes U+FFFD.
    static const int32_t runes[] = { -1, utf8_MaxRune + 1 };
    for (size_t i = 0; i < sizeof runes / sizeof runes[0]; i++) {
        strings_Builder b = { 0 };
        strings_Builder_WriteRune(&b, runes[i]);
        check(t, &b, "\xef\xbf\xbd", 3);
        strings_Builder_Reset(&b);
    }
}

// ctest: Printf appends, and may be mixed with the other writes.
void TestBuilderPrintf(T *t) {
    strings_Builder b = { 0 };
    strings_Builder_Printf(&b, "%s:%d: ", "x.c", 12);
    strings_Builder_WriteString(&b, "msg");
    strings_Builder_Printf(&b, " %zu%%", (size_t)100);
    check(t, &b, "x.c:12: msg 100%", 16);
    strings_Builder_Reset(&b);
}

// ctest: Truncate keeps the storage (Go's buf = buf[:n]): writing again up
// to the old length allocates nothing.
void TestBuilderTruncate(T *t) {
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, "hello world");
    strings_Builder_Truncate(&b, 5);
    check(t, &b, "hello", 5);
    uint64_t before = runtime_Mallocs();
    strings_Builder_Truncate(&b, 0);
    check(t, &b, "", 0);
    strings_Builder_WriteString(&b, "goodbye");
    uint64_t allocs = runtime_Mallocs() - before;
    check(t, &b, "goodbye", 7);
    if (allocs != 0) {
        t_errorf(t, "allocs after Truncate: got %llu; want 0", (unsigned long long)allocs);
    }
    strings_Builder_Reset(&b);
}

// ctest: Detach hands over the bytes, NUL-terminated, and empties the
// builder; an empty builder hands over a string of its own.
void TestBuilderDetach(T *t) {
    strings_Builder b = { 0 };
    char *empty = strings_Builder_Detach(&b);
    if (strcmp(empty, "") != 0) {
        t_errorf(t, "Detach of an empty builder: got \"%s\"; want \"\"", empty);
    }
    free(empty);
    strings_Builder_WriteString(&b, "abc");
    strings_Builder_WriteRune(&b, 0x263A); // '☺'
    char *s = strings_Builder_Detach(&b);
    if (strcmp(s, "abc\xe2\x98\xba") != 0) {
        t_errorf(t, "Detach: got \"%s\"; want \"abc\xe2\x98\xba\"", s);
    }
    check(t, &b, "", 0);
    if (strings_Builder_Cap(&b) != 0) {
        t_errorf(t, "Cap after Detach: got %zu; want 0", strings_Builder_Cap(&b));
    }
    free(s);
}
