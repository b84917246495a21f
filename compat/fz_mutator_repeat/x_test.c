#include <testing/testing.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static void fuzzRepeat(T *t, go_bytes b);
static char *readFile(const char *name, size_t *n);

static int i = 0;

void FuzzRepeat(F *f) {
	f_fuzz(f, fuzzRepeat, GO_BYTES);
}

static void fuzzRepeat(T *t, go_bytes b) {
	i++;
	if (i == 100) {
		FILE *f = fopen("want", "wx");
		if (f == NULL) {
			// Couldn't create the file. Return without crashing, and try
			// again.
			i--;
			t_skip(t, strerror(errno));
		}
		if (fwrite(b.ptr, 1, b.len, f) != b.len) {
			// We already created the file, so if we failed to write it
			// there's not much we can do. The test will fail anyway, but
			// at least make sure the error is logged to stdout.
			t_fatal(t, strerror(errno));
		}
		if (fclose(f) != 0) {
			t_fatal(t, strerror(errno));
		}
		exit(1); // crash without communicating
	}
	const char *name = getenv("WANT");
	if (name != NULL && name[0] != 0) {
		size_t n; char *want = readFile(name, &n);
		if (want == NULL) {
			t_fatal(t, strerror(errno));
		}
		if (!(n == b.len && memcmp(want, b.ptr, n) == 0)) {
			t_fatalf(t, "inputs are not equal!\n got: %.*s\nwant:%.*s", (int)b.len, (const char *)b.ptr, (int)n, want);
		}
		free(want);
	}
}

static char *readFile(const char *name, size_t *n) {
	FILE *f = fopen(name, "rb");
	if (f == NULL) return NULL;
	char *buf = malloc(1 << 20);
	*n = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}
