// (none) ctest's own, for -test.fuzzkeepgoing: the distinct crashes a run
// has found, each with the crasher written for it, printed as each is found
// and handed to package testing at the end for its summary.
#include "internal/fuzz/crashes.h"

#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"

crashRecord *fuzz_crashList_find(crashList *l, const char *key) {
    for (size_t i = 0; i < l->len; i++) {
        if (strcmp(l->items[i].sig.key, key) == 0) {
            return &l->items[i];
        }
    }
    return NULL;
}

crashRecord *fuzz_crashList_add(crashList *l, crashSig *sig, const char *path, const char *msg) {
    if (l->len == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->items = runtime_realloc(l->items, l->cap * sizeof *l->items);
    }
    crashRecord *r = &l->items[l->len++];
    r->sig = *sig;
    *sig = (crashSig){ 0 };
    r->path = runtime_strdup(path);
    r->msg = runtime_strdup(msg != NULL ? msg : "");
    r->count = 1;
    r->seed = false;
    return r;
}

void fuzz_crashList_free(crashList *l) {
    for (size_t i = 0; i < l->len; i++) {
        fuzz_crashSig_clear(&l->items[i].sig);
        free(l->items[i].path);
        free(l->items[i].msg);
    }
    free(l->items);
    *l = (crashList){ 0 };
}

void fuzz_crashList_report(FILE *log, const char *elapsed, const crashList *l,
                           const crashRecord *r) {
    fprintf(log, "fuzz: elapsed: %s, crash %zu: %s\n", elapsed, (size_t)(r - l->items) + 1,
            r->sig.title);
    // The message as the test's failure would show it, indented under the
    // line above.
    const char *s = r->msg;
    while (*s != '\0') {
        const char *e = strchr(s, '\n');
        size_t n = e != NULL ? (size_t)(e - s) : strlen(s);
        fprintf(log, n > 0 ? "    %.*s\n" : "%.*s\n", (int)n, s);
        s += n + (e != NULL);
    }
    fprintf(log, "    Failing input written to %s\n", r->path);
    fflush(log);
}

static void crashesFree(void *payload) {
    crashList *l = payload;
    fuzz_crashList_free(l);
    free(l);
}

const go_errorType fuzz_crashesErrorType = { "*fuzz.crashesError", crashesFree };

go_error *fuzz_newCrashesError(crashList *l) {
    crashList *owned = runtime_malloc(sizeof *owned);
    *owned = *l;
    *l = (crashList){ 0 };
    char *msg = runtime_sprintf("fuzzing found %zu distinct crash%s", owned->len,
                                owned->len == 1 ? "" : "es");
    go_error *err = errors_NewTyped(&fuzz_crashesErrorType, owned, NULL, msg);
    free(msg);
    return err;
}
