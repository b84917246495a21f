// harness.c: the inih harness: parses the input with ini_parse_string and
// a handler that reads every section, name and value it is given.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ini.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int handler(void *user, const char *section, const char *name, const char *value) {
    size_t *total = user;
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
