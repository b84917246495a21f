// harness.c: the inih harness: parses the input with ini_parse_string and
// a handler that reads every section, name and value it is given.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ini.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef CTEST_PLANTED_BUGS
#include "../planted.h"

void (*planted_failer)(const char *bug);

// planted_check holds inih's two planted bugs, checked on each handler
// call. inih-null: a value equal to its section's name writes through a
// NULL pointer; it is reached from a "name = value" line and from the
// continuation line of a multi-line value, two calls of the handler from
// two places in ini_parse_stream, one cause. inih-overflow: a name of six
// bytes or more before any section header is copied into a buffer one
// byte short (a heap overflow, which ASan reports; the copy is read, so that
// the compiler keeps it).
static void planted_check(const char *section, const char *name, const char *value, size_t *total) {
    if (value != NULL && section[0] != '\0' && strcmp(value, section) == 0) {
        planted_hit("inih-null");
        int *volatile owner = NULL;
        *owner = 1;
    }
    size_t n = strlen(name);
    if (section[0] == '\0' && n >= 6) {
        planted_hit("inih-overflow");
        char *copy = malloc(n);
        if (copy != NULL) {
            memcpy(copy, name, n + 1);
            *total += strlen(copy);
            free(copy);
        }
    }
}
#endif

static int handler(void *user, const char *section, const char *name, const char *value) {
    size_t *total = user;
#ifdef CTEST_PLANTED_BUGS
    planted_check(section, name, value, total);
#endif
    *total += strlen(section) + strlen(name);
    // NULL only for a name without "=" or ":" under INI_ALLOW_NO_VALUE,
    // which is off by default.
    if (value != NULL) {
        *total += strlen(value);
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // The input is a C string: up to its first NUL byte.
    char *text = malloc(size + 1);
    if (text == NULL) {
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    size_t total = 0;
    ini_parse_string(text, handler, &total);
    free(text);
    return 0;
}
