#include <testing/testing.h>
#include <stdio.h>
#include "x.h"
static void fuzzEmpty(T *t, go_bytes b);
static void fuzzY(T *t, go_bytes b);


void FuzzEmpty(F *f) {
	f_fuzz(f, fuzzEmpty, GO_BYTES);
}

static void fuzzEmpty(T *t, go_bytes b) { (void)t, (void)b; }

void FuzzY(F *f) {
	f_add(f, GO_BYTES("y"));
	f_fuzz(f, fuzzY, GO_BYTES);
}

static FILE *discard;
static void fuzzY(T *t, go_bytes b) {
	(void)t;
	if (discard == NULL) discard = fopen("/dev/null", "w");
	Y(discard, b.ptr, b.len);
}
