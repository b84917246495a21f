// Ports go1.19.8 src/strings/builder.go: Builder, the growable byte buffer a
// string is assembled in (Write, WriteByte, WriteRune, WriteString, Grow,
// Len, Cap, String, Reset), with C's NUL after the bytes.
//
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"

// minCap is the first allocation of a builder: enough for most lines of
// test output, so that a short log does not grow it again.
enum { minCap = 64 };

// grow makes room for n more bytes and the NUL after them. The capacity
// doubles, as append's does, so that writing a long string a piece at a
// time costs amortized constant time per byte.
static void grow(strings_Builder *b, size_t n) {
    if (n > SIZE_MAX - 1 - b->len) {
        go_panic("runtime error: growslice: cap out of range"); // what append panics with
    }
    size_t need = b->len + n + 1;
    if (need <= b->cap) {
        return;
    }
    size_t cap = b->cap < minCap ? minCap : b->cap;
    while (cap < need) {
        cap = cap > SIZE_MAX / 2 ? need : 2 * cap;
    }
    b->buf = runtime_realloc(b->buf, cap);
    b->cap = cap;
}

const char *strings_Builder_String(const strings_Builder *b) {
    return b->buf != NULL ? b->buf : "";
}

size_t strings_Builder_Len(const strings_Builder *b) {
    return b->len;
}

size_t strings_Builder_Cap(const strings_Builder *b) {
    // The byte kept for the NUL is not room for the string.
    return b->cap > 0 ? b->cap - 1 : 0;
}

void strings_Builder_Reset(strings_Builder *b) {
    free(b->buf);
    *b = (strings_Builder){ 0 };
}

void strings_Builder_Grow(strings_Builder *b, size_t n) {
    // Growing by nothing allocates nothing, even for the NUL: Go's Grow(0)
    // leaves an empty builder without storage.
    if (n > 0) {
        grow(b, n);
    }
}

void strings_Builder_Truncate(strings_Builder *b, size_t n) {
    if (n > b->len) {
        go_panic("strings.Builder: truncation out of range");
    }
    b->len = n;
    if (b->buf != NULL) {
        b->buf[n] = '\0';
    }
}

void strings_Builder_Write(strings_Builder *b, const void *p, size_t n) {
    // Appending nothing to a nil slice allocates nothing in Go either.
    if (n == 0) {
        return;
    }
    grow(b, n);
    memcpy(b->buf + b->len, p, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

void strings_Builder_WriteByte(strings_Builder *b, char c) {
    grow(b, 1);
    b->buf[b->len++] = c;
    b->buf[b->len] = '\0';
}

size_t strings_Builder_WriteRune(strings_Builder *b, int32_t r) {
    // Go tests the rune as a uint32 so that a negative one is encoded (as
    // RuneError) rather than written as one byte.
    if ((uint32_t)r < utf8_RuneSelf) {
        strings_Builder_WriteByte(b, (char)r);
        return 1;
    }
    grow(b, utf8_UTFMax);
    size_t n = utf8_EncodeRune(b->buf + b->len, r);
    b->len += n;
    b->buf[b->len] = '\0';
    return n;
}

void strings_Builder_WriteString(strings_Builder *b, const char *s) {
    strings_Builder_Write(b, s, strlen(s));
}

void strings_Builder_Printf(strings_Builder *b, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *s = runtime_vsprintf(format, ap);
    va_end(ap);
    strings_Builder_WriteString(b, s);
    free(s);
}

char *strings_Builder_Detach(strings_Builder *b) {
    char *s = b->buf != NULL ? b->buf : runtime_strdup("");
    *b = (strings_Builder){ 0 };
    return s;
}
