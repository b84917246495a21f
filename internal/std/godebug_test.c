// Tests for godebug.c: go1.19.8 src/internal/godebug/godebug_test.go.
#include <string.h>

#include "internal/std/std.h"
#include "testing/testing.h"

void TestGet(T *t) {
    static const struct {
        const char *godebug, *key, *want;
    } tests[] = {
        { "", "", "" },
        { "", "foo", "" },
        { "foo=bar", "foo", "bar" },
        { "foo=bar,after=x", "foo", "bar" },
        { "before=x,foo=bar,after=x", "foo", "bar" },
        { "before=x,foo=bar", "foo", "bar" },
        { ",,,foo=bar,,,", "foo", "bar" },
        { "foodecoy=wrong,foo=bar", "foo", "bar" },
        { "foo=", "foo", "" },
        { "foo", "foo", "" },
        { ",foo", "foo", "" },
        { "foo=bar,baz", "loooooooong", "" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        size_t n;
        const char *got = godebug_get(tests[i].godebug, tests[i].key, &n);
        if (n != strlen(tests[i].want) || memcmp(got, tests[i].want, n) != 0) {
            t_errorf(t, "get(\"%s\", \"%s\") = \"%.*s\"; want \"%s\"", tests[i].godebug,
                     tests[i].key, (int)n, got, tests[i].want);
        }
    }
}
