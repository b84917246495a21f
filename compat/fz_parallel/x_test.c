#define _POSIX_C_SOURCE 200809L
#include <testing/testing.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static uint8_t vals[] = { 'a', 'b', 'c' };
static void seedCleanup(void *arg), fuzzSeed(T *t, go_bytes b);
static void fuzzMutate(T *t, go_bytes b);
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static char before[64], after[64]; static size_t nbefore, nafter;
void FuzzSeed(F *f) {
	for (size_t i = 0; i < sizeof vals; i++) {
		f_add(f, GO_BYTES_N(&vals[i], 1));
	}
	f_cleanup(f, seedCleanup, NULL);
	f_fuzz(f, fuzzSeed, GO_BYTES);
}

static int cmp(const void *a, const void *b) { return *(const char *)a - *(const char *)b; }
static void seedCleanup(void *arg) {
	(void)arg;
	qsort(after, nafter, 1, cmp);
	char got[128];
	snprintf(got, sizeof got, "%.*s%.*s", (int)nbefore, before, (int)nafter, after);
	if (strcmp(got, "abcabc") != 0) {
		go_panic("got %s; want abcabc", got);
	}
}
static void fuzzSeed(T *t, go_bytes b) {
	memcpy(before + nbefore, b.ptr, b.len), nbefore += b.len;
	t_parallel(t);
	pthread_mutex_lock(&mu);
	memcpy(after + nafter, b.ptr, b.len), nafter += b.len;
	pthread_mutex_unlock(&mu);
}
void FuzzMutate(F *f) {
	f_fuzz(f, fuzzMutate, GO_BYTES);
}

static void fuzzMutate(T *t, go_bytes b) {
	(void)b, t_parallel(t);
	t_error(t, "after T.Parallel");
}
