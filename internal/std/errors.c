// Ports go1.19.8 src/errors/errors.go, src/errors/wrap.go and fmt.Errorf
// (src/fmt/errors.go): error values with a message, %w wrapping, Unwrap, Is
// and As.
//
// Go's error is an interface whose dynamic type decides Error, Unwrap and
// what errors.As matches; here every error is one struct: its message, the
// error it wraps (%w), and for typed errors a go_errorType tag and payload.
//
#include <stdarg.h>
#include <stdlib.h>

#include "internal/std/std.h"

struct go_error {
    char *msg;                // Error(); owned
    go_error *wrapped;        // Unwrap(); owned, or NULL
    const go_errorType *type; // the dynamic type for errors.As, or NULL (errorString, wrapError)
    void *payload;            // the typed error's value; owned, freed by type->free
};

// newError allocates an error; it takes ownership of msg, wrapped and payload.
static go_error *newError(char *msg, go_error *wrapped, const go_errorType *type, void *payload) {
    go_error *e = runtime_malloc(sizeof *e);
    e->msg = msg;
    e->wrapped = wrapped;
    e->type = type;
    e->payload = payload;
    return e;
}

go_error *errors_New(const char *msg) {
    return newError(runtime_strdup(msg), NULL, NULL, NULL);
}

go_error *fmt_Errorf(go_error *wrapped, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *msg = runtime_vsprintf(format, ap);
    va_end(ap);
    return newError(msg, wrapped, NULL, NULL);
}

go_error *errors_NewTyped(const go_errorType *type, void *payload, go_error *wrapped,
                          const char *msg) {
    return newError(runtime_strdup(msg), wrapped, type, payload);
}

const char *go_error_Error(const go_error *err) {
    if (err == NULL) {
        // ctest: Go's nil.Error() panics; this is what fmt's %v prints for nil.
        return "<nil>";
    }
    return err->msg;
}

go_error *errors_Unwrap(const go_error *err) {
    if (err == NULL) {
        return NULL;
    }
    return err->wrapped;
}

bool errors_Is(const go_error *err, const go_error *target) {
    if (target == NULL) {
        return err == target;
    }
    // Every go_error is a pointer, so comparable: identity, down the chain.
    for (; err != NULL; err = err->wrapped) {
        if (err == target) {
            return true;
        }
    }
    return false;
}

bool errors_IsType(const go_error *err, const go_errorType *type) {
    for (; err != NULL; err = err->wrapped) {
        if (err->type == type) {
            return true;
        }
    }
    return false;
}

void *errors_As(const go_error *err, const go_errorType *type) {
    if (type == NULL) {
        go_panic("errors: target cannot be nil");
    }
    for (; err != NULL; err = err->wrapped) {
        if (err->type == type) {
            return err->payload;
        }
    }
    return NULL;
}

void go_error_free(go_error *err) {
    // Iterate rather than recurse: a chain of wraps can be long.
    while (err != NULL) {
        go_error *next = err->wrapped;
        if (err->type != NULL && err->type->free != NULL) {
            err->type->free(err->payload);
        }
        free(err->msg);
        free(err);
        err = next;
    }
}
