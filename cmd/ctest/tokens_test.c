// Tests tokens.c (ctest's own): the words read from an object file's
// read-only data, and object files that are not what they seem.
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"
#include "testing/testing.h"

// elfObject is a 64-bit relocatable object with four sections besides the
// null one: the section names, two of read-only data and one of 8-byte
// constants, whose bytes are given.
typedef struct elfObject {
    Elf64_Ehdr eh;
    Elf64_Shdr sh[5];
    char names[64];
    char data[3][64];
} elfObject;

static void elfObject_init(elfObject *o, const char *rodata, size_t n1, const char *str, size_t n2,
                           const char *cst, size_t n3) {
    memset(o, 0, sizeof *o);
    memcpy(o->eh.e_ident, ELFMAG, SELFMAG);
    o->eh.e_ident[EI_CLASS] = ELFCLASS64;
    o->eh.e_ident[EI_DATA] = ELFDATA2LSB;
    o->eh.e_type = ET_REL;
    o->eh.e_shoff = offsetof(elfObject, sh);
    o->eh.e_shentsize = sizeof(Elf64_Shdr);
    o->eh.e_shnum = 5;
    o->eh.e_shstrndx = 1;
    static const char names[] = "\0.shstrtab\0.rodata\0.rodata.str1.1\0.rodata.cst8";
    memcpy(o->names, names, sizeof names);
    o->sh[1] = (Elf64_Shdr){ .sh_name = 1,
                             .sh_type = SHT_STRTAB,
                             .sh_offset = offsetof(elfObject, names),
                             .sh_size = sizeof names };
    const char *bytes[3] = { rodata, str, cst };
    size_t lens[3] = { n1, n2, n3 };
    static const Elf64_Word nameAt[3] = { 11, 19, 34 };
    for (int i = 0; i < 3; i++) {
        memcpy(o->data[i], bytes[i], lens[i]);
        o->sh[2 + i] = (Elf64_Shdr){ .sh_name = nameAt[i],
                                     .sh_type = SHT_PROGBITS,
                                     .sh_offset = offsetof(elfObject, data) + 64 * (size_t)i,
                                     .sh_size = lens[i] };
    }
}

// wordsOf writes n bytes at p to a file in dir and returns the words
// collectTokens reads from it, joined by spaces (caller frees).
static char *wordsOf(T *t, const char *dir, const void *p, size_t n) {
    char *path = runtime_sprintf("%s/obj.o", dir);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        t_fatalf(t, "writing %s failed", path);
    }
    strList objs = { 0 }, words = { 0 };
    strList_appendOwned(&objs, path);
    collectTokens(&objs, &words);
    strings_Builder b = { 0 };
    for (size_t i = 0; i < words.len; i++) {
        strings_Builder_Printf(&b, "%s%s", i > 0 ? " " : "", words.ptr[i]);
    }
    strList_free(&objs);
    strList_free(&words);
    return strings_Builder_Detach(&b);
}

#define S(lit) lit, sizeof(lit) - 1

// TestCollectTokens: the words are printable runs between NULs of 2 to
// 32 bytes without '%', once each, from .rodata and its parts but not
// from .rodata.cst*.
void TestCollectTokens(T *t) {
    const char *dir = t_tempdir(t);
    elfObject o;
    elfObject_init(&o, S("while\0\x01\x02xy\0z\0%s: error\0function\0"),
                   S("local\0while\0abcdefghijklmnopqrstuvwxyz0123456789\0tail-without-nul"),
                   S("cstword\0"));
    char *got = wordsOf(t, dir, &o, sizeof o);
    const char *want = "while function local";
    if (strcmp(got, want) != 0) {
        t_errorf(t, "got words [%s], want [%s]", got, want);
    }
    free(got);
}

// TestCollectTokensMalformed: files that are not 64-bit ELF objects, or
// whose headers point outside the file, give no word and no crash.
void TestCollectTokensMalformed(T *t) {
    const char *dir = t_tempdir(t);
    elfObject o;
    elfObject_init(&o, S("word\0"), S("word2\0"), S("w3\0"));
    static const struct {
        const char *what;
        size_t size; // the first size bytes of o
    } cases[] = {
        { "empty file", 0 },
        { "truncated header", sizeof(Elf64_Ehdr) - 1 },
        { "section table cut off", offsetof(elfObject, sh) + 2 * sizeof(Elf64_Shdr) },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = wordsOf(t, dir, &o, cases[i].size);
        if (got[0] != '\0') {
            t_errorf(t, "%s: got words %s, want none", cases[i].what, got);
        }
        free(got);
    }
    elfObject bad = o;
    bad.eh.e_ident[EI_CLASS] = ELFCLASS32;
    char *got = wordsOf(t, dir, &bad, sizeof bad);
    if (got[0] != '\0') {
        t_errorf(t, "32-bit object: got words %s, want none", got);
    }
    free(got);
    bad = o;
    bad.sh[2].sh_size = 1u << 30; // past the end of the file
    bad.sh[3].sh_name = 1000;     // past the end of the names
    bad.sh[4].sh_offset = UINT64_MAX;
    got = wordsOf(t, dir, &bad, sizeof bad);
    if (got[0] != '\0') {
        t_errorf(t, "sections outside the file: got words %s, want none", got);
    }
    free(got);
    bad = o;
    bad.eh.e_shstrndx = 9;
    got = wordsOf(t, dir, &bad, sizeof bad);
    if (got[0] != '\0') {
        t_errorf(t, "no section names: got words %s, want none", got);
    }
    free(got);
    strList objs = { 0 }, words = { 0 };
    strList_append(&objs, "/nonexistent/obj.o");
    collectTokens(&objs, &words);
    if (words.len != 0) {
        t_errorf(t, "a missing file gave %zu words, want none", words.len);
    }
    strList_free(&objs);
}

// TestFormatTestmainTokens: the words reach the generated main as C
// string constants, with '"', '\\' and '?' escaped.
void TestFormatTestmainTokens(T *t) {
    testFuncs tf = { 0 };
    strList_append(&tf.FuzzTargets, "FuzzC");
    strList tokens = { 0 };
    strList_append(&tokens, "say \"hi\"");
    strList_append(&tokens, "a\\b?\?="); // "a\b??=", no trigraph
    char *got = formatTestmain(&tf, &tokens, NULL);
    static const char *const want[] = {
        "    \"say \\\"hi\\\"\\0\"\n",
        "    \"a\\\\b\\?\\?=\\0\"\n",
        ("testing_AddFuzzTokens(fuzzTokens, sizeof fuzzTokens - 1);\n"
         "    return testing_Main("),
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        if (strstr(got, want[i]) == NULL) {
            t_errorf(t, "got main without %s, want it:\n%s", want[i], got);
        }
    }
    free(got);
    strList_free(&tokens);
    testFuncs_free(&tf);
}
