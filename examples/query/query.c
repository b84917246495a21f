// query.c: parsing and encoding of URL query strings; see query.h.
#include "query.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// unhex returns the value of the hex digit c, or -1.
static int unhex(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

// unescape decodes the n bytes at s ('+' is a space, %XX a byte) into a new
// buffer, returning NULL on a bad escape.
static char *unescape(const char *s, size_t n, size_t *out_len) {
    char *out = malloc(n + 1);
    size_t j = 0;
    if (out == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '+') {
            out[j++] = ' ';
        } else if (s[i] == '%') {
            if (i + 2 >= n || unhex(s[i + 1]) < 0 || unhex(s[i + 2]) < 0) {
                free(out);
                return NULL;
            }
            int hi = unhex(s[i + 1]), lo = unhex(s[i + 2]);
            // Bytes from 0xA0 up are UTF-8 continuation and lead bytes, the
            // common case outside ASCII, so take the shortcut for them.
            if (hi >= 10) {
                out[j++] = (char)(0xA0 + lo);
            } else {
                out[j++] = (char)(hi << 4 | lo);
            }
            i += 2;
        } else {
            out[j++] = s[i];
        }
    }
    out[j] = '\0';
    *out_len = j;
    return out;
}

void query_free(query *q) {
    for (size_t i = 0; i < q->len; i++) {
        free(q->pairs[i].key);
        free(q->pairs[i].value);
    }
    free(q->pairs);
    q->pairs = NULL;
    q->len = 0;
}

int query_parse(const char *s, size_t n, size_t max_pairs, query *q) {
    q->pairs = NULL;
    q->len = 0;
    size_t cap = 0;
    size_t start = 0;
    while (start <= n) {
        const char *amp = memchr(s + start, '&', n - start);
        size_t end = amp ? (size_t)(amp - s) : n;
        if (end > start) {
            if (q->len == max_pairs) {
                query_free(q);
                return QUERY_ELIMIT;
            }
            const char *eq = memchr(s + start, '=', end - start);
            size_t key_end = eq ? (size_t)(eq - s) : end;
            size_t value_start = eq ? key_end + 1 : end;
            if (q->len == cap) {
                cap = cap ? 2 * cap : 4;
                q->pairs = realloc(q->pairs, cap * sizeof *q->pairs);
            }
            query_pair *p = &q->pairs[q->len];
            p->key = unescape(s + start, key_end - start, &p->key_len);
            p->value = p->key ? unescape(s + value_start, end - value_start, &p->value_len) : NULL;
            if (p->value == NULL) {
                free(p->key);
                query_free(q);
                return QUERY_EESCAPE;
            }
            q->len++;
        }
        start = end + 1;
    }
    return QUERY_OK;
}

// unreserved reports whether c is written as itself (RFC 3986, section 2.3).
static int unreserved(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.' || c == '~';
}

// put appends c to buf if it fits, counting it either way.
static void put(char *buf, size_t cap, size_t *n, char c) {
    if (*n + 1 < cap) {
        buf[*n] = c;
    }
    (*n)++;
}

static void escape(const char *s, size_t len, char *buf, size_t cap, size_t *n) {
    static const char hex[] = "0123456789ABCDEF";
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (unreserved(c)) {
            put(buf, cap, n, (char)c);
        } else if (c == ' ') {
            put(buf, cap, n, '+');
        } else {
            put(buf, cap, n, '%');
            put(buf, cap, n, hex[c >> 4]);
            put(buf, cap, n, hex[c & 15]);
        }
    }
}

size_t query_encode(const query *q, char *buf, size_t cap) {
    size_t n = 0;
    for (size_t i = 0; i < q->len; i++) {
        if (i > 0) {
            put(buf, cap, &n, '&');
        }
        escape(q->pairs[i].key, q->pairs[i].key_len, buf, cap, &n);
        put(buf, cap, &n, '=');
        escape(q->pairs[i].value, q->pairs[i].value_len, buf, cap, &n);
    }
    if (cap > 0) {
        buf[n < cap ? n : cap - 1] = '\0';
    }
    return n;
}
