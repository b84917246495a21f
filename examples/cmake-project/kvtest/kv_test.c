// kv_test.c: kv's tests and fuzz test, run by ctest (examples/cmake-project).
// The project's CMakeLists.txt registers it (ctest_add_package), with kv
// in $LDFLAGS.
//ctest:cflags -I${SRCDIR}/../kv
#include <string.h>

#include "kv.h"
#include "testing/testing.h"

void TestValue(T *t) {
    char out[16];
    const char text[] = "a=1\nname=gopher\n";
    int n = kv_value(text, sizeof text - 1, "name", out, sizeof out);
    if (n != 6 || strcmp(out, "gopher") != 0) {
        t_errorf(t, "kv_value(name) = %d %s, want 6 gopher", n, out);
    }
}

void TestMissing(T *t) {
    char out[16];
    if (kv_value("a=1", 3, "b", out, sizeof out) != -1) {
        t_error(t, "kv_value(b) found a key that is not there");
    }
}

static void fuzzValue(T *t, go_bytes text, go_string key) {
    (void)t;
    char k[32], out[8];
    if (key.len == 0 || key.len >= sizeof k) {
        return;
    }
    memcpy(k, key.ptr, key.len);
    k[key.len] = '\0';
    kv_value((const char *)text.ptr, text.len, k, out, sizeof out);
}

void FuzzValue(F *f) {
    f_add(f, GO_BYTES("name=gopher\n"), GO_STRING("name"));
    f_fuzz(f, fuzzValue, GO_BYTES, GO_STRING);
}
