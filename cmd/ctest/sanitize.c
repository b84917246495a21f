// (none) ctest's own: the sanitizers of a build, which Go does not have
// (its -asan, -msan and -race are fixed flags). -sanitize=list and a
// package's //ctest:sanitize lines add -fsanitize flags; the names the
// lines take, with what their runtimes' reports call them; and what the
// compile flags of a build add up to, which the generated test main tells
// the test binary (testing/sanitize.c).
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"

void appendSanitizeFlags(strList *flags, const char *list) {
    strList_appendOwned(flags, runtime_sprintf("-fsanitize=%s", list));
    // ctest: a sanitizer report fails the test (and, when fuzzing, is a
    // crasher) rather than being printed by a passing test.
    strList_append(flags, "-fno-sanitize-recover=all");
    strList_append(flags, "-fno-omit-frame-pointer");
}

// sanitizerTable is the sanitizers //ctest:sanitize takes, by the names
// clang's -fsanitize gives them, with what their reports call them: those
// whose runtime reports in a test binary (not clang's kernel, CFI or
// stack-layout ones, nor the fuzzer ones the driver adds itself). UBSan's
// groups and checks are clang 14's; gcc knows some of them.
static const struct {
    const char *name, *runtime;
} sanitizerTable[] = {
    { "address", "AddressSanitizer" },
    { "pointer-compare", "AddressSanitizer" },
    { "pointer-subtract", "AddressSanitizer" },
    { "hwaddress", "HWAddressSanitizer" },
    { "leak", "LeakSanitizer" },
    { "memory", "MemorySanitizer" },
    { "thread", "ThreadSanitizer" },
    { "undefined", "UndefinedBehaviorSanitizer" },
    { "integer", "UndefinedBehaviorSanitizer" },
    { "nullability", "UndefinedBehaviorSanitizer" },
    { "implicit-conversion", "UndefinedBehaviorSanitizer" },
    { "implicit-integer-truncation", "UndefinedBehaviorSanitizer" },
    { "implicit-integer-arithmetic-value-change", "UndefinedBehaviorSanitizer" },
    { "bounds", "UndefinedBehaviorSanitizer" },
    { "shift", "UndefinedBehaviorSanitizer" },
    { "alignment", "UndefinedBehaviorSanitizer" },
    { "array-bounds", "UndefinedBehaviorSanitizer" },
    { "bool", "UndefinedBehaviorSanitizer" },
    { "builtin", "UndefinedBehaviorSanitizer" },
    { "enum", "UndefinedBehaviorSanitizer" },
    { "float-cast-overflow", "UndefinedBehaviorSanitizer" },
    { "float-divide-by-zero", "UndefinedBehaviorSanitizer" },
    { "function", "UndefinedBehaviorSanitizer" },
    { "implicit-integer-sign-change", "UndefinedBehaviorSanitizer" },
    { "implicit-signed-integer-truncation", "UndefinedBehaviorSanitizer" },
    { "implicit-unsigned-integer-truncation", "UndefinedBehaviorSanitizer" },
    { "integer-divide-by-zero", "UndefinedBehaviorSanitizer" },
    { "local-bounds", "UndefinedBehaviorSanitizer" },
    { "nonnull-attribute", "UndefinedBehaviorSanitizer" },
    { "null", "UndefinedBehaviorSanitizer" },
    { "nullability-arg", "UndefinedBehaviorSanitizer" },
    { "nullability-assign", "UndefinedBehaviorSanitizer" },
    { "nullability-return", "UndefinedBehaviorSanitizer" },
    { "object-size", "UndefinedBehaviorSanitizer" },
    { "pointer-overflow", "UndefinedBehaviorSanitizer" },
    { "return", "UndefinedBehaviorSanitizer" },
    { "returns-nonnull-attribute", "UndefinedBehaviorSanitizer" },
    { "shift-base", "UndefinedBehaviorSanitizer" },
    { "shift-exponent", "UndefinedBehaviorSanitizer" },
    { "signed-integer-overflow", "UndefinedBehaviorSanitizer" },
    { "unreachable", "UndefinedBehaviorSanitizer" },
    { "unsigned-integer-overflow", "UndefinedBehaviorSanitizer" },
    { "unsigned-shift-base", "UndefinedBehaviorSanitizer" },
    { "vla-bound", "UndefinedBehaviorSanitizer" },
};

