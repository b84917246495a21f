// (none) ctest's own: a warning when a fuzzing build links a library
// without coverage counters. Its code then runs unseen: fuzzing only
// knows the package's own branches, and a search that found 2 new inputs
// in 94M executions would say nothing of why. An object with counters
// has a section named __sancov_cntrs, so the name is in its bytes.
//
// memmem is glibc's.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/ctest/ctest.h"

static const char countersSection[] = "__sancov_cntrs";

// findLib returns the file -l<name> names among the -L directories dirs
// (lib<name>.a, then lib<name>.so), or NULL: a system library, which ctest
// does not fuzz.
static char *findLib(const char *name, const strList *dirs) {
    static const char *const suffixes[] = { ".a", ".so" };
    for (size_t i = 0; i < dirs->len; i++) {
        for (size_t k = 0; k < 2; k++) {
            char *path = runtime_sprintf("%s/lib%s%s", dirs->ptr[i], name, suffixes[k]);
            struct stat st;
            if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                return path;
            }
            free(path);
        }
    }
    return NULL;
}

// hasCounters reports whether the file at path holds coverage counters;
// a file that cannot be read is given the benefit of the doubt.
static bool hasCounters(const char *path) {
    char *data;
    size_t n;
    go_error *err = os_ReadFile(path, &data, &n);
    if (err != NULL) {
        go_error_free(err);
        return true;
    }
    bool found = memmem(data, n, countersSection, sizeof countersSection - 1) != NULL;
    free(data);
    return found;
}

void warnUninstrumented(const char *importPath, const strList *linkArgs) {
    strList dirs = { 0 }, libs = { 0 };
    for (size_t i = 0; i < linkArgs->len; i++) {
        const char *a = linkArgs->ptr[i];
        if (strcmp(a, "-L") == 0 && i + 1 < linkArgs->len) {
            strList_append(&dirs, linkArgs->ptr[++i]);
        } else if (strncmp(a, "-L", 2) == 0) {
            strList_append(&dirs, a + 2);
        }
    }
    for (size_t i = 0; i < linkArgs->len; i++) {
        const char *a = linkArgs->ptr[i];
        if (strncmp(a, "-l", 2) == 0 && a[2] != '\0') {
            char *path = findLib(a + 2, &dirs);
            if (path != NULL) {
                strList_appendOwned(&libs, path);
            }
        } else if (a[0] != '-' &&
                   (hasSuffix(a, strlen(a), ".a") || hasSuffix(a, strlen(a), ".so") ||
                    hasSuffix(a, strlen(a), ".o"))) {
            strList_append(&libs, a);
        }
    }
    for (size_t i = 0; i < libs.len; i++) {
        if (!hasCounters(libs.ptr[i])) {
            fprintf(stderr,
                    "ctest: warning: fuzzing %s: %s has no coverage counters, so fuzzing does "
                    "not see inside it; build it with the CTEST_FUZZ_CFLAGS of `ctest flags`, "
                    "or name its sources in a //ctest:srcs line\n",
                    importPath, libs.ptr[i]);
        }
    }
    strList_free(&dirs);
    strList_free(&libs);
}
