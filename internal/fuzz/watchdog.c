// Ports the timer of go1.19.8 src/internal/fuzz/worker.go's RunFuzzWorker
// (time.AfterFunc around each call, which panics "deadlocked!"). Go arms a
// timer per call; here one thread looks at the call's start every 100 ms,
// so that a call makes no system call. ctest's merge mode (mergerun.c)
// uses the same thread for its own timeout.
#include "internal/fuzz/watchdog.h"

#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal/std/std.h"

static void *watch(void *arg) {
    fuzz_watchdog *w = arg;
    for (;;) {
        struct timespec ts = { 0, 100 * 1000 * 1000 };
        nanosleep(&ts, NULL);
        if (w->tick != NULL) {
            w->tick();
        }
        int64_t start = fuzz_watchdog_callStart(w);
        if (start != 0 && time_now() - start > w->limit) {
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
