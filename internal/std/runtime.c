// Ports (none): stands in for Go's runtime: allocation that never returns nil
// (runtime/malloc.go's "out of memory" throw) and the built-in panic with its
// default report (runtime/panic.go printpanics, then the goroutine trace).
//
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"

_Static_assert(sizeof(void *) == 8, "ctest needs a 64-bit platform (Go fuzzes on amd64, arm64)");

// outOfMemory is the runtime's throw("out of memory"): Go prints this line
// and exits 2 without unwinding, so do we.
static _Noreturn void outOfMemory(void) {
    fputs("fatal error: runtime: out of memory\n", stderr);
    exit(2);
}

// mallocs is runtime_Mallocs: per thread, so counting costs no atomic.
static _Thread_local uint64_t mallocs;

uint64_t runtime_Mallocs(void) {
    return mallocs;
}

void *runtime_malloc(size_t n) {
    mallocs++;
    // malloc(0) may return NULL; Go's make([]T, 0) never fails.
    void *p = malloc(n == 0 ? 1 : n);
    if (p == NULL) {
        outOfMemory();
    }
    return p;
}

void *runtime_calloc(size_t count, size_t size) {
    if (count == 0 || size == 0) {
        count = 1;
        size = 1;
    }
    mallocs++;
    // calloc itself checks count*size for overflow and returns NULL.
    void *p = calloc(count, size);
    if (p == NULL) {
        outOfMemory();
    }
    return p;
}

void *runtime_realloc(void *p, size_t n) {
    mallocs++;
    void *q = realloc(p, n == 0 ? 1 : n);
    if (q == NULL) {
        outOfMemory();
    }
    return q;
}

char *runtime_strdup(const char *s) {
    size_t n = strlen(s);
    char *d = runtime_malloc(n + 1);
    memcpy(d, s, n + 1);
    return d;
}

char *runtime_strndup(const char *s, size_t n) {
    // An empty Go string may have no bytes behind it: s may be NULL when n
    // is 0, which memchr and memcpy must not be given.
    if (n == 0) {
        return runtime_strdup("");
    }
    // Like strndup, stop at a NUL within the first n bytes.
    const char *nul = memchr(s, '\0', n);
    if (nul != NULL) {
        n = (size_t)(nul - s);
    }
    char *d = runtime_malloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *runtime_vsprintf(const char *format, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, format, ap2);
    va_end(ap2);
    if (n < 0) {
        // Only an invalid format or a result over INT_MAX gets here; Go's
        // Sprintf would have produced something, so say what went wrong.
        return runtime_strdup("%!(BADFORMAT)");
    }
    char *s = runtime_malloc((size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, format, ap);
    return s;
}

char *runtime_sprintf(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *s = runtime_vsprintf(format, ap);
    va_end(ap);
    return s;
}

// panicHandler and panicCtx are the calling thread's recover point: Go's
// panics unwind only their own goroutine's stack, so each thread (each
// running test) has its own.
static _Thread_local runtime_PanicHandler panicHandler;
static _Thread_local void *panicCtx;
// panicMsg is the message of this thread's last panic, handed to the handler
// as a borrowed string: the handler does not return (it longjmps), so it
// cannot free it; the next panic or runtime_setPanicHandler on this thread
// does.
static _Thread_local char *panicMsg;

void runtime_setPanicHandler(runtime_PanicHandler h, void *ctx) {
    // The fuzz loop sets a handler per execution: no free(NULL) there.
    if (panicMsg != NULL) {
        free(panicMsg);
        panicMsg = NULL;
    }
    panicHandler = h;
    panicCtx = ctx;
}

runtime_PanicHandler runtime_getPanicHandler(void **ctx) {
    *ctx = panicCtx;
    return panicHandler;
}

// panicFile and panicAt are where this thread's last panic was raised.
static _Thread_local const char *panicFile;
static _Thread_local int panicAt;

void runtime_panicLine(const char **file, int *line) {
    *file = panicFile;
    *line = panicAt;
}

_Noreturn void runtime_gopanic(const char *file, int line, const char *format, ...) {
    panicFile = file;
    panicAt = line;
    va_list ap;
    va_start(ap, format);
    char *msg = runtime_vsprintf(format, ap);
    va_end(ap);

    if (panicHandler != NULL) {
        free(panicMsg);
        panicMsg = msg;
        panicHandler(panicCtx, msg);
        // A handler that returns would let the panicking code run on.
        fputs("fatal error: runtime: panic handler returned\n", stderr);
        exit(2);
    }

    // No recover point: print what Go's runtime prints for an unrecovered
    // panic and exit 2. stdout is flushed by exit, as Go's (unbuffered)
    // stdout would already be written.
    // ctest: there is no goroutine trace; the frame is the panic's file:line.
    fflush(stdout);
    fprintf(stderr, "panic: %s\n\ngoroutine 1 [running]:\nmain.main()\n\t%s:%d\n", msg, file, line);
    free(msg);
    exit(2);
}
