#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include "x.h"

// Y is Go's Y(io.Discard, b): it writes to a sink unless b is "y".
void Y(FILE *w, const uint8_t *b, size_t n) {
	if (!(n == 1 && b[0] == 'y')) {
		fputs("not equal", w);
	}
}
