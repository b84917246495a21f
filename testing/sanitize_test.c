// Tests of sanitize.c: which seeds a binary refuses for the sanitizers it
// lacks, and which crashers it notes, and what it says.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/internal.h"
#include "testing/testing.h"

// forgetSanitizers is a cleanup: the binary's own (none) again.
static void forgetSanitizers(void *arg) {
    (void)arg;
    testing_SetSanitizers(NULL, 0);
}

// writeCrasher writes a crasher to dir and returns its path (caller frees).
static char *writeCrasher(T *t, const char *dir) {
    char *path = runtime_sprintf("%s/0123abcd", dir);
    FILE *f = fopen(path, "w");
    if (f == NULL || fputs("go test fuzz v1\n[]byte(\"\\x05\")\n", f) < 0 || fclose(f) != 0) {
        t_fatalf(t, "writing %s failed", path);
    }
    return path;
}

// noteOf is the note of the file at path, or "" (caller frees).
static char *noteOf(const char *path) {
    char *data;
    size_t n;
    go_error *err = os_ReadFile(path, &data, &n);
    if (err != NULL) {
        go_error_free(err);
        return runtime_strdup("");
    }
    const char *mark = strstr(data, " //ctest:sanitize ");
    char *note = runtime_strndup(mark != NULL ? mark + 18 : "",
                                 mark != NULL ? strcspn(mark + 18, "\n") : 0);
    free(data);
    return note;
}

void TestSeedSanitizerError(T *t) {
    static const testing_Sanitizer have[] = {
        { "address", "AddressSanitizer", testing_SanitizerCommand },
    };
    testing_SetSanitizers(have, 1);
    t_cleanup(t, forgetSanitizers, NULL);
    static const struct {
        const char *note;    // the file's, or NULL
        const char *missing; // what the message names, or NULL: none
    } tests[] = {
        { NULL, NULL },
        { "address", NULL },
        { "address,undefined", "undefined" },
        { "leak,,thread", "leak,thread" },
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        corpusEntry e = { .Path = "testdata/fuzz/FuzzX/0123abcd",
                          .Sanitize = (char *)tests[i].note };
        char *got = testing_seedSanitizerError(&e);
        if (tests[i].missing == NULL) {
            if (got != NULL) {
                t_errorf(t, "note %s: got %s, want none", tests[i].note, got);
            }
            continue;
        }
        char *want = runtime_sprintf(
                "testdata/fuzz/FuzzX/0123abcd was found under -sanitize=%s, and this test binary "
                "is built without it, so it cannot fail here as it did: add //ctest:sanitize %s "
                "to one of the package's files, so that every build of the package has it (or "
                "run ctest with -sanitize=%s)",
                tests[i].missing, tests[i].missing, tests[i].missing);
        if (got == NULL || strcmp(got, want) != 0) {
            t_errorf(t, "note %s:\ngot  %s\nwant %s", tests[i].note, got ? got : "NULL", want);
        }
        free(want);
        free(got);
    }
}

