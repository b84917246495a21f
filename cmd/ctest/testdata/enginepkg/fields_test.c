// fields_test.c: the fuzz tests of -fuzzengine's end-to-end test
// (engine_e2e.sh). FuzzFields takes typed arguments, []byte, int and
// bool, and fails on the planted bug of fields.c; FuzzOutcome fails,
// panics, skips, crashes, exits, hangs or takes memory as its input says.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fields.h"
#include "testing/testing.h"

static void fuzzFields(T *t, go_bytes line, go_int limit, bool strict) {
    int64_t n = fields(line.ptr, line.len, limit, strict);
    if (limit > 0 && n > limit) {
        t_fatalf(t, "fields(%zu bytes, %lld, %d) = %lld, over the limit", line.len,
                 (long long)limit, strict, (long long)n);
    }
}

void FuzzFields(F *f) {
    f_add(f, GO_BYTES("a,b"), GO_INT(2), GO_BOOL(false));
    f_fuzz(f, fuzzFields, GO_BYTES, GO_INT, GO_BOOL);
}

static bool is(go_string s, const char *word) {
    return s.len == strlen(word) && memcmp(s.ptr, word, s.len) == 0;
}

// nowhere is where "segv" writes: in the page at 0, which is never
// mapped, but not NULL itself, which UBSan would report before the store;
// volatile, so that the store is made.
static volatile uintptr_t nowhere = 64;

// takeMemory touches 512 MB in blocks of 1 MB and holds them for 3 s,
// long enough for an engine that looks at the resident set once a
// second, before it frees them.
static void takeMemory(void) {
    enum { blocks = 512, block = 1 << 20 };
    static char *held[blocks];
    for (int i = 0; i < blocks; i++) {
        held[i] = malloc(block);
        if (held[i] != NULL) {
            memset(held[i], 1, block);
        }
    }
    struct timespec ts = { 3, 0 };
    nanosleep(&ts, NULL);
    for (int i = 0; i < blocks; i++) {
        free(held[i]);
    }
}

static void fuzzOutcome(T *t, go_string s) {
    if (is(s, "skip")) {
        t_skip(t, "skipped");
    }
    if (is(s, "error")) {
        t_error(t, "an error, and the test goes on");
    }
    if (is(s, "panic")) {
        go_panic("a panic");
    }
    if (is(s, "abort")) {
        abort();
    }
    if (is(s, "segv")) {
        *(int *)nowhere = 1;
    }
    if (is(s, "exit")) {
        exit(0);
    }
    if (is(s, "hang")) {
        for (;;) {
            pause();
        }
    }
    if (is(s, "malloc")) {
        // 3 GB in one allocation, past every engine's limit; never
        // touched, so that without a limit it costs nothing.
        void *(*volatile alloc)(size_t) = malloc;
        free(alloc((size_t)3 << 30));
    }
    if (is(s, "rss")) {
        takeMemory();
    }
}

void FuzzOutcome(F *f) {
    f_fuzz(f, fuzzOutcome, GO_STRING);
}
