// harness.c: the mujs harness: compiles the input as a script with
// js_ploadstring, which parses and compiles it into a function, and does
// not run it. A fresh state per input, so that no input depends on an
// earlier one; warnings are not printed.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mujs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef CTEST_PLANTED_BUGS
#include <stdbool.h>

#include "../planted.h"
#include "jsi.h"

void (*planted_failer)(const char *bug);

// planted_arguments holds mujs's planted bug, mujs-arguments: a script
// that compiles with a function, the script's own included, that reads
// an arguments object (or calls eval, which may) fails a check. It reads
// the compiled functions, which the script object that loading pushed
// holds.
static bool planted_arguments(const js_Function *F) {
    if (F->arguments) {
        return true;
    }
    for (int i = 0; i < F->funlen; i++) {
        if (planted_arguments(F->funtab[i])) {
            return true;
        }
    }
    return false;
}
#endif

static void quiet(js_State *J, const char *message) {
    (void)J;
    (void)message;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // The source is a C string: the input up to its first NUL byte.
    char *source = malloc(size + 1);
    if (source == NULL) {
        return 0;
    }
    memcpy(source, data, size);
    source[size] = '\0';
#ifdef CTEST_PLANTED_BUGS
    bool arguments = false;
#endif
    js_State *J = js_newstate(NULL, NULL, 0);
    if (J != NULL) {
        js_setreport(J, quiet);
#ifdef CTEST_PLANTED_BUGS
        arguments = js_ploadstring(J, "fuzz", source) == 0 &&
                    planted_arguments(js_toobject(J, -1)->u.f.function);
#else
        js_ploadstring(J, "fuzz", source);
#endif
        js_freestate(J);
    }
    free(source);
#ifdef CTEST_PLANTED_BUGS
    if (arguments) {
        planted_fail("mujs-arguments");
    }
#endif
    return 0;
}
