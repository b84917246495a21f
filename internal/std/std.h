// std.h: the parts of Go's standard library that several ctest packages need:
// errors and fmt.Errorf, unicode/utf8 and unicode.IsSpace, strings.Builder,
// strconv, time's durations, flag, regexp/syntax's parser, and the runtime's
// panic and allocation.
// One header for internal/std; not installed.
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
#include <stdio.h>

#include "internal/std/go.h"

// ---- runtime (runtime.c) ----

// runtime_malloc, runtime_calloc, runtime_realloc and runtime_strdup never
// return NULL: on exhaustion they print "fatal error: runtime: out of memory"
// and exit 2, as the Go runtime does.
void *runtime_malloc(size_t n);
void *runtime_calloc(size_t count, size_t size);
void *runtime_realloc(void *p, size_t n);
char *runtime_strdup(const char *s);
// runtime_Mallocs is the number of allocations (runtime_malloc, _calloc,
// _realloc and what calls them) the calling thread has made, as Go's
// MemStats.Mallocs counts them for testing.AllocsPerRun. ctest: per thread.
uint64_t runtime_Mallocs(void);
// runtime_strndup copies the first n bytes of s, up to a NUL, into a new
// string the caller frees; s may be NULL when n is 0 (an empty go_string).
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
// runtime_getPanicHandler returns the calling thread's handler and its ctx,
// so that code that sets its own for a while can put the old one back.
runtime_PanicHandler runtime_getPanicHandler(void **ctx);
// runtime_panicLine is where the calling thread's last go_panic was called
// (*file NULL if none): ctest's stand-in for the frames of Go's stack.
void runtime_panicLine(const char **file, int *line);

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
// errors_Is is errors.Is: whether target is err or an error err wraps. Every
// go_error is a pointer, so this is identity down the chain.
bool errors_Is(const go_error *err, const go_error *target);
// errors_IsType reports whether err or an error it wraps has the given type.
// It stands for errors.Is with Go's sentinel errors (flag.ErrHelp): each
// error here is a fresh allocation its caller frees, so a sentinel is a
// go_errorType (payload NULL) rather than one shared value.
bool errors_IsType(const go_error *err, const go_errorType *type);

// ---- unicode/utf8 (utf8.c), unicode (unicode.c) ----

// utf8's constants, with Go's names.
enum {
    utf8_RuneError = 0xFFFD, // utf8.RuneError, U+FFFD: what an invalid encoding decodes to
    utf8_RuneSelf = 0x80,    // utf8.RuneSelf: a byte below it is a rune by itself
    utf8_MaxRune = 0x10FFFF, // utf8.MaxRune: the last code point
    utf8_UTFMax = 4,         // utf8.UTFMax: the longest encoding, in bytes
};

// utf8_DecodeRune is utf8.DecodeRune and DecodeRuneInString of the n bytes
// at s: the first rune, and its length in *size. An empty input gives
// (RuneError, 0); an invalid encoding (a stray byte, an overlong form, a
// surrogate, a value past MaxRune, a sequence cut short) gives (RuneError,
// 1). The one UTF-8 decoder of the project.
int32_t utf8_DecodeRune(const char *s, size_t n, size_t *size);
// utf8_ValidRune is utf8.ValidRune: r is a code point and not a surrogate.
bool utf8_ValidRune(int32_t r);
// utf8_EncodeRune is utf8.EncodeRune: writes r's encoding (RuneError's for
// an invalid r) to p, which has room for utf8_UTFMax bytes, and returns its
// length. No NUL is written.
size_t utf8_EncodeRune(char *p, int32_t r);

// unicode_IsSpace is unicode.IsSpace: r has Unicode's White_Space property
// (Go 1.19's tables). Not the same set as category Z.
bool unicode_IsSpace(int32_t r);

// ---- strings (strings_builder.c) ----

// strings_Builder is strings.Builder: a string assembled by appending to it.
// The zero value ({ 0 }) is an empty builder, ready to use; Reset frees what
// it holds. ctest: the bytes are always followed by a NUL, so String reads
// as a C string; and a builder copied by value is not caught (Go panics in
// copyCheck): pass it by pointer.
typedef struct strings_Builder {
    char *buf;  // the bytes, then a NUL; NULL until something is written
    size_t len; // how many bytes were written, the NUL not counted
    size_t cap; // how many bytes buf has room for, the NUL included
} strings_Builder;

