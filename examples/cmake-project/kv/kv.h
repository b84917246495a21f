// kv.h: a parser of "key=value" lines.
#ifndef KV_H
#define KV_H

#include <stddef.h>

// kv_value copies the value of key in the n bytes at text into out (of
// size outsize, NUL-terminated) and returns its length, or -1 if key has
// no line.
int kv_value(const char *text, size_t n, const char *key, char *out, size_t outsize);

#endif
