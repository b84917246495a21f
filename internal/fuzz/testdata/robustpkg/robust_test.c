// Fuzz tests that once broke the engine rather than the code under test;
// robust_e2e.sh fuzzes each and checks that the engine holds.
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <testing/testing.h>
#include <time.h>
#include <unistd.h>

static void nop(T *t, go_bytes b) {
    (void)t;
    (void)b;
}

// FuzzShrink: a long seed, then a short one. The length control gives the
// short one a smaller limit than the buffers the long one left behind.
void FuzzShrink(F *f) {
    static uint8_t big[600];
    memset(big, 'x', sizeof big);
    f_add(f, GO_BYTES("abc"));
    f_add(f, GO_BYTES_N(big, sizeof big));
    f_fuzz(f, nop, GO_BYTES);
}

// FuzzRPCLine writes a whole line that is not an answer on the worker's
// RPC pipe (fd 4), once, and goes on fuzzing.
static void rpcLine(T *t, go_bytes b) {
    (void)t;
    (void)b;
    static bool done;
    if (!done) {
        done = true;
        if (write(4, "{not json}\n", 11) != 11) {
            t_fatal(t, "write to fd 4 failed");
        }
    }
}

void FuzzRPCLine(F *f) {
    f_fuzz(f, rpcLine, GO_BYTES);
}

// leaveChild forks a child that sleeps for half a minute, holding every fd
// the worker has, and notes its pid in children.pids for the script to
// kill.
static void leaveChild(void) {
    pid_t pid = fork();
    if (pid == 0) {
        sleep(30);
        _exit(0);
    }
    FILE *f = fopen("children.pids", "a");
    if (f != NULL) {
        fprintf(f, "%d\n", (int)pid);
        fclose(f);
    }
}

// FuzzForkSleep leaves a child behind that holds every inherited fd
// (the worker's pipes among them) for a minute.
static void forkSleep(T *t, go_bytes b) {
    (void)t;
    static bool done;
    if (!done) {
        done = true;
        leaveChild();
    }
    (void)b;
}

void FuzzForkSleep(F *f) {
    f_fuzz(f, forkSleep, GO_BYTES);
}

// FuzzForkAbort leaves such a child behind, then aborts on any input
// longer than one byte.
static void forkAbort(T *t, go_bytes b) {
    (void)t;
    static bool done;
    if (!done) {
        done = true;
        leaveChild();
    }
    if (b.len > 1) {
        abort();
    }
}

void FuzzForkAbort(F *f) {
    f_add(f, GO_BYTES("a"));
    f_fuzz(f, forkAbort, GO_BYTES);
}

// FuzzSlowTrim: every execution costs 50 microseconds, and four branches
// need a long input with a byte set far into it, so no single byte of a
// new interesting input can go: minimizing it as Go does (byte by byte,
// then every range of bytes, up to -fuzzminimizetime) keeps a lone worker
// from fuzzing for most of a short run.
static volatile int slowSink;

static void slowTrim(T *t, go_bytes b) {
    (void)t;
    struct timespec ts = { 0, 50 * 1000 };
    nanosleep(&ts, NULL);
    static const size_t at[] = { 499, 599, 699, 799 };
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        if (b.len > at[i] && b.ptr[at[i]] != 0) {
            slowSink++;
        }
    }
}

void FuzzSlowTrim(F *f) {
    static uint8_t seed[1000];
    f_add(f, GO_BYTES_N(seed, sizeof seed));
    f_fuzz(f, slowTrim, GO_BYTES);
}

// FuzzUnwritable fails on an input that starts with 'Z'; robust_e2e.sh
// puts a file where its testdata directory would go, so the crasher
// cannot be written.
static void failOnZ(T *t, go_bytes b) {
    if (b.len > 0 && b.ptr[0] == 'Z') {
        t_fatal(t, "an input that starts with Z");
    }
}

void FuzzUnwritable(F *f) {
    f_add(f, GO_BYTES("abc"));
    f_fuzz(f, failOnZ, GO_BYTES);
}

// FuzzSlowCrash: an abort on any input holding an 'X', 100 ms after the
// call starts. Minimizing the crasher runs each candidate in a new
// process, for far longer than a short -fuzztime, which must still end
// the run on time, as Go's ends minimizing at -fuzztime's end.
static void slowCrash(T *t, go_bytes b) {
    (void)t;
    if (b.len > 0 && memchr(b.ptr, 'X', b.len) != NULL) {
        struct timespec ts = { 0, 100 * 1000 * 1000 };
        nanosleep(&ts, NULL);
        abort();
    }
}

void FuzzSlowCrash(F *f) {
    static uint8_t seed[300];
    f_add(f, GO_BYTES_N(seed, sizeof seed));
    f_fuzz(f, slowCrash, GO_BYTES);
}
