// scan_test.c: fuzzes the driver's scanner (cmd/ctest/scan.re, compiled
// into this package: see rename.h), which finds the TestXxx and FuzzXxx
// functions of a *_test.c file and its //ctest: lines, and the statement
// scanner of -cover. The seeds are test files of ctest's own packages and
// the cases of cmd/ctest/scan_test.c.
//
//ctest:cflags -include ${SRCDIR}/rename.h
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"
#include "internal/selffuzz/selffuzz.h"
#include "testing/testing.h"

// isIdentAt reports whether the n bytes at src[i] are an identifier of
// src: not part of a longer one.
static bool isIdentAt(const char *src, size_t len, size_t i, size_t n) {
    static const char ident[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$";
    bool before = i > 0 && src[i - 1] != '\0' && strchr(ident, src[i - 1]) != NULL;
    bool after = i + n < len && src[i + n] != '\0' && strchr(ident, src[i + n]) != NULL;
    return !before && !after;
}

// occurs reports whether name is an identifier of src.
static bool occurs(const char *src, size_t len, const char *name) {
    size_t n = strlen(name);
    for (size_t i = 0; i + n <= len; i++) {
        if (memcmp(src + i, name, n) == 0 && isIdentAt(src, len, i, n)) {
            return true;
        }
    }
    return false;
}

// checkNames checks that each name found is a test name for prefix
// (isTest) that the source holds.
static void checkNames(T *t, const char *src, size_t len, const strList *names,
                       const char *prefix) {
    for (size_t i = 0; i < names->len; i++) {
        const char *name = names->ptr[i];
        if (!isTest(name, strlen(name), prefix) || !occurs(src, len, name)) {
            t_errorf(t, "found %s, which is no %s function of the source", name, prefix);
        }
    }
}

// checkStatements checks that the statements scanStatements finds are in
// order and in the source.
static void checkStatements(T *t, const char *src, size_t len) {
    srcPosList pos = { 0 };
    scanStatements(src, len, &pos);
    int lines = 1;
    for (size_t i = 0; i < len; i++) {
        lines += src[i] == '\n';
    }
    for (size_t i = 0; i < pos.len; i++) {
        srcPos p = pos.ptr[i];
        bool ordered = i == 0 || pos.ptr[i - 1].line < p.line ||
                       (pos.ptr[i - 1].line == p.line && pos.ptr[i - 1].col <= p.col);
        if (p.line < 1 || p.line > lines || p.col < 1 || (size_t)p.col > len + 1 || !ordered) {
            t_errorf(t, "statement %zu at %d:%d, out of order or out of the source", i, p.line,
                     p.col);
            break;
        }
    }
    free(pos.ptr);
}

// fuzzScanFile scans a copy of in followed by a 0, as os_ReadFile leaves
// a file for the driver (scanFile's lexer needs it).
static void fuzzScanFile(T *t, go_string in) {
    char *copy = runtime_malloc(in.len + 1);
    if (in.len > 0) {
        memcpy(copy, in.ptr, in.len);
    }
    copy[in.len] = '\0';
    go_string src = { copy, in.len };
    testFuncs funcs = { 0 };
    strList cflags = { 0 }, ldflags = { 0 }, srcs = { 0 };
    go_error *err =
            scanFile("x_test.c", "/pkg", src.ptr, src.len, &funcs, &cflags, &ldflags, &srcs);
    if (err != NULL) {
        if (strncmp(go_error_Error(err), "x_test.c:", 9) != 0) {
            t_errorf(t, "unexpected error text: %s", go_error_Error(err));
        }
        go_error_free(err);
    } else {
        checkNames(t, src.ptr, src.len, &funcs.Tests, "Test");
        checkNames(t, src.ptr, src.len, &funcs.FuzzTargets, "Fuzz");
    }
    testFuncs_free(&funcs);
    strList_free(&cflags);
    strList_free(&ldflags);
    strList_free(&srcs);
    checkStatements(t, src.ptr, src.len);
    free(copy);
}

// scanSeeds are FuzzScanFile's seeds.
static const char *const scanSeeds[] = {
    "#include \"testing/testing.h\"\n\nvoid TestA(T *t) {\n    t_log(t, \"x\");\n}\n\n"
    "static void fuzz(T *t, go_bytes b) { (void)t; (void)b; }\n\n"
    "void FuzzB(F *f) {\n    f_add(f, GO_BYTES(\"{\"));\n    f_fuzz(f, fuzz, GO_BYTES);\n}\n",
    "//ctest:cflags -I${SRCDIR}/inc -DX=\"a b\" 'c d'\n//ctest:ldflags -lm\n"
    "//ctest:srcs lib/*.c\nvoid Testing(T *t) {}\nvoid Test(testing_T *t) {}\n",
    "void TestBad(int x) {}\n",
    "extern void TestX(struct T *) { if (a) { b; } else while (c) d; do e; while (f); }\n",
    "#define M(x) \\\n  void TestNo(T *t) {}\nint v = { 1 };\n"
    "/* void TestC(T *t) {} */ char *s = \"void TestD(T *t) {\";\n"
    "__attribute__((unused)) void TestE(T *t) { for (;;) { switch (x) { case 1: break; } } }\n",
    "//ctest:cflags \"unterminated\n",
    "//ctest:sanitize address,undefined\n//ctest:sanitize adress\n",
    "void FuzzX(F *f) { f_fuzz(f, g, GO_INT); }\nvoid Fuzzy(F *f) {}\n",
};

void FuzzScanFile(F *f) {
    selffuzz_addSeeds(f, scanSeeds, sizeof scanSeeds / sizeof scanSeeds[0], GO_STRING);
    f_fuzz(f, fuzzScanFile, GO_STRING);
}
