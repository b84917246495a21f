// kv.c: a parser of "key=value" lines, with a planted bug: a value of
// exactly outsize bytes is written one byte past out.
#include "kv.h"

#include <string.h>

int kv_value(const char *text, size_t n, const char *key, char *out, size_t outsize) {
    size_t klen = strlen(key);
    size_t i = 0;
    while (i < n) {
        size_t end = i;
        while (end < n && text[end] != '\n') {
            end++;
        }
        if (end - i > klen && memcmp(text + i, key, klen) == 0 && text[i + klen] == '=') {
            size_t vlen = end - i - klen - 1;
            if (vlen > outsize) { // the bug: should be >=, for the NUL
                return -1;
            }
            memcpy(out, text + i + klen + 1, vlen);
            out[vlen] = '\0';
            return (int)vlen;
        }
        i = end + 1;
    }
    return -1;
}
