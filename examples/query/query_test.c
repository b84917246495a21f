// query_test.c: tests and fuzz tests of the query package.
#include <stdio.h>
#include <string.h>

#include "query.h"
#include "testing/testing.h"

void TestParse(T *t) {
    static const struct {
        const char *in;
        const char *want; // pairs as "k=v;" after decoding, or NULL for an error
    } tests[] = {
        { "", "" },
        { "a=1", "a=1;" },
        { "a=1&b=x+y", "a=1;b=x y;" },
        { "a=1&&b=2&", "a=1;b=2;" },
        { "bare", "bare=;" },
        { "k=%41%62c", "k=Abc;" },
        { "k=%4", NULL },
        { "k=%zz", NULL },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        query q;
        int err = query_parse(tests[i].in, strlen(tests[i].in), 16, &q);
        if (tests[i].want == NULL) {
            if (err != QUERY_EESCAPE) {
                t_errorf(t, "query_parse(%s) = %d, want QUERY_EESCAPE", tests[i].in, err);
            }
            continue;
        }
        char got[256] = "";
        for (size_t j = 0; j < q.len; j++) {
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s=%s;", q.pairs[j].key,
                     q.pairs[j].value);
        }
        if (err != QUERY_OK || strcmp(got, tests[i].want) != 0) {
            t_errorf(t, "query_parse(%s) = %s (err %d), want %s", tests[i].in, got, err,
                     tests[i].want);
        }
        query_free(&q);
    }
}

void TestLimit(T *t) {
    query q;
    if (query_parse("a&b&c", 5, 2, &q) != QUERY_ELIMIT) {
        t_fatal(t, "three pairs passed a limit of two");
    }
}

void TestEncode(T *t) {
    query_pair pairs[] = {
        { "name", 4, "gopher", 6 },
        { "q", 1, "a b&c", 5 },
    };
    query q = { pairs, 2 };
    char buf[64];
    size_t n = query_encode(&q, buf, sizeof buf);
    const char *want = "name=gopher&q=a+b%26c";
    if (n != strlen(want) || strcmp(buf, want) != 0) {
        t_errorf(t, "query_encode = %s, want %s", buf, want);
    }
}

// fuzz_round_trip checks that a pair survives encoding and parsing.
static void fuzz_round_trip(T *t, go_string key, go_string value) {
    if (key.len == 0) {
        t_skip(t, "empty keys are dropped by design");
    }
    query_pair pair = { (char *)key.ptr, key.len, (char *)value.ptr, value.len };
    query in = { &pair, 1 };
    char buf[1024];
    size_t n = query_encode(&in, buf, sizeof buf);
    if (n >= sizeof buf) {
        t_skip(t, "too long for the buffer");
    }
    query out;
    if (query_parse(buf, n, 1, &out) != QUERY_OK) {
        t_fatalf(t, "query_parse(%s) failed", buf);
    }
    // An empty key or value is NULL, which memcmp may not take.
    if (out.len != 1 || out.pairs[0].key_len != key.len ||
        (key.len > 0 && memcmp(out.pairs[0].key, key.ptr, key.len) != 0) ||
        out.pairs[0].value_len != value.len ||
        (value.len > 0 && memcmp(out.pairs[0].value, value.ptr, value.len) != 0)) {
        t_errorf(t, "round trip of %zu-byte key and %zu-byte value through %s changed them",
                 key.len, value.len, buf);
    }
    query_free(&out);
}

void FuzzRoundTrip(F *f) {
    f_add(f, GO_STRING("name"), GO_STRING("gopher"));
    f_add(f, GO_STRING("q"), GO_STRING("a b&c=d"));
    f_fuzz(f, fuzz_round_trip, GO_STRING, GO_STRING);
}

// fuzz_parse checks that parsing respects its limit and never fails on what
// query_encode wrote.
static void fuzz_parse(T *t, go_bytes data, go_int limit) {
    if (limit < 0 || limit > 64) {
        t_skip(t, "limit out of range");
    }
    query q;
    int err = query_parse((const char *)data.ptr, data.len, (size_t)limit, &q);
    if (err != QUERY_OK) {
        return;
    }
    if (q.len > (size_t)limit) {
        t_fatalf(t, "parsed %zu pairs with a limit of %lld", q.len, (long long)limit);
    }
    char buf[4096];
    size_t n = query_encode(&q, buf, sizeof buf);
    query again;
    if (n < sizeof buf && query_parse(buf, n, (size_t)limit, &again) == QUERY_OK) {
        query_free(&again);
    } else if (n < sizeof buf) {
        t_errorf(t, "cannot parse what query_encode wrote: %s", buf);
    }
    query_free(&q);
}

void FuzzParse(F *f) {
    f_add(f, GO_BYTES("a=1&b=2"), GO_INT(10));
    f_add(f, GO_BYTES("x=%20y"), GO_INT(1));
    f_fuzz(f, fuzz_parse, GO_BYTES, GO_INT);
}
