#define _POSIX_C_SOURCE 200809L
#include <testing/testing.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
static long n = 0;
static bool touch(const char *dir);
static void fuzzTestCount(T *t, go_bytes b);
static void fuzzMinimizeCount(T *t, go_bytes b);

void FuzzTestCount(F *f) {
	f_fuzz(f, fuzzTestCount, GO_BYTES);
}

static void fuzzTestCount(T *t, go_bytes b) {
	(void)b;
	if (!touch("count")) {
		t_fatal(t, strerror(errno));
	}
	n++;
}

static uint8_t seed[357];
static bool crashFound = false;

void FuzzMinimizeCount(F *f) {
	f_add(f, GO_BYTES_N(seed, sizeof seed));
	f_fuzz(f, fuzzMinimizeCount, GO_BYTES);
}

static void fuzzMinimizeCount(T *t, go_bytes b) {
	if (crashFound) {
		(void)0;
		if (!touch("minimizecount")) {
			t_fatal(t, strerror(errno));
		}
		n++;
	}
	if (!(b.len == sizeof seed && memcmp(b.ptr, seed, sizeof seed) == 0)) { // this should happen right away
		crashFound = true;
		t_error(t, "minimize this!");
	}
}

// touch creates dir/$pid.$n, as Go's os.WriteFile(name, nil, 0666).
static bool touch(const char *dir) {
	char name[256];
	snprintf(name, sizeof name, "%s/%ld.%ld", dir, (long)getpid(), n);
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0) {
		return false;
	}
	close(fd);
	return true;
}

__attribute__((constructor)) static void initSeed(void) { memset(seed, 'a', sizeof seed); }
