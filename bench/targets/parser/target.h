// target.h: a small INI-style parser with a planted out-of-bounds write.
//
// The input is lines: "[section]", "key = value", comments starting with
// '#' or ';', and blank lines; spaces around a line are ignored. Each pair
// is hashed with its section, as "section.key". The planted bug: a section
// name of exactly PARSER_SECTION_MAX bytes passes the length check, and its
// terminating NUL is written one byte past the section buffer. ASan reports
// it in C; Go's bounds check panics in the Go twin.
#ifndef BENCH_PARSER_TARGET_H
#define BENCH_PARSER_TARGET_H

#include <stddef.h>
#include <stdint.h>

#define PARSER_SECTION_MAX 8

// parser_result is what a successful parse found.
typedef struct parser_result {
    int pairs;     // key-value pairs
    int sections;  // section headers
    uint32_t hash; // FNV-1a of each pair's "section.key"
} parser_result;

// parser_target parses data into *r and returns 0, or -1 on a syntax error.
int parser_target(const uint8_t *data, size_t len, parser_result *r);

#endif
