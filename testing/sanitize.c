// (none) ctest's own: the sanitizers a test binary is built with, which
// the driver's generated main hands over (testing_SetSanitizers); Go has
// none. A crasher that only a sanitizer sees passes in a build without
// that sanitizer, so fuzzing notes in the crasher the sanitizers that
// reported it (a //ctest:sanitize comment after its first value,
// internal/fuzz/encoding.c), and the seed run of a binary that lacks one
// fails the file, saying what to add, where it would pass in silence.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/internal.h"

// The sanitizers the generated main named, kept as given (static data).
static const testing_Sanitizer *sanitizers;
static size_t nsanitizers;

void testing_SetSanitizers(const testing_Sanitizer *s, size_t n) {
    sanitizers = s;
    nsanitizers = n;
}

// findSanitizer returns the binary's sanitizer named name[0:n], or NULL.
static const testing_Sanitizer *findSanitizer(const char *name, size_t n) {
    for (size_t i = 0; i < nsanitizers; i++) {
        if (strlen(sanitizers[i].Name) == n && memcmp(sanitizers[i].Name, name, n) == 0) {
            return &sanitizers[i];
        }
    }
    return NULL;
}

// appendName adds name[0:n] to the comma list b.
static void appendName(strings_Builder *b, const char *name, size_t n) {
    if (strings_Builder_Len(b) > 0) {
        strings_Builder_WriteByte(b, ',');
    }
    strings_Builder_Write(b, name, n);
}

char *testing_seedSanitizerError(const corpusEntry *e) {
    if (e->Sanitize == NULL) {
        return NULL;
    }
    strings_Builder missing = { 0 };
    for (const char *p = e->Sanitize; *p != '\0';) {
        size_t n = strcspn(p, ",");
        if (n > 0 && findSanitizer(p, n) == NULL) {
            appendName(&missing, p, n);
        }
        p += n + (p[n] == ',');
    }
    if (strings_Builder_Len(&missing) == 0) {
        return NULL;
    }
    const char *m = strings_Builder_String(&missing);
    char *msg = runtime_sprintf(
            "%s was found under -sanitize=%s, and this test binary is built without it, so it "
            "cannot fail here as it did: add //ctest:sanitize %s to one of the package's files, "
            "so that every build of the package has it (or run ctest with -sanitize=%s)",
            e->Path, m, m, m);
    strings_Builder_Reset(&missing);
    return msg;
}

// reported reports whether report holds a report of the sanitizer whose
// runtime is called runtime: "AddressSanitizer: " as a word, as its
// ERROR and SUMMARY lines (and a -fuzzkeepgoing crash's title) have it;
// for UBSan, also its "runtime error: " lines.
static bool reported(const char *report, const char *runtime) {
    size_t n = strlen(runtime);
    for (const char *p = strstr(report, runtime); p != NULL; p = strstr(p + 1, runtime)) {
        bool word = p == report || p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n';
        if (word && p[n] == ':') {
            return true;
        }
    }
    return strcmp(runtime, "UndefinedBehaviorSanitizer") == 0 &&
           strstr(report, "runtime error: ") != NULL;
}

// runtimeNames writes the runtimes of the comma list names for people:
// "AddressSanitizer and UndefinedBehaviorSanitizer", each once.
static void runtimeNames(strings_Builder *b, const char *names) {
    const char *seen[16];
    size_t nseen = 0;
    for (const char *p = names; *p != '\0';) {
        size_t n = strcspn(p, ",");
        const testing_Sanitizer *s = findSanitizer(p, n);
        p += n + (p[n] == ',');
        if (s == NULL) {
            continue;
        }
        bool dup = false;
        for (size_t i = 0; i < nseen && !dup; i++) {
            dup = strcmp(seen[i], s->Runtime) == 0;
        }
        if (dup || nseen == sizeof seen / sizeof seen[0]) {
            continue;
        }
        strings_Builder_WriteString(b, nseen > 0 ? " and " : "");
        strings_Builder_WriteString(b, s->Runtime);
        seen[nseen++] = s->Runtime;
    }
}

char *testing_noteCrasher(const char *path, const char *report) {
    // The note names the sanitizers of the command and the package whose
    // runtime reported the crash; ctest's own build's are no concern of
    // the package's, and an ordinary failure replays without any.
    strings_Builder names = { 0 }, undeclared = { 0 };
    for (size_t i = 0; i < nsanitizers; i++) {
        const testing_Sanitizer *s = &sanitizers[i];
        if (s->Origin == testing_SanitizerCtest || s->Runtime[0] == '\0' ||
            !reported(report, s->Runtime)) {
            continue;
        }
        appendName(&names, s->Name, strlen(s->Name));
        if (s->Origin != testing_SanitizerPackage) {
            appendName(&undeclared, s->Name, strlen(s->Name));
        }
    }
    if (strings_Builder_Len(&names) == 0) {
        return NULL;
    }
    const char *all = strings_Builder_String(&names);
    go_error *err = testing_deps_noteCorpusFile(path, all);
    strings_Builder msg = { 0 };
    if (err != NULL) {
        strings_Builder_Printf(&msg,
                               "ctest: the input was found under -sanitize=%s, and noting that in "
                               "the file failed: %s\nAdd //ctest:sanitize %s to one of the "
                               "package's files, or plain runs will replay it without ",
                               all, go_error_Error(err), all);
        go_error_free(err);
        runtimeNames(&msg, all);
        strings_Builder_WriteString(&msg, " and pass.\n");
    } else if (strings_Builder_Len(&undeclared) > 0) {
        const char *u = strings_Builder_String(&undeclared);
        strings_Builder_Printf(&msg,
                               "This input was found under -sanitize=%s, which the package does "
                               "not declare: add //ctest:sanitize %s to one of its files, or runs "
                               "without -sanitize=%s fail on this file, rather than replay it "
                               "under ",
                               u, u, u);
        runtimeNames(&msg, u);
        strings_Builder_WriteString(&msg, ".\n");
    }
    strings_Builder_Reset(&names);
    strings_Builder_Reset(&undeclared);
    return strings_Builder_Len(&msg) > 0 ? strings_Builder_Detach(&msg) : NULL;
}
