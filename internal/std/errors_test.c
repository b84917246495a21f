// Tests for errors.c: go1.19.8 src/errors/errors_test.go and wrap_test.go,
// the cases that apply to go_error, in Go's order.
//
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "testing/testing.h"

void TestNewEqual(T *t) {
    // Different allocations should not be equal.
    go_error *a = errors_New("abc"), *b = errors_New("abc"), *c = errors_New("xyz");
    if (a == b) {
        t_errorf(t, "New(\"abc\") == New(\"abc\")");
    }
    if (a == c) {
        t_errorf(t, "New(\"abc\") == New(\"xyz\")");
    }
    // Same allocation should be equal to itself (not crash).
    if (!errors_Is(a, a)) {
        t_errorf(t, "err != err");
    }
    go_error_free(a);
    go_error_free(b);
    go_error_free(c);
}

void TestErrorMethod(T *t) {
    go_error *err = errors_New("abc");
    if (strcmp(go_error_Error(err), "abc") != 0) {
        t_errorf(t, "New(\"abc\").Error() = \"%s\", want \"%s\"", go_error_Error(err), "abc");
    }
    go_error_free(err);
}

// wrapped is wrap_test.go's wrapped{msg, err}: a message of its own and an
// error it wraps, as fmt_Errorf with a wrapped error builds.
static go_error *wrapped(const char *msg, go_error *err) {
    return fmt_Errorf(err, "%s", msg);
}

// Not ported from TestIs: the poser rows (a custom Is method) and the
// errorUncomparable rows (value types); go_error has neither.
void TestIs(T *t) {
    go_error *err1 = errors_New("1");
    go_error *erra = wrapped("wrap 2", err1);
    go_error *errb = wrapped("wrap 3", erra);
    go_error *err3 = errors_New("3");

    const struct {
        const go_error *err, *target;
        bool match;
    } testCases[] = {
        { NULL, NULL, true }, { err1, NULL, false }, { err1, err1, true },  { erra, err1, true },
        { errb, err1, true }, { err1, err3, false }, { erra, err3, false }, { errb, err3, false },
    };
    for (size_t i = 0; i < sizeof testCases / sizeof testCases[0]; i++) {
        bool got = errors_Is(testCases[i].err, testCases[i].target);
        if (got != testCases[i].match) {
            t_errorf(t, "Is(%s, %s) = %d, want %d", go_error_Error(testCases[i].err),
                     go_error_Error(testCases[i].target), got, testCases[i].match);
        }
    }
    go_error_free(errb); // frees erra and err1 with it
    go_error_free(err3);
}

// errorT is wrap_test.go's errorT{s}: a typed error whose payload is s.
static void freePayload(void *p) {
    free(p);
}
static const go_errorType errorT = { "errors_test.errorT", freePayload };
// pathError stands in for *fs.PathError, a second type.
static const go_errorType pathError = { "*fs.PathError", freePayload };

static go_error *newErrorT(const char *s) {
    char *msg = runtime_sprintf("errorT(%s)", s);
    go_error *e = errors_NewTyped(&errorT, runtime_strdup(s), NULL, msg);
    free(msg);
    return e;
}

// Not ported from TestAs: the poser rows (a custom As method), the
// interface-target rows (timeout) and os.Open's error.
void TestAs(T *t) {
    go_error *errF = errors_NewTyped(&pathError, runtime_strdup("non-existing"), NULL,
                                     "open non-existing: no such file or directory");
    const struct {
        go_error *err;
        const go_errorType *target;
        bool match;
        const char *want; // the payload on match
    } testCases[] = {
        { NULL, &pathError, false, NULL },
        { wrapped("pitied the fool", newErrorT("T")), &errorT, true, "T" },
        { errF, &pathError, true, "non-existing" },
        { newErrorT(""), &pathError, false, NULL },
        { wrapped("wrapped", NULL), &errorT, false, NULL },
        { wrapped("path error", errF), &pathError, true, "non-existing" },
    };
    for (size_t i = 0; i < sizeof testCases / sizeof testCases[0]; i++) {
        const char *got = errors_As(testCases[i].err, testCases[i].target);
        bool match = got != NULL;
        if (match != testCases[i].match) {
            t_errorf(t, "%zu:As(Errorf(..., %s), %s): match: got %d; want %d", i,
                     go_error_Error(testCases[i].err), testCases[i].target->name, match,
                     testCases[i].match);
            continue;
        }
        if (match && strcmp(got, testCases[i].want) != 0) {
            t_errorf(t, "%zu: got %s, want %s", i, got, testCases[i].want);
        }
    }
    // errF is wrapped by the last row, which owns it.
    for (size_t i = 0; i < sizeof testCases / sizeof testCases[0]; i++) {
        if (testCases[i].err != errF) {
            go_error_free(testCases[i].err);
        }
    }
}

void TestUnwrap(T *t) {
    go_error *err1 = errors_New("1");
    go_error *erra = wrapped("wrap 2", err1);
    go_error *w = wrapped("wrapped", NULL);
    go_error *wrap3 = wrapped("wrap 3", erra);
    const struct {
        const go_error *err, *want;
    } testCases[] = {
        { NULL, NULL }, { w, NULL }, { err1, NULL }, { erra, err1 }, { wrap3, erra },
    };
    for (size_t i = 0; i < sizeof testCases / sizeof testCases[0]; i++) {
        const go_error *got = errors_Unwrap(testCases[i].err);
        if (got != testCases[i].want) {
            t_errorf(t, "Unwrap(%s) = %s, want %s", go_error_Error(testCases[i].err),
                     go_error_Error(got), go_error_Error(testCases[i].want));
        }
    }
    go_error_free(w);
    go_error_free(wrap3);
}

// ctest: errors_IsType stands for errors.Is with a sentinel error.
void TestIsType(T *t) {
    static const go_errorType sentinel = { "sentinel", NULL };
    go_error *s = errors_NewTyped(&sentinel, NULL, NULL, "sentinel");
    go_error *w = fmt_Errorf(s, "context: %s", go_error_Error(s));
    if (!errors_IsType(w, &sentinel)) {
        t_errorf(t, "IsType(%s, sentinel) = false, want true", go_error_Error(w));
    }
    if (errors_IsType(w, &errorT)) {
        t_errorf(t, "IsType(%s, errorT) = true, want false", go_error_Error(w));
    }
    if (strcmp(go_error_Error(w), "context: sentinel") != 0) {
        t_errorf(t, "got %s, want %s", go_error_Error(w), "context: sentinel");
    }
    go_error_free(w);
}
