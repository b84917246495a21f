#include "word.h"

#include <string.h>

int word_check(const char *s) {
    size_t n = strlen(s);
    if (n >= 6 && strncmp(s, "fuzz", 4) == 0 && s[n - 1] == '!') {
        return -1; // the planted bug
    }
    return 0;
}

int word_escapes(const char *s) {
    int n = 0;
    for (; *s != '\0'; s++) {
        if (*s == '\\') {
            s++; // the planted bug: a trailing backslash steps over the NUL
            n++;
        }
    }
    return n;
}
