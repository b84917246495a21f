// Ports go1.19.8 src/testing/testing.go's and fuzz.go's methods of T and F
// that common has: Log, Error, Fatal, Skip and their f forms, Fail,
// FailNow, SkipNow, Failed, Skipped, Name, Helper, Cleanup, TempDir and
// Setenv. Each forwards to common's (testing.c, tempdir.c); three of F's
// refuse to run inside the fuzz target, as Go's do.
//
#include <stdarg.h>

#include "testing/internal.h"

// ---- T's methods ----

void testing_T_Log(testing_T *t, const char *file, int line, const char *msg) {
    testing_common_logMethod(&t->common, "Log", file, line, msg);
}

void testing_T_Logf(testing_T *t, const char *file, int line, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    testing_common_logfMethod(&t->common, "Logf", file, line, format, ap);
    va_end(ap);
}

void testing_T_Error(testing_T *t, const char *file, int line, const char *msg) {
    testing_common_logMethod(&t->common, "Error", file, line, msg);
    testing_common_Fail(&t->common);
}

void testing_T_Errorf(testing_T *t, const char *file, int line, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    testing_common_logfMethod(&t->common, "Errorf", file, line, format, ap);
    va_end(ap);
    testing_common_Fail(&t->common);
}

_Noreturn void testing_T_Fatal(testing_T *t, const char *file, int line, const char *msg) {
    testing_common_logMethod(&t->common, "Fatal", file, line, msg);
    testing_common_FailNow(&t->common);
}

_Noreturn void testing_T_Fatalf(testing_T *t, const char *file, int line, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    testing_common_logfMethod(&t->common, "Fatalf", file, line, format, ap);
    va_end(ap);
    testing_common_FailNow(&t->common);
}

_Noreturn void testing_T_Skip(testing_T *t, const char *file, int line, const char *msg) {
    testing_common_logMethod(&t->common, "Skip", file, line, msg);
    testing_common_SkipNow(&t->common);
}

_Noreturn void testing_T_Skipf(testing_T *t, const char *file, int line, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    testing_common_logfMethod(&t->common, "Skipf", file, line, format, ap);
    va_end(ap);
    testing_common_SkipNow(&t->common);
}

void testing_T_Fail(testing_T *t) {
    testing_common_Fail(&t->common);
}

_Noreturn void testing_T_FailNow(testing_T *t) {
    testing_common_FailNow(&t->common);
}

_Noreturn void testing_T_SkipNow(testing_T *t) {
    testing_common_SkipNow(&t->common);
}

bool testing_T_Failed(testing_T *t) {
    return testing_common_Failed(&t->common);
}

bool testing_T_Skipped(testing_T *t) {
    return testing_common_Skipped(&t->common);
}

const char *testing_T_Name(testing_T *t) {
    return t->common.name;
}

void testing_T_Helper(testing_T *t, const char *func) {
    testing_common_Helper(&t->common, func);
}

void testing_T_Cleanup(testing_T *t, void (*fn)(void *arg), void *arg) {
    testing_common_Cleanup(&t->common, fn, arg);
}

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

// ---- F's methods: the common ones, which panic inside the fuzz target ----

void testing_F_Log(testing_F *f, const char *file, int line, const char *msg) {
    testing_common_logMethod(&f->common, "Log", file, line, msg);
}

void testing_F_Logf(testing_F *f, const char *file, int line, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    testing_common_logfMethod(&f->common, "Logf", file, line, format, ap);
    va_end(ap);
}

void testing_F_Error(testing_F *f, const char *file, int line, const char *msg) {
    testing_common_logMethod(&f->common, "Error", file, line, msg);
    testing_common_Fail(&f->common);
}

void testing_F_Errorf(testing_F *f, const char *file, int line, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    testing_common_logfMethod(&f->common, "Errorf", file, line, format, ap);
    va_end(ap);
    testing_common_Fail(&f->common);
}

_Noreturn void testing_F_Fatal(testing_F *f, const char *file, int line, const char *msg) {
    testing_common_logMethod(&f->common, "Fatal", file, line, msg);
    testing_common_FailNow(&f->common);
}

_Noreturn void testing_F_Fatalf(testing_F *f, const char *file, int line, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    testing_common_logfMethod(&f->common, "Fatalf", file, line, format, ap);
    va_end(ap);
    testing_common_FailNow(&f->common);
}

_Noreturn void testing_F_Skip(testing_F *f, const char *file, int line, const char *msg) {
    testing_common_logMethod(&f->common, "Skip", file, line, msg);
    testing_common_SkipNow(&f->common);
}

_Noreturn void testing_F_Skipf(testing_F *f, const char *file, int line, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    testing_common_logfMethod(&f->common, "Skipf", file, line, format, ap);
    va_end(ap);
    testing_common_SkipNow(&f->common);
}

// testing_F_Fail is (*F).Fail: it refuses to run inside the fuzz target.
void testing_F_Fail(testing_F *f) {
    if (f->inFuzzFn) {
        go_panic("testing: f.Fail was called inside the fuzz target, use t.Fail instead");
    }
    testing_common_Fail(&f->common);
}

_Noreturn void testing_F_FailNow(testing_F *f) {
    testing_common_FailNow(&f->common);
}

_Noreturn void testing_F_SkipNow(testing_F *f) {
    testing_common_SkipNow(&f->common);
}

bool testing_F_Failed(testing_F *f) {
    return testing_common_Failed(&f->common);
}

// testing_F_Skipped is (*F).Skipped: it refuses to run inside the fuzz target.
bool testing_F_Skipped(testing_F *f) {
    if (f->inFuzzFn) {
        go_panic("testing: f.Skipped was called inside the fuzz target, use t.Skipped instead");
    }
    return testing_common_Skipped(&f->common);
}

const char *testing_F_Name(testing_F *f) {
    return f->common.name;
}

// testing_F_Helper is (*F).Helper: it refuses to run inside the fuzz target.
void testing_F_Helper(testing_F *f, const char *func) {
    if (f->inFuzzFn) {
        go_panic("testing: f.Helper was called inside the fuzz target, use t.Helper instead");
    }
    testing_common_Helper(&f->common, func);
}

void testing_F_Cleanup(testing_F *f, void (*fn)(void *arg), void *arg) {
    testing_common_Cleanup(&f->common, fn, arg);
}

const char *testing_F_TempDir(testing_F *f) {
    return testing_common_TempDir(&f->common, "fuzz.go", 1);
}

void testing_F_Setenv(testing_F *f, const char *key, const char *value) {
    testing_common_Setenv(&f->common, "fuzz.go", 1, key, value);
}
