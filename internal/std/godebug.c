// godebug.c: ports go1.19.8 src/internal/godebug/godebug.go, which parses
// the GODEBUG environment variable.
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"

const char *godebug_get(const char *s, const char *key, size_t *n) {
    size_t slen = strlen(s), klen = strlen(key);
    // Go: for i := 0; i < len(s)-len(key)-1; i++ (int arithmetic).
    for (size_t i = 0; i + klen + 1 < slen; i++) {
        if (i > 0 && s[i - 1] != ',') {
            continue;
        }
        const char *afterKey = s + i + klen;
        if (afterKey[0] != '=' || memcmp(s + i, key, klen) != 0) {
            continue;
        }
        const char *val = afterKey + 1;
        const char *comma = strchr(val, ',');
        *n = comma != NULL ? (size_t)(comma - val) : strlen(val);
        return val;
    }
    *n = 0;
    return "";
}

const char *godebug_Get(const char *key, size_t *n) {
    const char *s = getenv("GODEBUG");
    return godebug_get(s != NULL ? s : "", key, n);
}
