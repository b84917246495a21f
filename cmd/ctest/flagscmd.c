// (none) ctest's own: `ctest flags`, the flags that build code the way
// ctest builds a package, for a library built elsewhere (its own CMake or
// make), as OSS-Fuzz hands a project $CFLAGS: with CTEST_FUZZ_CFLAGS a
// library's code has the coverage counters and comparison hooks that
// ctest's engine reads, so fuzzing sees inside it. Printed as shell
// assignments: eval "$(ctest flags)".
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"
#include "ctest_config.h"

static const char *const depLibs[] = { CTEST_DEPLIBS NULL };

void shellQuote(strings_Builder *b, const char *s) {
    if (s[0] != '\0' && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                  "0123456789_./+-,=:@%") == strlen(s)) {
        strings_Builder_WriteString(b, s);
        return;
    }
    strings_Builder_WriteByte(b, '\'');
    for (const char *c = s; *c != '\0'; c++) {
        if (*c == '\'') {
            strings_Builder_WriteString(b, "'\\''");
        } else {
            strings_Builder_WriteByte(b, *c);
        }
    }
    strings_Builder_WriteByte(b, '\'');
}

void writePackageArg(strings_Builder *b, const char *dir) {
    char *rel = shortPath(dir);
    char *arg = rel[0] == '/' || rel[0] == '.' ? runtime_strdup(rel) : runtime_sprintf("./%s", rel);
    strings_Builder_WriteByte(b, ' ');
    shellQuote(b, arg);
    free(arg);
    free(rel);
}

// printVar prints name='words', the words joined by spaces.
static void printVar(const char *name, const strList *words) {
    strings_Builder joined = { 0 };
    for (size_t i = 0; i < words->len; i++) {
        if (i > 0) {
            strings_Builder_WriteByte(&joined, ' ');
        }
        strings_Builder_WriteString(&joined, words->ptr[i]);
    }
    strings_Builder line = { 0 };
    strings_Builder_Printf(&line, "%s=", name);
    shellQuote(&line, strings_Builder_String(&joined));
    printf("%s\n", strings_Builder_String(&line));
    strings_Builder_Reset(&joined);
    strings_Builder_Reset(&line);
}

int runFlags(int argc, char **argv) {
    if (argc > 1) {
        fprintf(stderr, "usage: ctest flags\n");
        return 2;
    }
    (void)argv;
    builder b;
    go_error *err = newBuilder(&b, false);
    if (err == NULL) {
        err = fuzzInstrumentFlags(&b, false);
    }
    if (err != NULL) {
        fprintf(stderr, "ctest: %s\n", go_error_Error(err));
        go_error_free(err);
        builder_close(&b);
        return 1;
    }
    const ctestLayout *l = layout();
    strList cflags = { 0 }, libs = { 0 };
    strList_appendOwned(&cflags, runtime_sprintf("-I%s", l->include));
    for (size_t i = 0; l->libs[i] != NULL; i++) {
        strList_append(&libs, l->libs[i]);
    }
    for (size_t i = 0; depLibs[i] != NULL; i++) {
        strList_append(&libs, depLibs[i]);
    }
    printVar("CTEST_CFLAGS", &cflags);
    printVar("CTEST_FUZZ_CFLAGS", &b.FuzzInstrument);
    printVar("CTEST_LIBS", &libs);
    strList_free(&cflags);
    strList_free(&libs);
    builder_close(&b);
    return 0;
}
