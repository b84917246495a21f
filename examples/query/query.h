// query.h: a small parser and encoder for URL query strings
// (application/x-www-form-urlencoded), the example package of ctest.
//
// query_parse splits "a=1&b=x+y" into key/value pairs, percent-decoding each
// part; query_encode writes pairs back in the same form. Parsed strings point
// into storage owned by the query; query_free releases it.
#ifndef CTEST_EXAMPLES_QUERY_H
#define CTEST_EXAMPLES_QUERY_H

#include <stddef.h>

// query_pair is one decoded key=value pair; both strings may hold NUL bytes.
typedef struct query_pair {
    char *key;        // decoded key
    size_t key_len;   // its length
    char *value;      // decoded value ("" for a bare "key")
    size_t value_len; // its length
} query_pair;

// query is a parsed query string.
typedef struct query {
    query_pair *pairs; // in input order
    size_t len;        // how many pairs
} query;

// Errors of query_parse.
enum {
    QUERY_OK = 0,
    QUERY_EESCAPE = -1, // a '%' not followed by two hex digits
    QUERY_ELIMIT = -2,  // more than the allowed number of pairs
};

// query_parse parses the n bytes at s into q, allowing at most max_pairs
// pairs. Empty parts ("a=1&&b=2") are skipped. On error q is left empty.
int query_parse(const char *s, size_t n, size_t max_pairs, query *q);

// query_encode writes q as a query string into buf (NUL-terminated when cap
// > 0) and returns the length it needs, like snprintf.
size_t query_encode(const query *q, char *buf, size_t cap);

// query_free releases what q owns; q may be reused afterwards.
void query_free(query *q);

#endif // CTEST_EXAMPLES_QUERY_H
