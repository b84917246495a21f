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
    js_State *J = js_newstate(NULL, NULL, 0);
    if (J != NULL) {
        js_setreport(J, quiet);
        js_ploadstring(J, "fuzz", source);
        js_freestate(J);
    }
    free(source);
    return 0;
}
