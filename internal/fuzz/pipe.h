// pipe.h: messages over a pipe, one JSON value a line (pipe.c).
#ifndef CTEST_INTERNAL_FUZZ_PIPE_H
#define CTEST_INTERNAL_FUZZ_PIPE_H

#include <stddef.h>
#include <sys/types.h>

#include "internal/fuzz/fuzz.h"

// lineBuf collects bytes read from a pipe until a whole message (one line,
// as json.Encoder writes) is there.
typedef struct lineBuf {
    char *data;
    size_t len, cap;
    size_t start; // where the next message starts
} lineBuf;

// fuzz_writeAll writes n bytes to fd, retrying short writes and EINTR.
go_error *fuzz_writeAll(int fd, const char *p, size_t n);
// fuzz_lineBuf_next returns the next complete line (without its newline)
// and its length, or NULL. The line is borrowed until the next read.
char *fuzz_lineBuf_next(lineBuf *b, size_t *n);
// fuzz_lineBuf_read reads what fd has (one read(2)); it returns the count,
// 0 at EOF, or -1 with errno set.
ssize_t fuzz_lineBuf_read(lineBuf *b, int fd);
void fuzz_lineBuf_free(lineBuf *b);
// fuzz_lineBuf_badStart returns encoding/json's syntax error for what b
// holds (a message not yet complete) if no JSON value can start with it,
// or NULL. The caller frees it.
char *fuzz_lineBuf_badStart(const lineBuf *b);

#endif // CTEST_INTERNAL_FUZZ_PIPE_H
