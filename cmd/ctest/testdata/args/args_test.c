// args_test.c: checks that -args passes its arguments to the test binary
// (read back from /proc/self/cmdline) and that the binary runs in the
// package directory.
#include <stdio.h>
#include <string.h>
#include <testing/testing.h>

void TestArgs(T *t) {
    FILE *f = fopen("/proc/self/cmdline", "rb");
    if (f == NULL) {
        t_skip(t, "no /proc/self/cmdline");
    }
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    bool found = false;
    for (size_t i = 0; i < n; i += strlen(buf + i) + 1) {
        if (strcmp(buf + i, "hello-args") == 0) {
            found = true;
        }
    }
    if (!found) {
        t_errorf(t, "got no argument hello-args, want it");
    }
    FILE *self = fopen("args_test.c", "r");
    if (self == NULL) {
        t_errorf(t, "got no args_test.c in the working directory, want the package directory");
    } else {
        fclose(self);
    }
}
