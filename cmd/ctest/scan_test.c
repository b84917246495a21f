// Tests of scan.re: isTest, the test functions scanFile finds, its
// checkTestFunc errors and its //ctest: lines. Go has no table tests for
// load/test.go's isTest and checkTestFunc (cmd/go checks them with script
// tests); these tables take their cases from those rules.
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"
#include "testing/testing.h"

// TAKES ends the error of a //ctest:sanitize line with a name it does not
// take.
#define TAKES                                                                                      \
    " (it takes -fsanitize's names: address, pointer-compare, pointer-subtract, hwaddress, "       \
    "leak, memory, thread, undefined, integer, nullability, implicit-conversion, "                 \
    "implicit-integer-truncation, implicit-integer-arithmetic-value-change, bounds, shift, "       \
    "alignment, array-bounds, bool, builtin, enum, float-cast-overflow, "                          \
    "float-divide-by-zero, function, implicit-integer-sign-change, "                               \
    "implicit-signed-integer-truncation, implicit-unsigned-integer-truncation, "                   \
    "integer-divide-by-zero, local-bounds, nonnull-attribute, null, nullability-arg, "             \
    "nullability-assign, nullability-return, object-size, pointer-overflow, return, "              \
    "returns-nonnull-attribute, shift-base, shift-exponent, signed-integer-overflow, "             \
    "unreachable, unsigned-integer-overflow, unsigned-shift-base, vla-bound)"

void TestIsTest(T *t) {
    static const struct {
        const char *name, *prefix;
        bool want;
    } tests[] = {
        { "Test", "Test", true },
        { "TestX", "Test", true },
        { "Test_x", "Test", true },
        { "Test1", "Test", true },
        { "TesticularCancer", "Test", false }, // We don't want TesticularCancer.
        { "Tes", "Test", false },
        { "testX", "Test", false },
        { "FuzzX", "Fuzz", true },
        { "Fuzzy", "Fuzz", false },
        { "FuzzX", "Test", false },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        bool got = isTest(tests[i].name, strlen(tests[i].name), tests[i].prefix);
        if (got != tests[i].want) {
            t_errorf(t, "isTest(%s, %s): got %d, want %d", tests[i].name, tests[i].prefix, got,
                     tests[i].want);
        }
    }
}

// join joins l with spaces (caller frees).
static char *join(const strList *l) {
    size_t n = 1;
    for (size_t i = 0; i < l->len; i++) {
        n += strlen(l->ptr[i]) + 1;
    }
    char *s = runtime_malloc(n);
    s[0] = '\0';
    for (size_t i = 0; i < l->len; i++) {
        if (i > 0) {
            strcat(s, " ");
        }
        strcat(s, l->ptr[i]);
    }
    return s;
}