// strings_Builder_String is Builder.String: the bytes written so far,
// borrowed from b until it is next written to, truncated, reset or
// detached; "" for an empty builder. They may hold a NUL of their own:
// strings_Builder_Len says how many there are.
const char *strings_Builder_String(const strings_Builder *b);
// strings_Builder_Len and Cap are Builder.Len and Builder.Cap: the bytes
// written, and the room allocated for them (the NUL's byte not counted).
size_t strings_Builder_Len(const strings_Builder *b);
size_t strings_Builder_Cap(const strings_Builder *b);
// strings_Builder_Reset is Builder.Reset: frees b's storage; b is then empty.
void strings_Builder_Reset(strings_Builder *b);
// strings_Builder_Grow is Builder.Grow: room for n more bytes, so that
// writing them does not allocate.
void strings_Builder_Grow(strings_Builder *b, size_t n);
// strings_Builder_Write, WriteByte, WriteRune (UTF-8, RuneError for an
// invalid r; returns the length written) and WriteString (a C string)
// append to b, as Builder's methods of those names do; none fails.
void strings_Builder_Write(strings_Builder *b, const void *p, size_t n);
void strings_Builder_WriteByte(strings_Builder *b, char c);
size_t strings_Builder_WriteRune(strings_Builder *b, int32_t r);
void strings_Builder_WriteString(strings_Builder *b, const char *s);
// ctest: strings_Builder_Printf appends printf's formatting of its
// arguments, where Go code calls fmt.Fprintf(&b, ...).
void strings_Builder_Printf(strings_Builder *b, const char *format, ...)
        __attribute__((format(printf, 2, 3)));
// ctest: strings_Builder_Truncate keeps the first n bytes (n past Len panics) and
// the storage, for Go code that reslices a []byte buffer (buf = buf[:n]),
// as bytes.Buffer.Truncate does; Builder has no such method.
void strings_Builder_Truncate(strings_Builder *b, size_t n);
// ctest: strings_Builder_Detach hands b's bytes, NUL-terminated, to the
// caller, who frees them ("" for an empty builder, newly allocated); b is
// then empty. Go's String shares the bytes instead, which C cannot do
// without saying who frees them.
char *strings_Builder_Detach(strings_Builder *b);

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
// strconv_unhexDigit is strconv's (and regexp/syntax's) unhex: the value
// of the hex digit c, or -1.
int32_t strconv_unhexDigit(int32_t c);
// strconv_Unquote is strconv.Unquote of the n bytes at s (a "...", `...` or
// '...' literal); on success *out (caller frees, NUL-terminated as a
// convenience but may hold NUL bytes) and *outlen are set.
go_error *strconv_Unquote(const char *s, size_t n, char **out, size_t *outlen);
// strconv_UnquoteChar is strconv.UnquoteChar.
go_error *strconv_UnquoteChar(const char *s, size_t n, char quote, int32_t *value, bool *multibyte,
                              size_t *consumed);
// strconv_FormatFloat is strconv.FormatFloat(f, fmt, prec, bitSize); fmt's
// %v of a float64 is FormatFloat(f, 'g', -1, 64), of a float32 bitSize 32.
char *strconv_FormatFloat(double f, char fmt, int prec, int bitSize);
// strconv_FormatInt / FormatUint are strconv.FormatInt(i, base) etc.
char *strconv_FormatInt(int64_t i, int base);
char *strconv_FormatUint(uint64_t u, int base);
// strconv_ParseInt / ParseUint / ParseFloat are Go's, with Go's error texts
// (`strconv.ParseInt: parsing "x": invalid syntax`, `... value out of range`).
// base 0 accepts 0x, 0o, 0b prefixes, a leading 0 for octal, and underscores.
// A range error still sets *out to Go's value (the clamped integer, or ±Inf
// for ParseFloat); other errors leave *out alone. ParseFloat with bitSize 32
// rounds to a float32; any other bitSize means 64, as in Go.
go_error *strconv_ParseInt(const char *s, size_t n, int base, int bitSize, int64_t *out);
go_error *strconv_ParseUint(const char *s, size_t n, int base, int bitSize, uint64_t *out);
go_error *strconv_ParseFloat(const char *s, size_t n, int bitSize, double *out);
go_error *strconv_ParseBool(const char *s, size_t n, bool *out);
// strconv_ErrRange / strconv_ErrSyntax identify the two NumError causes
// (errors.Is(err, strconv.ErrRange)).
bool strconv_IsErrRange(const go_error *err);
bool strconv_IsErrSyntax(const go_error *err);

