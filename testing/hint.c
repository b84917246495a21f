// (none) ctest's own: hints, lines that say what to do after one of Go's
// messages that a C programmer cannot act on as it stands (Go's file
// fuzz.go, Go's type names, a duration flag given a bare number). The test
// binary's output stays Go's: a hint goes to the file the ctest driver
// names in CTEST_HINT_FD, which the driver copies to its stderr once it
// has shown the binary's output. A binary run without the driver prints
// none.
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testing/internal.h"

static int hintFd = -1;

void testing_initHints(void) {
    const char *s = getenv("CTEST_HINT_FD");
    if (s == NULL) {
        return;
    }
    char *end;
    long fd = strtol(s, &end, 10);
    // Fuzz workers and the processes the tests start have no use for it.
    unsetenv("CTEST_HINT_FD");
    if (*end != '\0' || fd < 3 || fd > 1 << 20 || fcntl((int)fd, F_SETFD, FD_CLOEXEC) != 0) {
        return;
    }
    hintFd = (int)fd;
}

void testing_hint(const char *format, ...) {
    if (hintFd < 0) {
        return;
    }
    va_list ap;
    va_start(ap, format);
    char *text = runtime_vsprintf(format, ap);
    va_end(ap);
    char *line = runtime_sprintf("ctest: hint: %s\n", text);
    // One write a line: hints from tests running in parallel do not mix.
    ssize_t w = write(hintFd, line, strlen(line));
    (void)w; // a hint is not worth an error of its own
    free(line);
    free(text);
}

// kindNames are the names a C test writes for the kinds: GO_BYTES for the
// type Go calls []uint8.
static const char *const kindNames[GO_KIND_COUNT] = {
    [GO_BYTES] = "GO_BYTES",   [GO_STRING] = "GO_STRING",   [GO_BOOL] = "GO_BOOL",
    [GO_UINT8] = "GO_UINT8",   [GO_INT32] = "GO_INT32",     [GO_INT] = "GO_INT",
    [GO_INT8] = "GO_INT8",     [GO_INT16] = "GO_INT16",     [GO_INT64] = "GO_INT64",
    [GO_UINT] = "GO_UINT",     [GO_UINT16] = "GO_UINT16",   [GO_UINT32] = "GO_UINT32",
    [GO_UINT64] = "GO_UINT64", [GO_FLOAT32] = "GO_FLOAT32", [GO_FLOAT64] = "GO_FLOAT64",
    [C_STRING] = "C_STRING",   [C_CHARS] = "C_CHARS",
};

char *testing_kindList(const go_kind *kinds, const go_value *vals, size_t n) {
    strings_Builder b = { 0 };
    strings_Builder_WriteByte(&b, '(');
    for (size_t i = 0; i < n; i++) {
        go_kind k = vals != NULL ? vals[i].kind : kinds[i];
        if (i > 0) {
            strings_Builder_WriteString(&b, ", ");
        }
        const char *name = k > GO_KIND_INVALID && k < GO_KIND_COUNT ? kindNames[k] : NULL;
        strings_Builder_WriteString(&b, name != NULL ? name : "?");
    }
    strings_Builder_WriteByte(&b, ')');
    return strings_Builder_Detach(&b);
}
