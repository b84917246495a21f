// (none) ctest's own, with -test.fuzzcmp: the token dictionary, words the
// mutator writes into []byte and string values. Go's mutator has none.
// The words come from a dictionary file in the format of libFuzzer's -dict
// and AFL's -x, and from the string constants of the package's own code
// (the driver collects them when it builds the test binary: a parser's
// keywords are there, and a keyword that is looked up in a table, as Lua
// and mujs do, is never a comparison operand for trace.c to record).
//
// The dictionary is fixed for the run and the same in the coordinator and
// in every worker, so the coordinator replays a worker's mutations.
#include "internal/fuzz/tokens.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/fuzz.h"
#include "internal/fuzz/mutator.h"
#include "internal/std/std.h"

bool fuzz_tokenMutateBytes(mutator *m, byteSlice *b) {
    const tokenDict *d = m->tokens;
    const tokenWord *w = &d->words[fuzz_mutator_rand(m, (go_int)d->n)];
    return fuzz_dictWrite(m, b, NULL, 0, w->b, w->len);
}

// processTokens is the run's dictionary: the driver's words and the
// -test.fuzzdict file's.
static tokenDict processTokens;

void fuzz_AddTokens(const char *blob, size_t len) {
    const char *p = blob, *end = blob + len;
    while (p < end) {
        const char *nul = memchr(p, '\0', (size_t)(end - p));
        const char *e = nul != NULL ? nul : end;
        fuzz_tokenDict_add(&processTokens, (const uint8_t *)p, (size_t)(e - p));
        p = e + 1;
    }
}

go_error *fuzz_LoadDictFile(const char *path) {
    char *text;
    size_t n;
    go_error *err = os_ReadFile(path, &text, &n);
    if (err != NULL) {
        return err;
    }
    int line;
    const char *perr = fuzz_tokenDict_parse(&processTokens, text, n, &line);
    free(text);
    if (perr != NULL) {
        return fmt_Errorf(NULL, "%s:%d: %s", path, line, perr);
    }
    return NULL;
}

const tokenDict *fuzz_processTokens(void) {
    return processTokens.n > 0 ? &processTokens : NULL;
}
