// (none) ctest's own: the answer to the driver's -fuzzmulti, which asks a
// test binary which fuzz tests -fuzz matches (cmd/ctest/fuzzmulti.c), so
// that they are matched by testing's own matcher. Go fuzzes the one fuzz
// test -fuzz matches and has no such question.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/internal.h"

bool testing_fuzzList(const char *names, bool *ok) {
    const char *path = getenv("CTEST_FUZZLIST");
    if (path == NULL || path[0] == '\0' || testing_isFuzzWorker) {
        return false;
    }
    FILE *f = fopen(path, "w");
    *ok = f != NULL;
    for (const char *c = names; *ok && *c != '\0'; c++) {
        *ok = fputc(*c == ' ' ? '\n' : *c, f) != EOF;
    }
    *ok = *ok && fputc('\n', f) != EOF;
    if (f != NULL && fclose(f) != 0) {
        *ok = false;
    }
    if (!*ok) {
        fflush(stdout);
        fprintf(stderr, "testing: writing the fuzz tests to %s: %s\n", path, strerror(errno));
    }
    return true;
}