// ---- os (os.c) ----

// os_ReadFile is os.ReadFile: the whole file at path in *data (caller
// frees; a NUL follows the n bytes). Errors read as Go's *PathError does.
go_error *os_ReadFile(const char *path, char **data, size_t *n);
// os_ReadRegularFile is os_ReadFile for a file that may be special: a
// FIFO, a device or a socket at path (or a link to one) is neither waited
// for nor read; *special is set instead and nothing is returned. A
// directory fails as os_ReadFile's does.
go_error *os_ReadRegularFile(const char *path, char **data, size_t *n, bool *special);
// os_ReadRegularFileAt is os_ReadRegularFile for the file name in the
// directory open as dirfd (AT_FDCWD: the working directory), which spares
// the walk of a long path; path names the file in an error.
go_error *os_ReadRegularFileAt(int dirfd, const char *name, const char *path, char **data,
                               size_t *n, bool *special);
// os_MkdirAll is os.MkdirAll(dir, 0777): dir and the parents it lacks; a
// directory that exists already is not an error, a file there is.
go_error *os_MkdirAll(const char *dir);

// ---- internal/godebug (godebug.c) ----

// godebug_Get is godebug.Get: the value of key=value in $GODEBUG, or "";
// *n is its length (the value is not NUL-terminated).
const char *godebug_Get(const char *key, size_t *n);
// godebug_get is get: the same, in s instead of $GODEBUG.
const char *godebug_get(const char *s, const char *key, size_t *n);

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

// ---- flag (flag.c) ----

// flag_ErrorHandling is flag.ErrorHandling: what Parse does on an error.
typedef enum flag_ErrorHandling {
    flag_ContinueOnError, // return the error
    flag_ExitOnError,     // exit 2, or 0 for -h/-help
    flag_PanicOnError,    // go_panic with the error's text
} flag_ErrorHandling;

// flag_Value is flag.Value, the interface behind every flag: a receiver and
// its methods. The flag package's own values (Bool, Int, ...) are flag_Values
// too; a custom one (testing's durationOrCountFlag) fills in its own.
typedef struct flag_Value {
    void *recv; // the receiver, passed to each method; not owned by the flag set
    // String returns the value as text (the caller frees). Called with recv
    // NULL it returns the text of the type's zero value, which PrintDefaults
    // compares with the default (Go's isZeroValue calls String on a new zero
    // value of the type).
    char *(*String)(const void *recv);
    // Set parses s and stores it, or returns an error (Parse wraps its text:
    // `invalid value "x" for flag -n: <text>`).
    go_error *(*Set)(void *recv, const char *s);
    // IsBoolFlag, when not NULL, is Go's optional IsBoolFlag method: a flag
    // whose IsBoolFlag returns true takes no argument (-v means -v=true).
    // Its presence alone makes PrintDefaults show no type name, as Go's
    // UnquoteUsage does for any boolFlag.
    bool (*IsBoolFlag)(const void *recv);
} flag_Value;

// flag_Flag is flag.Flag, the state of one defined flag. Its strings belong
// to the flag set.
typedef struct flag_Flag {
    const char *Name;     // name as it appears on the command line
    const char *Usage;    // help message
    flag_Value Value;     // value as set
    const char *DefValue; // default value (as text); for the usage message
} flag_Flag;

// flag_FlagSet is flag.FlagSet: a set of defined flags.
typedef struct flag_FlagSet flag_FlagSet;

// flag_NewFlagSet is flag.NewFlagSet; free with flag_FlagSet_free. A non-empty
// name is printed in the usage message and in error messages.
flag_FlagSet *flag_NewFlagSet(const char *name, flag_ErrorHandling errorHandling);
// flag_FlagSet_free frees f, its flags and the values it allocated (the
// storage behind flag_FlagSet_Bool's pointer and the like); NULL is a no-op.
void flag_FlagSet_free(flag_FlagSet *f);
// flag_FlagSet_Init is FlagSet.Init: sets the name and error handling.
void flag_FlagSet_Init(flag_FlagSet *f, const char *name, flag_ErrorHandling errorHandling);
// flag_CommandLine is flag.CommandLine, the process's flag set, made on first
// use with no name and ExitOnError. Go names it os.Args[0]: call
// flag_FlagSet_Init(flag_CommandLine(), argv[0], flag_ExitOnError) in main.
flag_FlagSet *flag_CommandLine(void);

