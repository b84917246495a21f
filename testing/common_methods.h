// common_methods.h: the methods T and F share, which Go's T and F have from
// common. One list makes both testing.h's declarations (testing_T_Log,
// testing_F_Log, ...) and common_methods.c's definitions, which forward to
// common's. A public header, as testing.h, which includes it: it includes
// nothing.
#ifndef CTEST_TESTING_COMMON_METHODS_H
#define CTEST_TESTING_COMMON_METHODS_H

// TESTING_COMMON_METHODS(X, P) calls X_<shape>(P, ...) for each method of
// receiver type P (testing_T or testing_F), where shape says what the
// method does and what the row's other columns are:
//
//   X_LOG(P, noreturn, Name, then): P_Name(P *, file, line, msg) logs msg
//       at the caller's file:line and P_Namef(P *, file, line, format, ...)
//       the formatted message; then both call common's then (none: empty).
//   X_DO(P, noreturn, Name, params, args, inFuzzFn): P_Name(P * params)
//       calls common's Name(args) and returns nothing.
//   X_GET(P, type, Name, inFuzzFn): P_Name(P *) returns common's Name.
//   X_OWN(P, type, Name, params): P_Name(P * params), whose T and F forms
//       differ, is written out by hand.
//
// noreturn is _Noreturn or empty. params and args are the parameters and
// arguments after the receiver, in parentheses, each after a comma.
// inFuzzFn is panics for a method that F refuses to run inside the fuzz
// target, as Go's F.Fail, F.Skipped and F.Helper do (T's run anywhere),
// else ok.
// One row a line: clang-format would run the pasted names together.
// clang-format off
#define TESTING_COMMON_METHODS(X, P)                                                               \
    X##_LOG(P, , Log, )                                                                            \
    X##_LOG(P, , Error, Fail)                                                                      \
    X##_LOG(P, _Noreturn, Fatal, FailNow)                                                          \
    X##_LOG(P, _Noreturn, Skip, SkipNow)                                                           \
    X##_DO(P, , Fail, (), (), panics)                                                              \
    X##_DO(P, _Noreturn, FailNow, (), (), ok)                                                      \
    X##_DO(P, _Noreturn, SkipNow, (), (), ok)                                                      \
    X##_GET(P, bool, Failed, ok)                                                                   \
    X##_GET(P, bool, Skipped, panics)                                                              \
    X##_GET(P, const char *, Name, ok)                                                             \
    X##_DO(P, , Helper, (, const char *func), (, func), panics)                                    \
    X##_DO(P, , Cleanup, (, void (*fn)(void *arg), void *arg), (, fn, arg), ok)                    \
    X##_OWN(P, const char *, TempDir, ())                                                          \
    X##_OWN(P, void, Setenv, (, const char *key, const char *value))
// clang-format on

// TESTING_UNPAREN (a, b) is a, b: a row's params or args without their
// parentheses.
#define TESTING_UNPAREN(...) __VA_ARGS__

#define TESTING_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))

// TESTING_COMMON_METHODS(TESTING_DECLARE, P) declares P's methods.
#define TESTING_DECLARE_LOG(P, noreturn, Name, then)                                               \
    noreturn void P##_##Name(P *x, const char *file, int line, const char *msg);                   \
    noreturn void P##_##Name##f(P *x, const char *file, int line, const char *format, ...)         \
            TESTING_PRINTF(4, 5);
#define TESTING_DECLARE_DO(P, noreturn, Name, params, args, inFuzzFn)                              \
    noreturn void P##_##Name(P *x TESTING_UNPAREN params);
#define TESTING_DECLARE_GET(P, type, Name, inFuzzFn) type P##_##Name(P *x);
#define TESTING_DECLARE_OWN(P, type, Name, params) type P##_##Name(P *x TESTING_UNPAREN params);

#endif // CTEST_TESTING_COMMON_METHODS_H
