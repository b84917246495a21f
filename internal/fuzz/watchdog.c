// Ports the timer of go1.19.8 src/internal/fuzz/worker.go's RunFuzzWorker
// (time.AfterFunc around each call, which panics "deadlocked!"). Go arms a
// timer per call; here one thread looks at the running call every 100 ms,
// so that a call makes no system call, and a hang is seen up to 200 ms
// past the limit. ctest's merge mode (mergerun.c) uses the same thread for
// its own timeout.
#include "internal/fuzz/watchdog.h"

#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal/std/std.h"

static void *watch(void *arg) {
    fuzz_watchdog *w = arg;
    // The call last seen running (its number in calls, which starts at 1),
    // and when it was first seen: it has run at least since then.
    // callStart alone could be older than the call.
    uint64_t seen = 0;
    int64_t seenAt = 0;
    for (;;) {
        struct timespec ts = { 0, 100 * 1000 * 1000 };
        nanosleep(&ts, NULL);
        if (w->tick != NULL) {
            w->tick();
        }
        if (fuzz_watchdog_callStart(w) == 0) {
            continue;
        }
        uint64_t calls = __atomic_load_n(&w->calls, __ATOMIC_RELAXED);
        int64_t now = time_now();
        if (calls != seen) {
            seen = calls;
            seenAt = now;
        }
        if (now - seenAt > w->limit) {
            if (w->hung != NULL) {
                w->hung();
            }
            if (write(2, w->msg, strlen(w->msg)) < 0) {
                // Exiting anyway.
            }
            _exit(2);
        }
    }
    return NULL;
}

void fuzz_watchdog_start(fuzz_watchdog *w) {
    pthread_t tid;
    if (pthread_create(&tid, NULL, watch, w) == 0) {
        pthread_detach(tid);
    }
}
