// fields_test.c: the fuzz tests of -fuzzengine's end-to-end test
// (engine_e2e.sh). FuzzFields takes typed arguments, []byte, int and
// bool, and fails on the planted bug of fields.c; FuzzOutcome fails,
// panics or skips as its input says.
#include <string.h>

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
}

void FuzzOutcome(F *f) {
    f_fuzz(f, fuzzOutcome, GO_STRING);
}
