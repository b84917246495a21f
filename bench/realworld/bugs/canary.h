// canary.h: (none) the canaries of the suite's re-introduced bugs
// (bench/realworld/bugs/<lib>-<name>/bug.patch), after Magma's: each patch
// puts back a bug a library once had, and marks, with these macros, where
// the buggy path is taken (BUG_REACHED) and the condition under which the
// bug really goes wrong (BUG_TRIGGERED). A triggered bug aborts, with a
// message naming it, before it corrupts anything, so that every engine
// reports it as a crash, with or without a sanitizer that would see it.
//
// What is recorded: the first time, in wall-clock nanoseconds, the bug was
// reached and triggered. With $BUG_CANARY_FILE set, in that file, shared by
// every process of a run (two little-endian int64: reached, triggered; 0
// until then), which each process maps as it starts, before a fork server
// forks from it; once a time is there, a canary costs a load and a
// compare. Each process also says "bug canary: <bug> reached" once on
// stderr, when it is the first to reach it, and "bug canary: <bug>
// triggered" as it aborts.
//
// Built with -DBUG_CANARY_NO_ABORT, a triggered bug is recorded and the
// process goes on into the bug, to see what a sanitizer makes of it.
//
// The patches include this header by name; bugs.sh puts its directory on
// the include path.
#ifndef BUG_CANARY_H
#define BUG_CANARY_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

// canary_times is the shared record (NULL without $BUG_CANARY_FILE);
// canary_seen the process's own: bit 0 reached, bit 1 triggered.
static int64_t *canary_times;
static int canary_seen;

__attribute__((constructor)) static void canary_open(void) {
    const char *path = getenv("BUG_CANARY_FILE");
    if (path == NULL || path[0] == '\0') {
        return;
    }
    int fd = open(path, O_RDWR | O_CREAT, 0644);
    if (fd < 0) {
        return;
    }
    off_t size = lseek(fd, 0, SEEK_END);
    if (size >= (off_t)(2 * sizeof(int64_t)) || ftruncate(fd, 2 * sizeof(int64_t)) == 0) {
        void *p = mmap(NULL, 2 * sizeof(int64_t), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (p != MAP_FAILED) {
            canary_times = p;
        }
    }
    close(fd);
}

// canary_note records event slot (0 reached, 1 triggered) of bug once: in
// the shared record if no process has yet, and on stderr if this one is
// the first.
static inline void canary_note(int slot, const char *bug) {
    canary_seen |= 1 << slot;
    if (canary_times != NULL && __atomic_load_n(&canary_times[slot], __ATOMIC_RELAXED) != 0) {
        if (slot == 1) {
            fprintf(stderr, "bug canary: %s triggered\n", bug);
        }
        return;
    }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    int64_t now = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec, zero = 0;
    if (canary_times != NULL) {
        __atomic_compare_exchange_n(&canary_times[slot], &zero, now, 0, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED);
    }
    fprintf(stderr, "bug canary: %s %s\n", bug, slot == 0 ? "reached" : "triggered");
}

#ifdef BUG_CANARY_NO_ABORT
static inline void canary_abort(void) {
}
#else
static inline void canary_abort(void) {
    abort();
}
#endif

// BUG_REACHED(bug): the buggy path is taken here.
#define BUG_REACHED(bug)                                                                           \
    do {                                                                                           \
        if ((canary_seen & 1) == 0) {                                                              \
            canary_note(0, (bug));                                                                 \
        }                                                                                          \
    } while (0)

// BUG_TRIGGERED(bug, cond): cond says the bug goes wrong now; it is
// recorded and the process aborts.
#define BUG_TRIGGERED(bug, cond)                                                                   \
    do {                                                                                           \
        if (cond) {                                                                                \
            BUG_REACHED(bug);                                                                      \
            canary_note(1, (bug));                                                                 \
            canary_abort();                                                                        \
        }                                                                                          \
    } while (0)

#endif
