// fault_test.c: the fuzz targets of faults_e2e.sh, each one way for the
// engine's surroundings to fail: a target that keeps finding new inputs
// (so that the cache is written while a process is killed), a fuzz
// function that ends its process with exit(0) or closes every descriptor,
// a crash whose inputs are slow to minimize (so that a signal can land
// during minimization), and a fuzz function that writes the flags of the
// worker's shared memory before it crashes.
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testing/testing.h"

// grow: 256 branches, one for each pair of low nibbles of the first two
// bytes, each its own code: new inputs keep coming for the first seconds,
// so that the cache is being written while a process is killed.
static volatile unsigned growSink;
// clang-format off
#define GROW_INNER(o, i) case i: growSink += (o) * 16 + (i); break;
#define GROW_OUTER(o)                                                                              \
    case o:                                                                                        \
        switch (b.ptr[1] & 15) {                                                                   \
            GROW_INNER(o, 0) GROW_INNER(o, 1) GROW_INNER(o, 2) GROW_INNER(o, 3)                   \
            GROW_INNER(o, 4) GROW_INNER(o, 5) GROW_INNER(o, 6) GROW_INNER(o, 7)                   \
            GROW_INNER(o, 8) GROW_INNER(o, 9) GROW_INNER(o, 10) GROW_INNER(o, 11)                 \
            GROW_INNER(o, 12) GROW_INNER(o, 13) GROW_INNER(o, 14) GROW_INNER(o, 15)               \
        }                                                                                          \
        break;

static void grow(T *t, go_bytes b) {
    (void)t;
    if (b.len < 2) {
        return;
    }
    switch (b.ptr[0] & 15) {
        GROW_OUTER(0) GROW_OUTER(1) GROW_OUTER(2) GROW_OUTER(3)
        GROW_OUTER(4) GROW_OUTER(5) GROW_OUTER(6) GROW_OUTER(7)
        GROW_OUTER(8) GROW_OUTER(9) GROW_OUTER(10) GROW_OUTER(11)
        GROW_OUTER(12) GROW_OUTER(13) GROW_OUTER(14) GROW_OUTER(15)
    }
}
// clang-format on

void FuzzGrow(F *f) {
    f_add(f, GO_BYTES("seed"));
    f_fuzz(f, grow, GO_BYTES);
}

// quit: an input that starts with "q" ends the worker's process with
// status 0, as a library that calls exit() would.
static void quit(T *t, go_bytes b) {
    (void)t;
    if (b.len >= 1 && b.ptr[0] == 'q') {
        exit(0);
    }
}

void FuzzExit(F *f) {
    f_add(f, GO_BYTES("seed"));
    f_fuzz(f, quit, GO_BYTES);
}

// closeAll: an input that starts with "c" closes every descriptor of the
// worker's process, its pipes to the coordinator among them.
static void closeAll(T *t, go_bytes b) {
    (void)t;
    if (b.len >= 1 && b.ptr[0] == 'c') {
        for (int fd = 0; fd < 1024; fd++) {
            close(fd);
        }
    }
}

void FuzzCloseFds(F *f) {
    f_add(f, GO_BYTES("seed"));
    f_fuzz(f, closeAll, GO_BYTES);
}

// slowCrash: an input of 64 bytes or more with an "x" in it panics; a
// shorter one sleeps 20 ms. Fuzzing, from a seed of 100 bytes, finds the
// crash at once, and minimizing it then goes slowly, candidate after
// short candidate, long enough for a signal to land meanwhile.
static void slowCrash(T *t, go_bytes b) {
    (void)t;
    if (b.len < 64) {
        struct timespec ts = { 0, 20 * 1000 * 1000 };
        nanosleep(&ts, NULL);
        return;
    }
    if (memchr(b.ptr, 'x', b.len) != NULL) {
        go_panic("slow crash of %zu bytes", b.len);
    }
}

void FuzzSlowCrash(F *f) {
    f_add(f,
          GO_BYTES(
                  "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"));
    f_fuzz(f, slowCrash, GO_BYTES);
}

// tamper: an input that starts with "T" sets a flag in the header of the
// worker's shared memory (the file fuzz-XXXXXX the worker has open), which
// CTEST_TAMPER names, then aborts: a crash that must be reported whatever
// the flag says. The offsets are sharedMemHeader's (TestSharedMemHeaderLayout
// in internal/fuzz checks them).
static void tamper(T *t, go_bytes b) {
    (void)t;
    if (b.len < 1 || b.ptr[0] != 'T') {
        return;
    }
    const char *which = getenv("CTEST_TAMPER");
    off_t at = which == NULL                     ? -1
               : strcmp(which, "hung") == 0      ? 41
               : strcmp(which, "engine") == 0    ? 42
               : strcmp(which, "interrupt") == 0 ? 43
                                                 : -1;
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;
    while (at >= 0 && d != NULL && (e = readdir(d)) != NULL) {
        char path[64], link[4096];
        snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
        ssize_t n = readlink(path, link, sizeof link - 1);
        if (n > 0) {
            link[n] = '\0';
            if (strstr(link, "/fuzz-") != NULL && pwrite(atoi(e->d_name), "\1", 1, at) != 1) {
                go_panic("pwrite %s", link);
            }
        }
    }
    if (d != NULL) {
        closedir(d);
    }
    abort();
}

void FuzzTamper(F *f) {
    f_add(f, GO_BYTES("seed"));
    f_fuzz(f, tamper, GO_BYTES);
}
