#include <stdint.h>
static volatile uint64_t sink;
static uint64_t recurse(uint64_t n) { volatile char pad[256]; pad[0] = (char)n; sink += (uint64_t)pad[0]; return n == 0 ? 0 : recurse(n + 1) + sink; }
#include <testing/testing.h>

static void fuzzStackOverflow(T *t, bool b);

void FuzzStackOverflow(F *f) {
	f_add(f, GO_BOOL(false));
	f_fuzz(f, fuzzStackOverflow, GO_BOOL);
}

static void fuzzStackOverflow(T *t, bool b) {
	(void)t;
	if (b) {
		recurse(1);
	}
}