// flag_FlagSet_Name / ErrorHandling / Parsed are FlagSet's accessors.
const char *flag_FlagSet_Name(const flag_FlagSet *f);
flag_ErrorHandling flag_FlagSet_ErrorHandling(const flag_FlagSet *f);
bool flag_FlagSet_Parsed(const flag_FlagSet *f);
// flag_FlagSet_Output is FlagSet.Output: where usage and error messages go,
// stderr unless flag_FlagSet_SetOutput set another stream (NULL: stderr).
FILE *flag_FlagSet_Output(const flag_FlagSet *f);
void flag_FlagSet_SetOutput(flag_FlagSet *f, FILE *output);
// flag_FlagSet_SetUsage sets Go's FlagSet.Usage field: the function called
// (with ctx) when parsing fails or help is asked for. NULL restores the
// default, which prints "Usage of <name>:" and PrintDefaults.
void flag_FlagSet_SetUsage(flag_FlagSet *f, void (*usage)(void *ctx), void *ctx);
// flag_FlagSet_Usage calls f's Usage (Go: f.Usage()).
void flag_FlagSet_Usage(flag_FlagSet *f);
// flag_FlagSet_PrintDefaults is FlagSet.PrintDefaults, byte for byte Go's.
void flag_FlagSet_PrintDefaults(flag_FlagSet *f);

// Defining flags. Each is FlagSet.X / FlagSet.XVar: X returns storage owned
// by f (valid until flag_FlagSet_free) holding the default until Parse sets
// it; XVar stores into p. Each go_panics as Go does on a redefined flag or a
// name that begins with - or contains =. A string flag's value is the
// default given (borrowed: keep it alive) or a copy owned by f.
bool *flag_FlagSet_Bool(flag_FlagSet *f, const char *name, bool value, const char *usage);
void flag_FlagSet_BoolVar(flag_FlagSet *f, bool *p, const char *name, bool value,
                          const char *usage);
go_int *flag_FlagSet_Int(flag_FlagSet *f, const char *name, go_int value, const char *usage);
void flag_FlagSet_IntVar(flag_FlagSet *f, go_int *p, const char *name, go_int value,
                         const char *usage);
int64_t *flag_FlagSet_Int64(flag_FlagSet *f, const char *name, int64_t value, const char *usage);
void flag_FlagSet_Int64Var(flag_FlagSet *f, int64_t *p, const char *name, int64_t value,
                           const char *usage);
go_uint *flag_FlagSet_Uint(flag_FlagSet *f, const char *name, go_uint value, const char *usage);
void flag_FlagSet_UintVar(flag_FlagSet *f, go_uint *p, const char *name, go_uint value,
                          const char *usage);
uint64_t *flag_FlagSet_Uint64(flag_FlagSet *f, const char *name, uint64_t value, const char *usage);
void flag_FlagSet_Uint64Var(flag_FlagSet *f, uint64_t *p, const char *name, uint64_t value,
                            const char *usage);
const char **flag_FlagSet_String(flag_FlagSet *f, const char *name, const char *value,
                                 const char *usage);
void flag_FlagSet_StringVar(flag_FlagSet *f, const char **p, const char *name, const char *value,
                            const char *usage);
time_Duration *flag_FlagSet_Duration(flag_FlagSet *f, const char *name, time_Duration value,
                                     const char *usage);
void flag_FlagSet_DurationVar(flag_FlagSet *f, time_Duration *p, const char *name,
                              time_Duration value, const char *usage);
// flag_FlagSet_Func is FlagSet.Func: fn(ctx, s) is called with each value.
void flag_FlagSet_Func(flag_FlagSet *f, const char *name, const char *usage,
                       go_error *(*fn)(void *ctx, const char *s), void *ctx);
// flag_FlagSet_Var is FlagSet.Var: defines a flag with a custom value (its
// default text is value.String(value.recv) now).
void flag_FlagSet_Var(flag_FlagSet *f, flag_Value value, const char *name, const char *usage);