void TestScanFile(T *t) {
    static const struct {
        const char *name;
        const char *src;
        const char *tests, *fuzz; // space-separated, in source order
        const char *err;          // error text, or NULL
    } tests[] = {
        { "simple", "void TestA(T *t) {}\nvoid FuzzB(F *f) {}\n", "TestA", "FuzzB", NULL },
        { "source order", "void TestB(T *t) {}\nvoid TestA(T *t) {}\n", "TestB TestA", "", NULL },
        { "qualified types", "void TestA(testing_T *x) {}\nvoid FuzzB(testing_F *ff) { }\n",
          "TestA", "FuzzB", NULL },
        { "no parameter name", "void TestA(T *) {}\n", "TestA", "", NULL },
        { "static", "static void TestA(T *t) {}\n", "", "", NULL },
        { "prototype only", "void TestA(T *t);\n", "", "", NULL },
        { "TesticularCancer", "void TesticularCancer(T *t) {}\n", "", "", NULL },
        { "line comment", "// void TestA(T *t) {}\n", "", "", NULL },
        { "block comment", "/* void TestA(T *t) {} */ void TestB(T *t) {}", "TestB", "", NULL },
        { "unterminated comment", "void TestB(T *t) {} /* void TestA(T *t) {}", "TestB", "", NULL },
        { "string", "const char *s = \"void TestA(T *t) {\";\nvoid TestB(T *t) {}\n", "TestB", "",
          NULL },
        { "escaped quote", "const char *s = \"\\\" {\";\nvoid TestB(T *t) {}\n", "TestB", "",
          NULL },
        { "char literals", "int c = '{', d = '\\'';\nvoid TestB(T *t) {}\n", "TestB", "", NULL },
        { "nested braces", "void TestA(T *t) { if (1) { } { } }\nvoid TestB(T *t) {}\n",
          "TestA TestB", "", NULL },
        { "inner definitions", "void helper(void) { void TestA(T *t); }\n", "", "", NULL },
        { "struct", "struct s { void (*TestA)(T *t); };\nvoid TestB(T *t) {}\n", "TestB", "",
          NULL },
        { "initializer", "int a[] = { 1, 2 };\nvoid TestB(T *t) {}\n", "TestB", "", NULL },
        { "preprocessor", "#define X { void TestA(T *t) {\n void TestB(T *t) {}\n", "TestB", "",
          NULL },
        { "preprocessor splice", "#define X \\\n void TestA(T *t) {\n void TestB(T *t) {}\n",
          "TestB", "", NULL },
        { "wrong parameter", "\nvoid TestA(int n) {}\n", "", "",
          "f_test.c:2:1: wrong signature for TestA, must be: void TestA(T *t)" },
        { "wrong result", "int TestA(T *t) { return 0; }\n", "", "",
          "f_test.c:1:1: wrong signature for TestA, must be: void TestA(T *t)" },
        { "two parameters", "  void FuzzA(F *f, int n) {}\n", "", "",
          "f_test.c:1:3: wrong signature for FuzzA, must be: void FuzzA(F *f)" },
        { "T for a fuzz test", "void FuzzA(T *t) {}\n", "", "",
          "f_test.c:1:1: wrong signature for FuzzA, must be: void FuzzA(F *f)" },
        { "bad ctest line", "//ctest:cflags \"-DX\n", "", "",
          "f_test.c: invalid //ctest: line: //ctest:cflags \"-DX" },
        // ctest's own: a sanitizer //ctest:sanitize does not take, or none.
        { "unknown sanitizer", "//ctest:sanitize address,adress\n", "", "",
          "f_test.c: invalid //ctest:sanitize line: unknown sanitizer \"adress\"" TAKES },
        { "fuzzer is the driver's", "int x; //ctest:sanitize fuzzer\n", "", "",
          "f_test.c: invalid //ctest:sanitize line: unknown sanitizer \"fuzzer\"" TAKES },
        { "no sanitizer", "//ctest:sanitize ,\n", "", "",
          "f_test.c: invalid //ctest:sanitize line: it names no sanitizer (for example "
          "//ctest:sanitize address,undefined)" },
        { "empty sanitize line", "void TestA(T *t) {}\n//ctest:sanitize\n", "", "",
          "f_test.c: invalid //ctest:sanitize line: it names no sanitizer (for example "
          "//ctest:sanitize address,undefined)" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        testFuncs tf = { 0 };
        strList cflags = { 0 }, ldflags = { 0 };
        go_error *err = scanFile("f_test.c", "/pkg", tests[i].src, strlen(tests[i].src), &tf,
                                 &cflags, &ldflags, NULL);
        const char *gotErr = err != NULL ? go_error_Error(err) : NULL;
        if ((gotErr == NULL) != (tests[i].err == NULL) ||
            (gotErr != NULL && strcmp(gotErr, tests[i].err) != 0)) {
            t_errorf(t, "%s: got error %s, want %s", tests[i].name, gotErr ? gotErr : "nil",
                     tests[i].err ? tests[i].err : "nil");
        }
        char *gotTests = join(&tf.Tests), *gotFuzz = join(&tf.FuzzTargets);
        if (tests[i].err == NULL && strcmp(gotTests, tests[i].tests) != 0) {
            t_errorf(t, "%s: got tests %s, want %s", tests[i].name, gotTests, tests[i].tests);
        }
        if (tests[i].err == NULL && strcmp(gotFuzz, tests[i].fuzz) != 0) {
            t_errorf(t, "%s: got fuzz tests %s, want %s", tests[i].name, gotFuzz, tests[i].fuzz);
        }
        free(gotTests);
        free(gotFuzz);
        go_error_free(err);
        testFuncs_free(&tf);
        strList_free(&cflags);
        strList_free(&ldflags);
    }
}

// TestScanFileNUL: a NUL byte in a source is a character, not its end.
void TestScanFileNUL(T *t) {
    static const char src[] = "char c = '\0';\nvoid TestA(T *t) {}\n";
    testFuncs tf = { 0 };
    strList cflags = { 0 }, ldflags = { 0 };
    go_error *err = scanFile("f_test.c", "/pkg", src, sizeof src - 1, &tf, &cflags, &ldflags, NULL);
    if (err != NULL) {
        t_errorf(t, "got error %s, want nil", go_error_Error(err));
    }
    if (tf.Tests.len != 1 || strcmp(tf.Tests.ptr[0], "TestA") != 0) {
        t_errorf(t, "got %zu tests, want TestA", tf.Tests.len);
    }
    go_error_free(err);
    testFuncs_free(&tf);
    strList_free(&cflags);
    strList_free(&ldflags);
}

void TestDirectives(T *t) {
    static const struct {
        const char *src;
        const char *cflags, *ldflags, *srcs;
    } tests[] = {
        { "//ctest:cflags -DA -I${SRCDIR}/inc\n", "-DA -I/pkg/inc", "", "" },
        { "//ctest:ldflags -lm -lz\n", "", "-lm -lz", "" },
        { "//ctest:cflags '-DA=a b' \"-DB=\\\"x\\\"\"\n", "-DA=a b -DB=\"x\"", "", "" },
        { "// ctest:cflags -DA\n", "", "", "" },    // not a directive: a space after //
        { "//ctest:cflagsX -DA\n", "", "", "" },    // some other word
        { "\"//ctest:cflags -DA\"\n", "", "", "" }, // in a string
        { "/* //ctest:cflags -DA */\n", "", "", "" },
        { "int x; //ctest:cflags -DA\n", "-DA", "", "" },
        // ctest's own: sources from outside the package.
        { "//ctest:srcs ${SRCDIR}/../lib/*.c extra.c\n", "", "", "/pkg/../lib/*.c extra.c" },
        { "//ctest:srcsX a.c\n", "", "", "" },
        // ctest's own: sanitizers every build has, as compiler and linker
        // flags; commas or blanks between the names.
        { "//ctest:sanitize address,undefined\n",
          "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer",
          "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer", "" },
        { "//ctest:sanitize\taddress undefined,\n",
          "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer",
          "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer", "" },
        { "//ctest:sanitizeX address\n", "", "", "" },
        { "/* //ctest:sanitize adress */\n", "", "", "" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        strList cflags = { 0 }, ldflags = { 0 }, srcs = { 0 };
        go_error *err = scanFile("f.c", "/pkg", tests[i].src, strlen(tests[i].src), NULL, &cflags,
                                 &ldflags, &srcs);
        if (err != NULL) {
            t_errorf(t, "%s: got error %s, want nil", tests[i].src, go_error_Error(err));
            go_error_free(err);
        }
        char *c = join(&cflags), *l = join(&ldflags), *x = join(&srcs);
        if (strcmp(c, tests[i].cflags) != 0 || strcmp(l, tests[i].ldflags) != 0 ||
            strcmp(x, tests[i].srcs) != 0) {
            t_errorf(t, "%s: got cflags %s ldflags %s srcs %s, want %s, %s and %s", tests[i].src, c,
                     l, x, tests[i].cflags, tests[i].ldflags, tests[i].srcs);
        }
        free(c);
        free(l);
        free(x);
        strList_free(&cflags);
        strList_free(&ldflags);
        strList_free(&srcs);
    }
}

void TestFormatTestmain(T *t) {
    testFuncs tf = { 0 };
    strList_append(&tf.Tests, "TestB");
    strList_append(&tf.Tests, "TestA");
    strList_append(&tf.FuzzTargets, "FuzzC");
    char *got = formatTestmain(&tf, NULL, NULL);
    static const char *const want[] = {
        "void TestB(testing_T *t);\n",
        "{ \"TestB\", TestB },\n    { \"TestA\", TestA },\n",
        "{ \"FuzzC\", FuzzC },\n",
        "return testing_Main(argc, argv, tests, 2, fuzzTargets, 1);",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        if (strstr(got, want[i]) == NULL) {
            t_errorf(t, "got main without %s, want it:\n%s", want[i], got);
        }
    }
    free(got);
    testFuncs_free(&tf);
    testFuncs empty = { 0 };
    got = formatTestmain(&empty, NULL, NULL);
    if (strstr(got, "return testing_Main(argc, argv, NULL, 0, NULL, 0);") == NULL) {
        t_errorf(t, "got main for no tests:\n%s\nwant NULL, 0 tables", got);
    }
    free(got);
}

// TestScanStatements: where scanStatements places statements, as "l.c" a
// place. A ';' ending a statement is placed at the token before it; a
// control statement at its keyword; ';' between parentheses, in comments,
// literals and preprocessor lines count for nothing; a do's while is not
// a loop of its own.
void TestScanStatements(T *t) {
    static const struct {
        const char *src, *want;
    } tests[] = {
        { "int f(int x) {\n  if (x < 0) {\n    return -x;\n  }\n  return x;\n}\n",
          "2.3 3.13 5.10" },
        { "void f(void) { for (int i = 0; i < 3; i++) g(i); }", "1.16 1.47" },
        { "void f(void) { do { g(); } while (c); while (d) h(); }", "1.23 1.36 1.39 1.51" },
        { "void f(void) { switch (x) { case 1: break; } }", "1.16 1.37" },
        { "#define X(a) a; b;\n// c;\nvoid f(void) { s(\";\"); /* ; */ t(';'); }", "3.21 3.37" },
        { "void f(void) {\n#if A\n  a();\n#endif\n}", "3.5" },
        { "", "" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        srcPosList got = { 0 };
        scanStatements(tests[i].src, strlen(tests[i].src), &got);
        strings_Builder b = { 0 };
        for (size_t j = 0; j < got.len; j++) {
            strings_Builder_Printf(&b, "%s%d.%d", j > 0 ? " " : "", got.ptr[j].line,
                                   got.ptr[j].col);
        }
        if (strcmp(strings_Builder_String(&b), tests[i].want) != 0) {
            t_errorf(t, "scanStatements(%s):\ngot  %s\nwant %s", tests[i].src,
                     strings_Builder_String(&b), tests[i].want);
        }
        strings_Builder_Reset(&b);
        free(got.ptr);
    }
}
