#include <string.h>
const char *Reverse(char *s);
const char *Reverse(char *s) {
	for (size_t i = 0, j = strlen(s); i + 1 < j; i++, j--) {
		char c = s[i]; s[i] = s[j - 1]; s[j - 1] = c;
	}
	return s;
}
