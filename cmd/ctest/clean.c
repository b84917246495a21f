// Ports go1.19.8 src/cmd/go/internal/clean/clean.go: runClean, for
// `ctest clean -fuzzcache` (go clean -fuzzcache).
//
// ctest: only -fuzzcache; with no flag, ctest clean removes nothing (there
// is no build cache, and go clean's object files do not exist for C).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"

// exitWithCleanUsage is base.Command.Usage for clean.
static _Noreturn void exitWithCleanUsage(void) {
    fprintf(stderr, "usage: ctest clean [-fuzzcache]\n");
    fprintf(stderr, "Run 'ctest help' for details.\n");
    exit(2);
}

int runClean(int argc, char **argv) {
    bool cleanFuzzcache = false; // clean -fuzzcache flag
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) {
            break;
        }
        if (strncmp(arg, "--", 2) == 0) {
            arg++;
        }
        if (strcmp(arg, "-fuzzcache") == 0 || strcmp(arg, "-fuzzcache=true") == 0) {
            cleanFuzzcache = true;
        } else if (strcmp(arg, "-fuzzcache=false") == 0) {
            cleanFuzzcache = false;
        } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "-help") == 0) {
            exitWithCleanUsage();
        } else if (arg[0] == '-') {
            const char *name = arg + 1;
            size_t n = strcspn(name, "=");
            fprintf(stderr, "flag provided but not defined: -%.*s\n", (int)n, name);
            exitWithCleanUsage();
        }
    }
    if (!cleanFuzzcache) {
        return 0;
    }
    char *dir;
    go_error *err = cacheDir(&dir);
    if (err == NULL) {
        char *fuzzDir = filepathJoin(dir, "fuzz");
        err = removeAll(fuzzDir);
        free(fuzzDir);
        free(dir);
    }
    if (err != NULL) {
        // Go: base.Errorf("go: %v", err)
        fprintf(stderr, "ctest: %s\n", go_error_Error(err));
        go_error_free(err);
        return 1;
    }
    return 0;
}
