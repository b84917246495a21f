// target.c: the INI-style parser and its planted bug (see target.h).
#include "target.h"

#include <string.h>

static int is_space(uint8_t c) {
    return c == ' ' || c == '\t' || c == '\r';
}

static uint32_t fnv(uint32_t h, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        h = (h ^ p[i]) * 16777619u;
    }
    return h;
}

int parser_target(const uint8_t *data, size_t len, parser_result *r) {
    char section[PARSER_SECTION_MAX]; // the current section, NUL-terminated
    section[0] = '\0';
    *r = (parser_result){ 0, 0, 2166136261u };
    size_t i = 0;
    while (i < len) {
        size_t start = i;
        while (i < len && data[i] != '\n') {
            i++;
        }
        size_t end = i;
        if (i < len) {
            i++; // the newline
        }
        while (start < end && is_space(data[start])) {
            start++;
        }
        while (end > start && is_space(data[end - 1])) {
            end--;
        }
        if (start == end || data[start] == '#' || data[start] == ';') {
            continue;
        }
        if (data[start] == '[') {
            if (end - start < 2 || data[end - 1] != ']') {
                return -1;
            }
            size_t n = end - start - 2;
            if (n > PARSER_SECTION_MAX) { // the bug: the NUL needs n < PARSER_SECTION_MAX
                return -1;
            }
            memcpy(section, data + start + 1, n);
            section[n] = '\0'; // out of bounds when n == PARSER_SECTION_MAX
            r->sections++;
            continue;
        }
        size_t eq = start;
        while (eq < end && data[eq] != '=') {
            eq++;
        }
        if (eq == end || eq == start) {
            return -1;
        }
        size_t key_end = eq;
        while (key_end > start && is_space(data[key_end - 1])) {
            key_end--;
        }
        size_t section_len = 0;
        while (section[section_len] != '\0') {
            section_len++;
        }
        r->hash = fnv(r->hash, (const uint8_t *)section, section_len);
        r->hash = fnv(r->hash, (const uint8_t *)".", 1);
        r->hash = fnv(r->hash, data + start, key_end - start);
        r->pairs++;
    }
    return 0;
}
