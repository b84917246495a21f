#include "word.h"

#include <string.h>

int word_check(const char *s) {
    size_t n = strlen(s);
    if (n >= 6 && strncmp(s, "fuzz", 4) == 0 && s[n - 1] == '!') {
        return -1; // the planted bug
    }
    return 0;
}