const char *sanitizerRuntime(const char *name, size_t n) {
    for (size_t i = 0; i < sizeof sanitizerTable / sizeof sanitizerTable[0]; i++) {
        if (strlen(sanitizerTable[i].name) == n && memcmp(sanitizerTable[i].name, name, n) == 0) {
            return sanitizerTable[i].runtime;
        }
    }
    return NULL;
}

char *knownSanitizers(void) {
    strings_Builder b = { 0 };
    for (size_t i = 0; i < sizeof sanitizerTable / sizeof sanitizerTable[0]; i++) {
        strings_Builder_WriteString(&b, i > 0 ? ", " : "");
        strings_Builder_WriteString(&b, sanitizerTable[i].name);
    }
    return strings_Builder_Detach(&b);
}

// sanitizerList_set records that the build has the sanitizer name[0:n]
// from origin; a name given twice keeps the origin that matters most to
// the package (its own lines, then the command, then ctest's build).
static void sanitizerList_set(sanitizerList *l, const char *name, size_t n,
                              sanitizerOrigin origin) {
    for (size_t i = 0; i < l->len; i++) {
        if (strlen(l->ptr[i].name) == n && memcmp(l->ptr[i].name, name, n) == 0) {
            if (origin > l->ptr[i].origin) {
                l->ptr[i].origin = origin;
            }
            return;
        }
    }
    if (l->len == l->cap) {
        l->cap = l->cap > 0 ? 2 * l->cap : 4;
        l->ptr = runtime_realloc(l->ptr, l->cap * sizeof l->ptr[0]);
    }
    l->ptr[l->len++] = (buildSanitizer){ runtime_strndup(name, n), origin };
}

// sanitizerList_remove takes name[0:n] out of l: all of them for "all".
static void sanitizerList_remove(sanitizerList *l, const char *name, size_t n) {
    bool all = n == 3 && memcmp(name, "all", 3) == 0;
    size_t kept = 0;
    for (size_t i = 0; i < l->len; i++) {
        if (all || (strlen(l->ptr[i].name) == n && memcmp(l->ptr[i].name, name, n) == 0)) {
            free(l->ptr[i].name);
        } else {
            l->ptr[kept++] = l->ptr[i];
        }
    }
    l->len = kept;
}

void sanitizerList_addFlags(sanitizerList *l, const strList *args, sanitizerOrigin origin) {
    static const char on[] = "-fsanitize=", off[] = "-fno-sanitize=";
    for (size_t i = 0; i < args->len; i++) {
        const char *a = args->ptr[i];
        bool add = strncmp(a, on, strlen(on)) == 0;
        if (!add && strncmp(a, off, strlen(off)) != 0) {
            continue;
        }
        for (const char *p = a + strlen(add ? on : off); *p != '\0';) {
            size_t n = strcspn(p, ",");
            // The fuzzer's instrumentation is no sanitizer a test runs under.
            bool fuzzer = n >= 6 && memcmp(p, "fuzzer", 6) == 0;
            if (n > 0 && add && !fuzzer) {
                sanitizerList_set(l, p, n, origin);
            } else if (n > 0 && !add) {
                sanitizerList_remove(l, p, n);
            }
            p += n + (p[n] == ',');
        }
    }
}

void sanitizerList_free(sanitizerList *l) {
    for (size_t i = 0; i < l->len; i++) {
        free(l->ptr[i].name);
    }
    free(l->ptr);
    *l = (sanitizerList){ 0 };
}