void TestNoteCrasher(T *t) {
    static const testing_Sanitizer command[] = {
        { "address", "AddressSanitizer", testing_SanitizerCommand },
        { "undefined", "UndefinedBehaviorSanitizer", testing_SanitizerCommand },
        { "safe-stack", "", testing_SanitizerCommand },
    };
    static const testing_Sanitizer declared[] = {
        { "address", "AddressSanitizer", testing_SanitizerPackage },
        { "undefined", "UndefinedBehaviorSanitizer", testing_SanitizerCommand },
    };
    static const testing_Sanitizer ctestOwn[] = {
        { "address", "AddressSanitizer", testing_SanitizerCtest },
    };
    static const char asan[] = "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address\n"
                               "SUMMARY: AddressSanitizer: heap-buffer-overflow x.c:13:44 in f\n";
    static const char ubsan[] = "x.c:3:5: runtime error: signed integer overflow: 1 + 2147483647\n";
    static const char both[] = "x.c:3:5: runtime error: shift exponent 40 is too large\n"
                               "SUMMARY: AddressSanitizer: SEGV x.c:4:1 in f\n";
    static const struct {
        const testing_Sanitizer *s;
        size_t n;
        const char *report;
        const char *note; // "": none
        const char *says; // what the message says, or NULL: none
    } tests[] = {
        { command, 3, asan, "address",
          "This input was found under -sanitize=address, which the package does not declare: "
          "add //ctest:sanitize address to one of its files, or runs without -sanitize=address "
          "fail on this file, rather than replay it under AddressSanitizer.\n" },
        { command, 3, ubsan, "undefined",
          "This input was found under -sanitize=undefined, which the package does not declare: "
          "add //ctest:sanitize undefined to one of its files, or runs without "
          "-sanitize=undefined fail on this file, rather than replay it under "
          "UndefinedBehaviorSanitizer.\n" },
        { command, 3, both, "address,undefined",
          "This input was found under -sanitize=address,undefined, which the package does not "
          "declare: add //ctest:sanitize address,undefined to one of its files, or runs without "
          "-sanitize=address,undefined fail on this file, rather than replay it under "
          "AddressSanitizer and UndefinedBehaviorSanitizer.\n" },
        // The package's own need no word; the command's do.
        { declared, 2, asan, "address", NULL },
        { declared, 2, both, "address,undefined",
          "This input was found under -sanitize=undefined, which the package does not declare: "
          "add //ctest:sanitize undefined to one of its files, or runs without "
          "-sanitize=undefined fail on this file, rather than replay it under "
          "UndefinedBehaviorSanitizer.\n" },
        // ctest's own build's sanitizer, an ordinary failure, another
        // sanitizer's report: no note.
        { ctestOwn, 1, asan, "", NULL },
        { command, 3, "    x_test.c:9: found FUZ\n", "", NULL },
        { command, 3, "SUMMARY: HWAddressSanitizer: tag-mismatch x.c:1\n", "", NULL },
        // A -fuzzkeepgoing crash's title.
        { command, 3, "AddressSanitizer: heap-buffer-overflow in f at x.c:13", "address",
          "This input was found under -sanitize=address, which the package does not declare: "
          "add //ctest:sanitize address to one of its files, or runs without -sanitize=address "
          "fail on this file, rather than replay it under AddressSanitizer.\n" },
    };
    t_cleanup(t, forgetSanitizers, NULL);
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        testing_SetSanitizers(tests[i].s, tests[i].n);
        char *path = writeCrasher(t, t_tempdir(t));
        char *says = testing_noteCrasher(path, tests[i].report);
        char *note = noteOf(path);
        if (strcmp(note, tests[i].note) != 0) {
            t_errorf(t, "case %zu: the crasher's note is \"%s\", want \"%s\"", i, note,
                     tests[i].note);
        }
        if ((says == NULL) != (tests[i].says == NULL) ||
            (says != NULL && strcmp(says, tests[i].says) != 0)) {
            t_errorf(t, "case %zu: says\n%s\nwant\n%s", i, says ? says : "nothing",
                     tests[i].says ? tests[i].says : "nothing");
        }
        free(note);
        free(says);
        free(path);
    }
    // A note that cannot be written is said, with the line to add.
    testing_SetSanitizers(command, 3);
    char *missing = runtime_sprintf("%s/none", t_tempdir(t));
    char *says = testing_noteCrasher(missing, asan);
    if (says == NULL ||
        strncmp(says,
                "ctest: the input was found under -sanitize=address, and "
                "noting that in the file failed: ",
                strlen("ctest: the input was found under -sanitize=address, and "
                       "noting that in the file failed: ")) != 0 ||
        strstr(says, "Add //ctest:sanitize address to one of the package's files") == NULL) {
        t_errorf(t, "a note that could not be written: says %s", says ? says : "nothing");
    }
    free(says);
    free(missing);
}
