// Tests build.c's choices of compiler.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/ctest/ctest.h"
#include "testing/testing.h"

// TestDefaultCompiler: without $CC, a ctest built with gcc compiles
// packages with a clang on PATH, and with its own compiler otherwise.
void TestDefaultCompiler(T *t) {
    const char *dir = t_tempdir(t);
    char *empty = runtime_sprintf("%s/empty", dir), *bin = runtime_sprintf("%s/bin", dir);
    char *clang = runtime_sprintf("%s/clang", bin);
    if (mkdir(empty, 0777) != 0 || mkdir(bin, 0777) != 0) {
        t_fatalf(t, "mkdir: %s", strerror(errno));
    }
    FILE *f = fopen(clang, "w");
    if (f == NULL || fclose(f) != 0 || chmod(clang, 0755) != 0) {
        t_fatalf(t, "creating %s: %s", clang, strerror(errno));
    }
    char *withClang = runtime_sprintf("%s:%s", empty, bin);
    static const struct {
        const char *builtWith;
        bool clangOnPath;
        const char *want;
    } cases[] = {
        { "/usr/bin/gcc", true, "clang" },
        { "/usr/bin/gcc", false, "/usr/bin/gcc" },
        { "/usr/bin/clang-14", true, "/usr/bin/clang-14" },
        { "/usr/bin/clang", false, "/usr/bin/clang" },
        { "cc", true, "clang" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got =
                defaultCompiler(cases[i].builtWith, cases[i].clangOnPath ? withClang : empty);
        if (strcmp(got, cases[i].want) != 0) {
            t_errorf(t, "defaultCompiler(%s), clang on PATH: %d: got %s, want %s",
                     cases[i].builtWith, cases[i].clangOnPath, got, cases[i].want);
        }
    }
    // A clang that is not executable does not count.
    if (chmod(clang, 0644) != 0) {
        t_fatalf(t, "chmod: %s", strerror(errno));
    }
    if (strcmp(defaultCompiler("/usr/bin/gcc", withClang), "/usr/bin/gcc") != 0) {
        t_errorf(t, "a clang without the execute bit was chosen");
    }
    free(withClang);
    free(clang);
    free(bin);
    free(empty);
}
