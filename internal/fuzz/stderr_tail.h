// stderr_tail.h: the end of a worker process's stderr (stderr_tail.c).
#ifndef CTEST_INTERNAL_FUZZ_STDERR_TAIL_H
#define CTEST_INTERNAL_FUZZ_STDERR_TAIL_H

#include <stdbool.h>
#include <stdint.h>

// stderrTailSize is how much of a worker process's stderr the coordinator
// keeps: the last 64 KiB, enough for a sanitizer report.
enum { stderrTailSize = 64 << 10 };

// tailBuf is a ring buffer holding the last stderrTailSize bytes written.
// Zero is empty; free(data) releases it.
typedef struct tailBuf {
    char *data;     // stderrTailSize bytes, allocated on the first write
    uint64_t total; // bytes written so far; the next goes at total % size
} tailBuf;

// fuzz_readTail reads what fd has into b without blocking (fd is
// non-blocking); it returns true at EOF or on an error other than EAGAIN.
bool fuzz_readTail(int fd, tailBuf *b);
// fuzz_withStderr is msg followed, if the process said anything on stderr,
// by a newline and its last output. It takes msg; the caller frees the
// result. ctest: Go's workers' output goes to /dev/null.
char *fuzz_withStderr(char *msg, const tailBuf *b);
// fuzz_exitMsg is "prefix: <how the process ended>" and its stderr's end.
// The caller frees it.
char *fuzz_exitMsg(const char *prefix, int status, const tailBuf *tail);

#endif // CTEST_INTERNAL_FUZZ_STDERR_TAIL_H
