// Ports go1.19.8 src/testing/testing.go's and fuzz.go's methods of T and F
// that common has: Log, Error, Fatal, Skip and their f forms, Fail,
// FailNow, SkipNow, Failed, Skipped, Name, Helper, Cleanup, TempDir and
// Setenv. Each forwards to common's (testing.c, tempdir.c); three of F's
// refuse to run inside the fuzz target, as Go's do. All but TempDir and
// Setenv are made from common_methods.h's list.
//
#include <stdarg.h>

#include "testing/internal.h"

// THEN_<then>(c) is what a LOG row does after logging.
#define THEN_(c) (void)0
#define THEN_Fail(c) testing_common_Fail(c)
#define THEN_FailNow(c) testing_common_FailNow(c)
#define THEN_SkipNow(c) testing_common_SkipNow(c)

// GUARD_<P>_<inFuzzFn>(x, Name) starts a DO or GET row's method: F's
// methods whose row says panics refuse to run inside the fuzz target.
#define GUARD_testing_T_ok(x, Name) (void)0
#define GUARD_testing_T_panics(x, Name) (void)0
#define GUARD_testing_F_ok(x, Name) (void)0
#define GUARD_testing_F_panics(x, Name)                                                            \
    do {                                                                                           \
        if ((x)->inFuzzFn) {                                                                       \
            go_panic("testing: f." #Name " was called inside the fuzz target, use t." #Name        \
                     " instead");                                                                  \
        }                                                                                          \
    } while (0)

// TESTING_COMMON_METHODS(DEFINE, P) defines P's methods but the OWN ones.
#define DEFINE_LOG(P, noreturn, Name, then)                                                        \
    noreturn void P##_##Name(P *x, const char *file, int line, const char *msg) {                  \
        testing_common_logMethod(&x->common, #Name, file, line, msg);                              \
        THEN_##then(&x->common);                                                                   \
    }                                                                                              \
    noreturn void P##_##Name##f(P *x, const char *file, int line, const char *format, ...) {       \
        va_list ap;                                                                                \
        va_start(ap, format);                                                                      \
        testing_common_logfMethod(&x->common, #Name "f", file, line, format, ap);                  \
        va_end(ap);                                                                                \
        THEN_##then(&x->common);                                                                   \
    }
#define DEFINE_DO(P, noreturn, Name, params, args, inFuzzFn)                                       \
    noreturn void P##_##Name(P *x TESTING_UNPAREN params) {                                        \
        GUARD_##P##_##inFuzzFn(x, Name);                                                           \
        testing_common_##Name(&x->common TESTING_UNPAREN args);                                    \
    }
#define DEFINE_GET(P, type, Name, inFuzzFn)                                                        \
    type P##_##Name(P *x) {                                                                        \
        GUARD_##P##_##inFuzzFn(x, Name);                                                           \
        return testing_common_##Name(&x->common);                                                  \
    }
#define DEFINE_OWN(P, type, Name, params)

TESTING_COMMON_METHODS(DEFINE, testing_T)
TESTING_COMMON_METHODS(DEFINE, testing_F)

// ---- TempDir and Setenv, which T and F call with different locations ----

const char *testing_T_TempDir(testing_T *t) {
    // ctest: a failure is reported at testing.go, as the macro passes no file.
    return testing_common_TempDir(&t->common, "testing.go", 1075);
}

void testing_T_Setenv(testing_T *t, const char *key, const char *value) {
    if (t->isParallel) {
        go_panic(
                "testing: t.Setenv called after t.Parallel; cannot set environment variables in parallel tests");
    }
    t->isEnvSet = true;
    testing_common_Setenv(&t->common, "testing.go", 1160, key, value);
}

const char *testing_F_TempDir(testing_F *f) {
    return testing_common_TempDir(&f->common, "fuzz.go", 1);
}

void testing_F_Setenv(testing_F *f, const char *key, const char *value) {
    testing_common_Setenv(&f->common, "fuzz.go", 1, key, value);
}