// flag_FlagSet_Parse is FlagSet.Parse over argv[0..argc), the arguments
// after the command name (Go's os.Args[1:]); argv must outlive f (Args
// borrows from it). Returns NULL, an error of type flag_ErrHelp for -h/-help
// (errors_IsType), or another error; with ExitOnError it exits instead.
go_error *flag_FlagSet_Parse(flag_FlagSet *f, int argc, char **argv);
// flag_ErrHelp is flag.ErrHelp ("flag: help requested"), as a sentinel type.
extern const go_errorType flag_ErrHelp;
// flag_FlagSet_Args is FlagSet.Args: the arguments left after the flags, a
// view into Parse's argv; *n receives their count.
char **flag_FlagSet_Args(const flag_FlagSet *f, go_int *n);
// flag_FlagSet_NArg, Arg and NFlag are FlagSet.NArg, Arg ("" out of range)
// and NFlag (how many flags were set).
go_int flag_FlagSet_NArg(const flag_FlagSet *f);
const char *flag_FlagSet_Arg(const flag_FlagSet *f, go_int i);
go_int flag_FlagSet_NFlag(const flag_FlagSet *f);
// flag_FlagSet_Lookup is FlagSet.Lookup: the named flag (borrowed from f) or NULL.
flag_Flag *flag_FlagSet_Lookup(const flag_FlagSet *f, const char *name);
// flag_FlagSet_Set is FlagSet.Set: sets the named flag as if from the
// command line (`no such flag -x` if undefined).
go_error *flag_FlagSet_Set(flag_FlagSet *f, const char *name, const char *value);
// flag_FlagSet_VisitAll / Visit are FlagSet.VisitAll / Visit: fn(ctx, flag)
// for every defined flag / every flag that has been set, sorted by name.
void flag_FlagSet_VisitAll(const flag_FlagSet *f, void (*fn)(void *ctx, flag_Flag *flag),
                           void *ctx);
void flag_FlagSet_Visit(const flag_FlagSet *f, void (*fn)(void *ctx, flag_Flag *flag), void *ctx);
// flag_UnquoteUsage is flag.UnquoteUsage: the back-quoted name in the usage
// (or the type's name) and the usage without the quotes; both caller-owned.
void flag_UnquoteUsage(const flag_Flag *flag, char **name, char **usage);

// ---- regexp/syntax (regexp_syntax*.c) ----

// regexp_acceptFn takes one PCRE2 pattern (borrowed) and reports whether
// it could compile it.
typedef bool (*regexp_acceptFn)(void *ctx, const char *pcre);

// regexp_prog is a pattern as a program (regexp_prog.c, ctest's), for
// what PCRE2 cannot hold: instructions from start, each of which goes on
// at out; Split goes on at out and at arg, Rune reads one rune that the
// PCRE2 pattern atoms[arg] matches, Empty checks the position (empty: a
// regexp_Empty kind).
enum {
    regexp_EmptyBeginLine = 1,
    regexp_EmptyEndLine,
    regexp_EmptyBeginText,
    regexp_EmptyEndText,
    regexp_EmptyWordBoundary,
    regexp_EmptyNoWordBoundary,
};
enum {
    regexp_InstFail,
    regexp_InstNop,
    regexp_InstSplit,
    regexp_InstRune,
    regexp_InstEmpty,
    regexp_InstMatch,
};
typedef struct regexp_inst {
    uint8_t op, empty;
    uint32_t out, arg;
} regexp_inst;
typedef struct regexp_prog {
    regexp_inst *inst;
    size_t ninst;
    uint32_t start;
    char **atoms;
    size_t natoms;
} regexp_prog;
void regexp_prog_free(regexp_prog *p);

// regexp_syntax_ToPCRE2 parses the n bytes at pat with Go 1.19's
// regexp/syntax (Perl flags, as regexp.Compile) and, when Go accepts them,
// hands accept a PCRE2 pattern that matches the same strings under the
// compile options regexp_syntax.c documents (PCRE2_UTF, no others needed).
// When accept refuses it (ctest: a PCRE2 limit, such as a -test.run of
// thousands of names), it hands it parts instead, each in turn, of which
// a string matches one exactly when it matches pat (regexp_acceptParts).
// When Go rejects pat, the error is Go's: "error parsing regexp: <code>:
// `<expr>`". When a part that cannot be cut is refused, *prog gets the
// whole pattern as a program instead (what accept took is to be dropped),
// or, with prog NULL, the error is "regexp/syntax: internal error".
go_error *regexp_syntax_ToPCRE2(const char *pat, size_t n, regexp_acceptFn accept, void *ctx,
                                regexp_prog *prog);

#endif // CTEST_INTERNAL_STD_STD_H
