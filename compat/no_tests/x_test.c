#include <testing/testing.h>
#include <string.h>
const char *Reverse(char *s);
void helper(T *t);
void helper(T *t) { char s[] = "ab";
	if (strcmp(Reverse(s), "ba") != 0) {
		t_error(t, "Reverse");
	}
}
