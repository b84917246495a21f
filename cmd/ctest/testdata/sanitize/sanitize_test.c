// sanitize_test.c: bugs that only -sanitize finds (see e2e.sh).
#include <limits.h>
#include <stdlib.h>
#include <testing/testing.h>

void TestHeapOverflow(T *t) {
    char *p = malloc(4);
    volatile int i = 4;
    p[i] = 1; // one past the end: malloc's slack hides it without ASan
    free(p);
    t_log(t, "no heap-buffer-overflow found");
}

void TestSignedOverflow(T *t) {
    volatile int x = INT_MAX;
    x = x + 1; // undefined: wraps without UBSan
    t_logf(t, "INT_MAX + 1 = %d", x);
}
