// The package that cover_e2e.sh measures: seven statements, of which the
// seed "x" runs two (the first if, and return 0).
#include <stddef.h>

int Classify(const char *s, size_t n) {
    if (n > 0 && s[0] == 'F') {
        if (n > 1 && s[1] == 'U') {
            if (n > 2 && s[2] == 'Z') {
                return 3;
            }
            return 2;
        }
        return 1;
    }
    return 0;
}
