// std.h: the parts of Go's standard library that several ctest packages need:
// errors and fmt.Errorf, strconv, time's durations, flag, and the runtime's
// panic and allocation. One header for internal/std; not installed.
//
// Conventions (see ../../shared/STYLE.md): a returned char * belongs to the
// caller (free it); a go_error * is Go's error, NULL is nil, and the caller
// owns a returned one (go_error_free). Results go through out-parameters
// written only on success.
#ifndef CTEST_INTERNAL_STD_STD_H
#define CTEST_INTERNAL_STD_STD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "testing/go.h"

// ---- runtime (runtime.c) ----

// runtime_malloc, runtime_calloc, runtime_realloc and runtime_strdup never
// return NULL: on exhaustion they print "fatal error: runtime: out of memory"
// and exit 2, as the Go runtime does.
void *runtime_malloc(size_t n);
void *runtime_calloc(size_t count, size_t size);
void *runtime_realloc(void *p, size_t n);
char *runtime_strdup(const char *s);
char *runtime_strndup(const char *s, size_t n);
// runtime_sprintf is fmt.Sprintf over C's printf verbs; the caller frees.
char *runtime_sprintf(const char *format, ...) __attribute__((format(printf, 1, 2)));
char *runtime_vsprintf(const char *format, va_list ap) __attribute__((format(printf, 1, 0)));

// runtime_panicHandler, when set for the calling thread, receives every
// go_panic (its message, already formatted, and the handler's ctx) and must
// not return: the testing package sets one while a test runs and longjmps to
// its tRunner. With none set, go_panic prints "panic: <msg>" as Go does and
// exits with status 2.
typedef void (*runtime_PanicHandler)(void *ctx, const char *msg);
void runtime_setPanicHandler(runtime_PanicHandler h, void *ctx);

// ---- errors, fmt.Errorf (errors.c) ----

// go_error is Go's error interface. Every error has a message; a wrapping
// error (fmt.Errorf with %w) owns the error it wraps; a typed error carries a
// type tag and a payload so that errors.As can find it.
typedef struct go_error go_error;

// errors_New is errors.New(msg).
go_error *errors_New(const char *msg);
// fmt_Errorf is fmt.Errorf. With wrapped != NULL it is Go's %w: the result
// owns wrapped and errors_Unwrap returns it; the format must then already
// contain wrapped's text where %w stood (pass go_error_Error(wrapped) to %s).
go_error *fmt_Errorf(go_error *wrapped, const char *format, ...)
        __attribute__((format(printf, 2, 3)));
// go_error_Error is err.Error(): borrowed from err, valid until it is freed.
const char *go_error_Error(const go_error *err);
// errors_Unwrap is errors.Unwrap: borrowed from err, or NULL.
go_error *errors_Unwrap(const go_error *err);
// go_error_free frees err and what it wraps; NULL is a no-op.
void go_error_free(go_error *err);

// Typed errors, for errors.As: a type is identified by the address of a
// go_errorType; payload is owned by the error and freed by the type's free.
typedef struct go_errorType {
    const char *name;            // for debugging, e.g. "*fuzz.MalformedCorpusError"
    void (*free)(void *payload); // frees payload; may be NULL
} go_errorType;
go_error *errors_NewTyped(const go_errorType *type, void *payload, go_error *wrapped,
        const char *msg);
// errors_As walks err's chain and returns the payload of the first error of
// the given type, or NULL: errors.As(err, &target).
void *errors_As(const go_error *err, const go_errorType *type);

// ---- strconv (strconv_*.c) ----

// strconv_Quote is strconv.Quote of the n bytes at s, with Go 1.19's IsPrint
// tables: "\"...\"", invalid UTF-8 as \x.., non-printables escaped.
char *strconv_Quote(const char *s, size_t n);
// strconv_QuoteRune is strconv.QuoteRune (fmt's %q of a rune).
char *strconv_QuoteRune(int32_t r);
// strconv_QuoteToASCII is strconv.QuoteToASCII.
char *strconv_QuoteToASCII(const char *s, size_t n);
// strconv_IsPrint is strconv.IsPrint (Go 1.19 tables).
bool strconv_IsPrint(int32_t r);
// strconv_Unquote is strconv.Unquote of the n bytes at s (a "...", `...` or
// '...' literal); on success *out (caller frees, NUL-terminated as a
// convenience but may hold NUL bytes) and *outlen are set.
go_error *strconv_Unquote(const char *s, size_t n, char **out, size_t *outlen);
// strconv_UnquoteChar is strconv.UnquoteChar.
go_error *strconv_UnquoteChar(const char *s, size_t n, char quote, int32_t *value,
        bool *multibyte, size_t *consumed);
// strconv_FormatFloat is strconv.FormatFloat(f, fmt, prec, bitSize); fmt's
// %v of a float64 is FormatFloat(f, 'g', -1, 64), of a float32 bitSize 32.
char *strconv_FormatFloat(double f, char fmt, int prec, int bitSize);
// strconv_FormatInt / FormatUint are strconv.FormatInt(i, base) etc.
char *strconv_FormatInt(int64_t i, int base);
char *strconv_FormatUint(uint64_t u, int base);
// strconv_ParseInt / ParseUint / ParseFloat are Go's, with Go's error texts
// (`strconv.ParseInt: parsing "x": invalid syntax`, `... value out of range`).
// base 0 accepts 0x, 0o, 0b prefixes, a leading 0 for octal, and underscores.
go_error *strconv_ParseInt(const char *s, size_t n, int base, int bitSize, int64_t *out);
go_error *strconv_ParseUint(const char *s, size_t n, int base, int bitSize, uint64_t *out);
go_error *strconv_ParseFloat(const char *s, size_t n, int bitSize, double *out);
go_error *strconv_ParseBool(const char *s, size_t n, bool *out);
// strconv_ErrRange / strconv_ErrSyntax identify the two NumError causes
// (errors.Is(err, strconv.ErrRange)).
bool strconv_IsErrRange(const go_error *err);
bool strconv_IsErrSyntax(const go_error *err);

// ---- time (time_*.c, time_*.re) ----

// time_Duration is time.Duration: nanoseconds.
typedef int64_t time_Duration;
// time_ParseDuration is time.ParseDuration with Go's error texts
// (`time: invalid duration "x"`).
go_error *time_ParseDuration(const char *s, size_t n, time_Duration *out);
// time_Duration_String is Duration.String(): "1.5s", "0s", "2h3m0s".
char *time_Duration_String(time_Duration d);
// time_now is the monotonic clock in nanoseconds (time.Now for intervals).
int64_t time_now(void);

#endif // CTEST_INTERNAL_STD_STD_H
