// (none) messages over a pipe, as worker.go's json.Encoder and json.Decoder
// carry them: whole writes out, and lines in, collected from reads until
// one is complete.
#include "internal/fuzz/pipe.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// fuzz_writeAll writes n bytes to fd, retrying short writes and EINTR.
go_error *fuzz_writeAll(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) {
                continue;
            }
            return fmt_Errorf(NULL, "write |1: %s", strerror(errno));
        }
        p += w;
        n -= (size_t)w;
    }
    return NULL;
}

// fuzz_lineBuf_next returns the next complete line (without its newline) and
// its length, or NULL. The line is borrowed until the next read.
char *fuzz_lineBuf_next(lineBuf *b, size_t *n) {
    char *nl = b->len > b->start ? memchr(b->data + b->start, '\n', b->len - b->start) : NULL;
    if (nl == NULL) {
        return NULL;
    }
    char *line = b->data + b->start;
    *n = (size_t)(nl - line);
    b->start += *n + 1;
    return line;
}

// fuzz_lineBuf_read reads what fd has (one read(2)); it returns the count, 0 at
// EOF, or -1 with errno set.
ssize_t fuzz_lineBuf_read(lineBuf *b, int fd) {
    if (b->start > 0) {
        memmove(b->data, b->data + b->start, b->len - b->start);
        b->len -= b->start;
        b->start = 0;
    }
    if (b->cap - b->len < 4096) {
        b->cap = b->cap * 2 + 4096;
        b->data = runtime_realloc(b->data, b->cap);
    }
    ssize_t r;
    do {
        r = read(fd, b->data + b->len, b->cap - b->len);
    } while (r < 0 && errno == EINTR);
    if (r > 0) {
        b->len += (size_t)r;
    }
    return r;
}

void fuzz_lineBuf_free(lineBuf *b) {
    free(b->data);
    *b = (lineBuf){ 0 };
}

// fuzz_lineBuf_badStart returns encoding/json's syntax error for what b holds (a
// message not yet complete) if no JSON value can start with it, as
// json.Decoder finds at once, or NULL. The caller frees it.
char *fuzz_lineBuf_badStart(const lineBuf *b) {
    for (size_t i = b->start; i < b->len; i++) {
        unsigned char c = (unsigned char)b->data[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            continue;
        }
        if (strchr("{[\"-0123456789tfn", c) != NULL && c != '\0') {
            return NULL;
        }
        // json's quoteChar
        char q[8];
        if (c == '\'') {
            snprintf(q, sizeof q, "'\\''");
        } else if (c == '"') {
            snprintf(q, sizeof q, "'\"'");
        } else if (c >= 0x20 && c < 0x7f) {
            snprintf(q, sizeof q, "'%c'", c);
        } else {
            snprintf(q, sizeof q, "'\\x%02x'", c);
        }
        return runtime_sprintf("invalid character %s looking for beginning of value", q);
    }
    return NULL;
}
