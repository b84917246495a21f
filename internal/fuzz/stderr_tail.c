// (none) the end of what a worker process writes to stderr, kept by the
// coordinator for the crash's message. ctest: Go sends its workers' output
// to /dev/null; a sanitizer's report or an assertion's text is what a C
// crash says about itself.
#include "internal/fuzz/stderr_tail.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/fuzz/sys_posix.h"

static void tailBuf_write(tailBuf *b, const char *p, size_t n) {
    if (b->data == NULL) {
        b->data = runtime_malloc(stderrTailSize);
    }
    if (n > stderrTailSize) {
        b->total += n - stderrTailSize;
        p += n - stderrTailSize;
        n = stderrTailSize;
    }
    size_t at = (size_t)(b->total % stderrTailSize);
    size_t first = n < stderrTailSize - at ? n : stderrTailSize - at;
    memcpy(b->data + at, p, first);
    memcpy(b->data, p + first, n - first);
    b->total += n;
}

// tailBuf_string is what b holds, without its trailing newlines; when
// older output was dropped, "...", a newline and the lines after the first
// cut one. The caller frees.
static char *tailBuf_string(const tailBuf *b) {
    size_t n = b->total < stderrTailSize ? (size_t)b->total : stderrTailSize;
    char *s = runtime_malloc(n + 5);
    size_t o = 0, skip = 0;
    size_t start = b->total < stderrTailSize ? 0 : (size_t)(b->total % stderrTailSize);
    if (b->total > stderrTailSize) {
        memcpy(s, "...\n", 4);
        o = 4;
        // Drop the partial first line.
        while (skip < n && b->data[(start + skip) % stderrTailSize] != '\n') {
            skip++;
        }
        skip++;
    }
    for (size_t i = skip; i < n; i++) {
        s[o++] = b->data[(start + i) % stderrTailSize];
    }
    while (o > 0 && s[o - 1] == '\n') {
        o--;
    }
    s[o] = '\0';
    return s;
}

// fuzz_readTail reads what fd has into b without blocking (fd is non-blocking);
// it returns true at EOF or on an error other than EAGAIN.
bool fuzz_readTail(int fd, tailBuf *b) {
    char buf[4096];
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r > 0) {
            tailBuf_write(b, buf, (size_t)r);
            continue;
        }
        if (r < 0 && errno == EINTR) {
            continue;
        }
        return !(r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
    }
}

// fuzz_withStderr is msg followed, if the process said anything on stderr, by a
// newline and its last output. It takes msg; the caller frees the result.
// ctest: Go's workers' output goes to /dev/null.
char *fuzz_withStderr(char *msg, const tailBuf *b) {
    if (b->total == 0) {
        return msg;
    }
    char *tail = tailBuf_string(b);
    if (tail[0] == '\0') {
        free(tail);
        return msg;
    }
    char *s = runtime_sprintf("%s\n%s", msg, tail);
    free(tail);
    free(msg);
    return s;
}

// fuzz_exitMsg is "prefix: <how the process ended>" and its stderr's end.
char *fuzz_exitMsg(const char *prefix, int status, const tailBuf *tail) {
    char *s = fuzz_exitStatusString(status);
    char *msg = runtime_sprintf("%s: %s", prefix, s);
    free(s);
    return fuzz_withStderr(msg, tail);
}
