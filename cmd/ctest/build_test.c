// Tests of build.c: archiveSymbols, which tells the driver whether the
// ctest libraries define the coverage hooks (Go has no counterpart: its
// linker knows its own runtime).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"
#include "ctest_config.h"
#include "testing/testing.h"

// writeArchive writes an archive whose first member, named name, holds
// data[0:n], and returns its path (caller frees).
static char *writeArchive(T *t, const char *name, const char *data, size_t n) {
    char *path = runtime_sprintf("%s/lib.a", t_tempdir(t));
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        t_fatalf(t, "open %s failed", path);
    }
    fprintf(f, "!<arch>\n%-16s%-12s%-6s%-6s%-8s%-10zu`\n", name, "0", "0", "0", "644", n);
    fwrite(data, 1, n, f);
    if (n % 2 == 1) {
        fputc('\n', f);
    }
    fclose(f);
    return path;
}

void TestArchiveSymbols(T *t) {
    // Two symbols, 32-bit index: count, two offsets, the names.
    static const char index32[] = "\0\0\0\2"
                                  "\0\0\0\x50"
                                  "\0\0\0\x60"
                                  "foo\0__sanitizer_cov_8bit_counters_init";
    static const char index64[] = "\0\0\0\0\0\0\0\1"
                                  "\0\0\0\0\0\0\0\x50"
                                  "bar";
    static const struct {
        const char *name;
        const char *data;
        size_t n;
        const char *want; // the symbols, space-separated, or "error"
    } tests[] = {
        { "/", index32, sizeof index32, "foo __sanitizer_cov_8bit_counters_init" },
        { "/SYM64/", index64, sizeof index64, "bar" },
        { "a.o/", "not an index", 12, "" },
        { "/", "\0\0\0\x7f", 4, "error" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        char *path = writeArchive(t, tests[i].name, tests[i].data, tests[i].n);
        strList syms = { 0 };
        go_error *err = archiveSymbols(path, &syms);
        char *got = runtime_strdup(err != NULL ? "error" : "");
        for (size_t j = 0; j < syms.len; j++) {
            char *s = runtime_sprintf("%s%s%s", got, j > 0 ? " " : "", syms.ptr[j]);
            free(got);
            got = s;
        }
        if (strcmp(got, tests[i].want) != 0) {
            t_errorf(t, "archiveSymbols(%s index): got %s, want %s", tests[i].name, got,
                     tests[i].want);
        }
        free(got);
        go_error_free(err);
        strList_free(&syms);
        free(path);
    }
}

void TestArchiveSymbolsOfCtestLibs(T *t) {
    // The last of CTEST_LIBS is libctest_std.a, which defines strconv_Quote.
    static const char *const libs[] = { CTEST_LIBS };
    const char *std = libs[sizeof libs / sizeof libs[0] - 1];
    strList syms = { 0 };
    go_error *err = archiveSymbols(std, &syms);
    if (err != NULL) {
        t_fatalf(t, "archiveSymbols(%s): %s", std, go_error_Error(err));
    }
    if (!strList_contains(&syms, "strconv_Quote")) {
        t_errorf(t, "archiveSymbols(%s): got %zu symbols without strconv_Quote, want it", std,
                 syms.len);
    }
    strList_free(&syms);
}

void TestArchiveSymbolsMissing(T *t) {
    char *path = runtime_sprintf("%s/none.a", t_tempdir(t));
    strList syms = { 0 };
    go_error *err = archiveSymbols(path, &syms);
    if (err == NULL) {
        t_errorf(t, "archiveSymbols(%s): got no error, want one", path);
    }
    go_error_free(err);
    free(path);
}
