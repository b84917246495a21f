#define _POSIX_C_SOURCE 200809L
#include <testing/testing.h>
#include <signal.h>
#include <unistd.h>
static void fuzzNonCrash(T *t, bool b);
static void fuzzKill(T *t, bool b);

void FuzzNonCrash(F *f) {
	f_fuzz(f, fuzzNonCrash, GO_BOOL);
}

static void fuzzNonCrash(T *t, bool b) {
	(void)t, (void)b;
	if (kill(getpid(), SIGTERM) != 0) {
		go_panic("kill");
	}
	// signal may not be received immediately. Wait for it.
	for (;;) pause();
}

void FuzzKill(F *f) {
	f_fuzz(f, fuzzKill, GO_BOOL);
}

static void fuzzKill(T *t, bool b) {
	(void)t, (void)b;
	if (kill(getpid(), SIGKILL) != 0) {
		go_panic("kill");
	}
	// signal may not be received immediately. Wait for it.
	for (;;) pause();
}
