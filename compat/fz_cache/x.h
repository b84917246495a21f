#include <stdio.h>
#include <stdint.h>
void Y(FILE *w, const uint8_t *b, size_t n);
