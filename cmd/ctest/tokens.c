// (none) ctest's own: the words of the token dictionary the generated main
// hands to the fuzzing engine (internal/fuzz/tokens.c): the string
// constants of the package's compiled code, read from the read-only data
// of its object files. A parser's keywords, its directives and the names
// it knows are there, whether it compares them with the input or looks
// them up in a table; AFL++'s LTO mode collects an "autodictionary" of
// the same kind.
#include <elf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"

// The words kept: printable ASCII between NULs (a C string constant, or a
// NUL-terminated char array), of tokenMinLen to tokenMaxLen bytes, without
// '%' (a printf format is an error message, not input). maxTokens bounds
// the dictionary, so that a large library's words do not drown the rest.
enum { tokenMinLen = 2, tokenMaxLen = 32, maxTokens = 4096 };

// keepWord reports whether the n bytes at p make a word.
static bool keepWord(const uint8_t *p, size_t n) {
    if (n < tokenMinLen || n > tokenMaxLen) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if (p[i] < 0x20 || p[i] > 0x7e || p[i] == '%') {
            return false;
        }
    }
    return true;
}

// addWords adds the words of one section's bytes to words, but those it
// has.
static void addWords(const uint8_t *data, size_t n, strList *words) {
    size_t start = 0;
    for (size_t i = 0; i < n && words->len < maxTokens; i++) {
        if (data[i] != '\0') {
            continue;
        }
        if (keepWord(data + start, i - start)) {
            char *w = runtime_sprintf("%.*s", (int)(i - start), (const char *)data + start);
            if (strList_contains(words, w)) {
                free(w);
            } else {
                strList_appendOwned(words, w);
            }
        }
        start = i + 1;
    }
}

// objectWords adds the words of the ELF object file's bytes. A file that
// is not a 64-bit little-endian ELF object, or is malformed, adds none:
// the dictionary is a help to the search, never a reason to fail a build.
static void objectWords(const uint8_t *f, size_t n, strList *words) {
    if (n < sizeof(Elf64_Ehdr) || memcmp(f, ELFMAG, SELFMAG) != 0 || f[EI_CLASS] != ELFCLASS64 ||
        f[EI_DATA] != ELFDATA2LSB) {
        return;
    }
    Elf64_Ehdr eh;
    memcpy(&eh, f, sizeof eh);
    if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff > n ||
        (n - eh.e_shoff) / sizeof(Elf64_Shdr) < eh.e_shnum || eh.e_shstrndx >= eh.e_shnum) {
        return;
    }
    Elf64_Shdr names;
    memcpy(&names, f + eh.e_shoff + eh.e_shstrndx * sizeof(Elf64_Shdr), sizeof names);
    if (names.sh_offset > n || names.sh_size > n - names.sh_offset) {
        return;
    }
    for (size_t i = 0; i < eh.e_shnum; i++) {
        Elf64_Shdr sh;
        memcpy(&sh, f + eh.e_shoff + i * sizeof(Elf64_Shdr), sizeof sh);
        if (sh.sh_type != SHT_PROGBITS || sh.sh_name >= names.sh_size || sh.sh_offset > n ||
            sh.sh_size > n - sh.sh_offset) {
            continue;
        }
        const char *name = (const char *)f + names.sh_offset + sh.sh_name;
        size_t room = names.sh_size - sh.sh_name;
        // .rodata and its per-constant and mergeable-string parts, not
        // .rodata.cst* (numbers). The name must end inside the table.
        if (strnlen(name, room) == room || strncmp(name, ".rodata", 7) != 0 ||
            (name[7] != '\0' && name[7] != '.') || strncmp(name, ".rodata.cst", 11) == 0) {
            continue;
        }
        addWords(f + sh.sh_offset, sh.sh_size, words);
    }
}

void collectTokens(const strList *objs, strList *words) {
    for (size_t i = 0; i < objs->len; i++) {
        char *data;
        size_t n;
        go_error *err = os_ReadFile(objs->ptr[i], &data, &n);
        if (err != NULL) {
            go_error_free(err); // not a reason to fail the build (see above)
            continue;
        }
        objectWords((const uint8_t *)data, n, words);
        free(data);
    }
}
