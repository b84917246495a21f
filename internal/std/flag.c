// Ports go1.19.8 src/flag/flag.go: FlagSet, the built-in values (bool, int,
// int64, uint, uint64, string, duration, func), Var for custom values,
// Parse with Go's syntax and error texts, PrintDefaults and the default
// usage, byte for byte.
//
// Not ported: Float64 and TextVar (nothing here needs them), the Getter
// interface (callers keep the typed storage) and the package-level wrappers
// of CommandLine (use flag_CommandLine()).
//
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"

// ErrHelp: what Parse returns when the arguments ask for -help or -h and
// the set defines neither flag itself.
const go_errorType flag_ErrHelp = { "flag.ErrHelp", NULL };

static go_error *newErrHelp(void) {
    return errors_NewTyped(&flag_ErrHelp, NULL, NULL, "flag: help requested");
}

// errParse and errRange are what the built-in values' Set return; Parse
// wraps their text (flag.go's errParse, errRange).
static go_error *errParse(void) {
    return errors_New("parse error");
}

static go_error *errRange(void) {
    return errors_New("value out of range");
}

// numError maps a strconv error to errParse or errRange, as flag.go's
// numError does with *strconv.NumError; it frees err.
static go_error *numError(go_error *err) {
    if (strconv_IsErrSyntax(err)) {
        go_error_free(err);
        return errParse();
    }
    if (strconv_IsErrRange(err)) {
        go_error_free(err);
        return errRange();
    }
    return err;
}

// builtinValue is the receiver of the flag package's own values: Go's
// *boolValue, *intValue, ... are pointers to the variable itself; here the
// receiver also holds what the flag set must free.
typedef struct builtinValue {
    void *p;       // the variable: bool *, go_int *, ..., const char **
    char *owned;   // stringValue: the copy *p points to after Set, or NULL
    void *storage; // FlagSet.Bool & co.: the variable when f allocated it, or NULL
    go_error *(*fn)(void *ctx, const char *s); // funcValue: the function
    void *ctx;                                 // funcValue: its ctx
} builtinValue;

// -- bool Value

static go_error *boolValue_Set(void *recv, const char *s) {
    builtinValue *b = recv;
    bool v;
    go_error *err = strconv_ParseBool(s, strlen(s), &v);
    if (err != NULL) {
        go_error_free(err);
        err = errParse();
        v = false; // Go stores ParseBool's result, false, even on error
    }
    *(bool *)b->p = v;
    return err;
}

static char *boolValue_String(const void *recv) {
    const builtinValue *b = recv;
    bool v = b != NULL && *(const bool *)b->p; // NULL: the zero value
    return runtime_strdup(v ? "true" : "false");
}

static bool boolValue_IsBoolFlag(const void *recv) {
    (void)recv;
    return true;
}

// parseIntResult is the value Go's strconv.ParseInt(s, 0, 64) returns with
// err: the int64 nearest s when out of range, else 0. flag.go's Set stores
// it even on error, so a failed -n=1e99 leaves n at its maximum.
static int64_t parseIntResult(const char *s, const go_error *err) {
    if (!strconv_IsErrRange(err)) {
        return 0;
    }
    return s[0] == '-' ? INT64_MIN : INT64_MAX;
}

// -- int Value

static go_error *intValue_Set(void *recv, const char *s) {
    builtinValue *i = recv;
    int64_t v;
    go_error *err = strconv_ParseInt(s, strlen(s), 0, 64, &v); // strconv.IntSize is 64
    if (err != NULL) {
        v = parseIntResult(s, err);
        err = numError(err);
    }
    *(go_int *)i->p = v;
    return err;
}

static char *intValue_String(const void *recv) {
    const builtinValue *i = recv;
    return strconv_FormatInt(i != NULL ? *(const go_int *)i->p : 0, 10);
}

// -- int64 Value

static go_error *int64Value_Set(void *recv, const char *s) {
    builtinValue *i = recv;
    int64_t v;
    go_error *err = strconv_ParseInt(s, strlen(s), 0, 64, &v);
    if (err != NULL) {
        v = parseIntResult(s, err);
        err = numError(err);
    }
    *(int64_t *)i->p = v;
    return err;
}

static char *int64Value_String(const void *recv) {
    const builtinValue *i = recv;
    return strconv_FormatInt(i != NULL ? *(const int64_t *)i->p : 0, 10);
}

// -- uint Value

static go_error *uintValue_Set(void *recv, const char *s) {
    builtinValue *i = recv;
    uint64_t v;
    go_error *err = strconv_ParseUint(s, strlen(s), 0, 64, &v); // strconv.IntSize is 64
    if (err != NULL) {
        v = strconv_IsErrRange(err) ? UINT64_MAX : 0; // what Go's ParseUint returns
        err = numError(err);
    }
    *(go_uint *)i->p = v;
    return err;
}

static char *uintValue_String(const void *recv) {
    const builtinValue *i = recv;
    return strconv_FormatUint(i != NULL ? *(const go_uint *)i->p : 0, 10);
}

// -- uint64 Value

static go_error *uint64Value_Set(void *recv, const char *s) {
    builtinValue *i = recv;
    uint64_t v;
    go_error *err = strconv_ParseUint(s, strlen(s), 0, 64, &v);
    if (err != NULL) {
        v = strconv_IsErrRange(err) ? UINT64_MAX : 0; // what Go's ParseUint returns
        err = numError(err);
    }
    *(uint64_t *)i->p = v;
    return err;
}

static char *uint64Value_String(const void *recv) {
    const builtinValue *i = recv;
    return strconv_FormatUint(i != NULL ? *(const uint64_t *)i->p : 0, 10);
}

// -- string Value

static go_error *stringValue_Set(void *recv, const char *val) {
    builtinValue *s = recv;
    // The flag set owns the copy; the previous one is no longer valid.
    free(s->owned);
    s->owned = runtime_strdup(val);
    *(const char **)s->p = s->owned;
    return NULL;
}

static char *stringValue_String(const void *recv) {
    const builtinValue *s = recv;
    const char *v = s != NULL ? *(const char *const *)s->p : NULL;
    return runtime_strdup(v != NULL ? v : "");
}

// -- time.Duration Value

static go_error *durationValue_Set(void *recv, const char *s) {
    builtinValue *d = recv;
    time_Duration v;
    go_error *err = time_ParseDuration(s, strlen(s), &v);
    if (err != NULL) {
        go_error_free(err);
        err = errParse();
        v = 0; // Go stores ParseDuration's result, 0, even on error
    }
    *(time_Duration *)d->p = v;
    return err;
}

static char *durationValue_String(const void *recv) {
    const builtinValue *d = recv;
    return time_Duration_String(d != NULL ? *(const time_Duration *)d->p : 0);
}

// -- func Value

static go_error *funcValue_Set(void *recv, const char *s) {
    builtinValue *f = recv;
    return f->fn(f->ctx, s);
}

static char *funcValue_String(const void *recv) {
    (void)recv;
    return runtime_strdup("");
}

// flagEntry is a defined flag: the public flag_Flag and the memory behind it.
typedef struct flagEntry {
    flag_Flag flag;     // first, so a flag_Flag * is a flagEntry *
    char *name;         // flag.Name's storage
    char *usage;        // flag.Usage's storage
    char *defValue;     // flag.DefValue's storage
    builtinValue *recv; // the built-in value's receiver, owned, or NULL for Var's
} flagEntry;

// flagList is a Go []*Flag standing in for the map[string]*Flag fields;
// flag sets are small, so lookups are linear.
typedef struct flagList {
    flagEntry **v;
    size_t len, cap;
} flagList;

struct flag_FlagSet {
    // Usage runs when Parse fails, on a bad flag or on -help, to show
    // what the set accepts (Go's Usage field); NULL means defaultUsage.
    void (*Usage)(void *ctx);
    void *usageCtx;

    char *name;
    bool parsed;
    flagList actual; // the flags set, by Parse or Set; borrowed from formal
    flagList formal; // the flags defined; owned
    char **args;     // arguments after flags; a view of Parse's argv
    go_int nargs;
    flag_ErrorHandling errorHandling;
    FILE *output; // NULL means stderr; use flag_FlagSet_Output
};

static void flagList_append(flagList *l, flagEntry *e) {
    if (l->len == l->cap) {
        l->cap = l->cap == 0 ? 16 : 2 * l->cap;
        l->v = runtime_realloc(l->v, l->cap * sizeof l->v[0]);
    }
    l->v[l->len++] = e;
}

static flagEntry *flagList_get(const flagList *l, const char *name) {
    for (size_t i = 0; i < l->len; i++) {
        if (strcmp(l->v[i]->flag.Name, name) == 0) {
            return l->v[i];
        }
    }
    return NULL;
}

// flagList_set is `m[name] = flag` for the actual map: no duplicates.
static void flagList_set(flagList *l, flagEntry *e) {
    if (flagList_get(l, e->flag.Name) == NULL) {
        flagList_append(l, e);
    }
}

static int compareFlags(const void *a, const void *b) {
    const flagEntry *const *x = a, *const *y = b;
    // Go compares strings bytewise; strcmp compares as unsigned char.
    return strcmp((*x)->flag.Name, (*y)->flag.Name);
}

// sortFlags returns the flags as an array in lexicographical sorted order;
// the caller frees the array (not the flags).
static flagEntry **sortFlags(const flagList *l) {
    flagEntry **result = runtime_malloc((l->len + 1) * sizeof result[0]);
    if (l->len > 0) {
        memcpy(result, l->v, l->len * sizeof result[0]);
        qsort(result, l->len, sizeof result[0], compareFlags);
    }
    return result;
}

flag_FlagSet *flag_NewFlagSet(const char *name, flag_ErrorHandling errorHandling) {
    flag_FlagSet *f = runtime_calloc(1, sizeof *f);
    f->name = runtime_strdup(name);
    f->errorHandling = errorHandling;
    return f;
}

void flag_FlagSet_Init(flag_FlagSet *f, const char *name, flag_ErrorHandling errorHandling) {
    char *n = runtime_strdup(name);
    free(f->name);
    f->name = n;
    f->errorHandling = errorHandling;
}

void flag_FlagSet_free(flag_FlagSet *f) {
    if (f == NULL) {
        return;
    }
    for (size_t i = 0; i < f->formal.len; i++) {
        flagEntry *e = f->formal.v[i];
        if (e->recv != NULL) {
            free(e->recv->owned);
            free(e->recv->storage);
            free(e->recv);
        }
        free(e->name);
        free(e->usage);
        free(e->defValue);
        free(e);
    }
    free(f->formal.v);
    free(f->actual.v);
    free(f->name);
    free(f);
}

// commandLine is flag.CommandLine; Go makes it at package init, we on first use.
static flag_FlagSet *commandLine;

flag_FlagSet *flag_CommandLine(void) {
    if (commandLine == NULL) {
        // ctest: Go names it os.Args[0], which C has only in main.
        commandLine = flag_NewFlagSet("", flag_ExitOnError);
    }
    return commandLine;
}

const char *flag_FlagSet_Name(const flag_FlagSet *f) {
    return f->name;
}

flag_ErrorHandling flag_FlagSet_ErrorHandling(const flag_FlagSet *f) {
    return f->errorHandling;
}

bool flag_FlagSet_Parsed(const flag_FlagSet *f) {
    return f->parsed;
}

FILE *flag_FlagSet_Output(const flag_FlagSet *f) {
    if (f->output == NULL) {
        return stderr;
    }
    return f->output;
}

void flag_FlagSet_SetOutput(flag_FlagSet *f, FILE *output) {
    f->output = output;
}

void flag_FlagSet_SetUsage(flag_FlagSet *f, void (*usage)(void *ctx), void *ctx) {
    f->Usage = usage;
    f->usageCtx = ctx;
}

void flag_FlagSet_VisitAll(const flag_FlagSet *f, void (*fn)(void *ctx, flag_Flag *flag),
                           void *ctx) {
    flagEntry **sorted = sortFlags(&f->formal);
    for (size_t i = 0; i < f->formal.len; i++) {
        fn(ctx, &sorted[i]->flag);
    }
    free(sorted);
}

void flag_FlagSet_Visit(const flag_FlagSet *f, void (*fn)(void *ctx, flag_Flag *flag), void *ctx) {
    flagEntry **sorted = sortFlags(&f->actual);
    for (size_t i = 0; i < f->actual.len; i++) {
        fn(ctx, &sorted[i]->flag);
    }
    free(sorted);
}

flag_Flag *flag_FlagSet_Lookup(const flag_FlagSet *f, const char *name) {
    flagEntry *e = flagList_get(&f->formal, name);
    return e != NULL ? &e->flag : NULL;
}

go_error *flag_FlagSet_Set(flag_FlagSet *f, const char *name, const char *value) {
    flagEntry *e = flagList_get(&f->formal, name);
    if (e == NULL) {
        return fmt_Errorf(NULL, "no such flag -%s", name);
    }
    go_error *err = e->flag.Value.Set(e->flag.Value.recv, value);
    if (err != NULL) {
        return err;
    }
    flagList_set(&f->actual, e);
    return NULL;
}

// isZeroValue tells whether value is the text of the flag's zero value, so
// PrintDefaults can leave out "(default ...)". Go calls String on a new zero
// value of the flag's type; we call String(NULL), which every flag_Value
// answers with its zero value's text.
// ctest: Go recovers a panic in that String and reports it after the
// defaults; C cannot, so there is no such report.
static bool isZeroValue(const flag_Flag *flag, const char *value) {
    char *z = flag->Value.String(NULL);
    bool ok = strcmp(value, z) == 0;
    free(z);
    return ok;
}

void flag_UnquoteUsage(const flag_Flag *flag, char **name, char **usage) {
    const char *u = flag->Usage;
    // Look for a back-quoted name, but avoid the strings package.
    const char *open = strchr(u, '`');
    if (open != NULL) {
        const char *close = strchr(open + 1, '`');
        if (close != NULL) {
            size_t pre = (size_t)(open - u), n = (size_t)(close - open - 1);
            *name = runtime_strndup(open + 1, n);
            *usage = runtime_sprintf("%.*s%s%s", (int)pre, u, *name, close + 1);
            return;
        }
        // Only one back quote; use type name.
    }
    // No explicit name, so use type if we can find one.
    const char *n = "value";
    const flag_Value *v = &flag->Value;
    if (v->IsBoolFlag != NULL) { // Go: case boolFlag
        n = "";
    } else if (v->String == durationValue_String) {
        n = "duration";
    } else if (v->String == intValue_String || v->String == int64Value_String) {
        n = "int";
    } else if (v->String == stringValue_String) {
        n = "string";
    } else if (v->String == uintValue_String || v->String == uint64Value_String) {
        n = "uint";
    }
    *name = runtime_strdup(n);
    *usage = runtime_strdup(u);
}

// printDefault is PrintDefaults' function literal: one flag's lines.
static void printDefault(void *ctx, flag_Flag *flag) {
    flag_FlagSet *f = ctx;
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, "  -"); // Two spaces before -; see next two comments.
    strings_Builder_WriteString(&b, flag->Name);
    char *name, *usage;
    flag_UnquoteUsage(flag, &name, &usage);
    if (name[0] != '\0') {
        strings_Builder_WriteString(&b, " ");
        strings_Builder_WriteString(&b, name);
    }
    // A one-letter flag with no value name (most often a bool) is short
    // enough to have its usage follow on the same line, after a tab.
    if (strings_Builder_Len(&b) <= 4) { // space, space, '-', 'x'.
        strings_Builder_WriteString(&b, "\t");
    } else {
        // Otherwise the usage goes on the next line, indented by four
        // spaces and a tab, which lines up whether tabs are 4 or 8 wide.
        strings_Builder_WriteString(&b, "\n    \t");
    }
    for (const char *u = usage; *u != '\0'; u++) {
        if (*u == '\n') {
            strings_Builder_WriteString(&b, "\n    \t");
        } else {
            strings_Builder_WriteByte(&b, *u);
        }
    }

    if (!isZeroValue(flag, flag->DefValue)) {
        if (flag->Value.String == stringValue_String) {
            // put quotes on the value
            char *q = strconv_Quote(flag->DefValue, strlen(flag->DefValue));
            strings_Builder_WriteString(&b, " (default ");
            strings_Builder_WriteString(&b, q);
            strings_Builder_WriteString(&b, ")");
            free(q);
        } else {
            strings_Builder_WriteString(&b, " (default ");
            strings_Builder_WriteString(&b, flag->DefValue);
            strings_Builder_WriteString(&b, ")");
        }
    }
    strings_Builder_WriteString(&b, "\n");
    fwrite(strings_Builder_String(&b), 1, strings_Builder_Len(&b), flag_FlagSet_Output(f));
    strings_Builder_Reset(&b);
    free(name);
    free(usage);
}

void flag_FlagSet_PrintDefaults(flag_FlagSet *f) {
    flag_FlagSet_VisitAll(f, printDefault, f);
}

// defaultUsage is the default function to print a usage message.
static void defaultUsage(flag_FlagSet *f) {
    if (f->name[0] == '\0') {
        fprintf(flag_FlagSet_Output(f), "Usage:\n");
    } else {
        fprintf(flag_FlagSet_Output(f), "Usage of %s:\n", f->name);
    }
    flag_FlagSet_PrintDefaults(f);
}

void flag_FlagSet_Usage(flag_FlagSet *f) {
    if (f->Usage == NULL) {
        defaultUsage(f);
    } else {
        f->Usage(f->usageCtx);
    }
}

go_int flag_FlagSet_NFlag(const flag_FlagSet *f) {
    return (go_int)f->actual.len;
}

const char *flag_FlagSet_Arg(const flag_FlagSet *f, go_int i) {
    if (i < 0 || i >= f->nargs) {
        return "";
    }
    return f->args[i];
}

go_int flag_FlagSet_NArg(const flag_FlagSet *f) {
    return f->nargs;
}

char **flag_FlagSet_Args(const flag_FlagSet *f, go_int *n) {
    *n = f->nargs;
    return f->args;
}

// panicf is flag.go's panic(f.sprintf(format, a...)): it prints the
// message to output, then panics with it.
static _Noreturn void FlagSet_panicf(flag_FlagSet *f, const char *format, ...)
        __attribute__((format(printf, 2, 3)));
static _Noreturn void FlagSet_panicf(flag_FlagSet *f, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *msg = runtime_vsprintf(format, ap);
    va_end(ap);
    fprintf(flag_FlagSet_Output(f), "%s\n", msg);
    // The panic does not return (a test's handler longjmps), so nothing
    // allocated may stay live across it.
    // ctest: a message over 1023 bytes is cut short in the panic (not in output).
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", msg);
    free(msg);
    go_panic("%s", buf);
}

void flag_FlagSet_Var(flag_FlagSet *f, flag_Value value, const char *name, const char *usage) {
    // Flag must not begin "-" or contain "=".
    if (name[0] == '-' || strchr(name, '=') != NULL) {
        char q[512];
        char *quoted = strconv_Quote(name, strlen(name));
        snprintf(q, sizeof q, "%s", quoted);
        free(quoted);
        if (name[0] == '-') {
            FlagSet_panicf(f, "flag %s begins with -", q);
        }
        FlagSet_panicf(f, "flag %s contains =", q);
    }

    if (flagList_get(&f->formal, name) != NULL) {
        // Happens only if flags are declared with identical names
        if (f->name[0] == '\0') {
            FlagSet_panicf(f, "flag redefined: %s", name);
        }
        FlagSet_panicf(f, "%s flag redefined: %s", f->name, name);
    }
    flagEntry *e = runtime_calloc(1, sizeof *e);
    e->name = runtime_strdup(name);
    e->usage = runtime_strdup(usage);
    e->defValue = value.String(value.recv);
    e->flag.Name = e->name;
    e->flag.Usage = e->usage;
    e->flag.Value = value;
    e->flag.DefValue = e->defValue;
    flagList_append(&f->formal, e);
}

// defineBuiltin defines a flag whose receiver is one of ours; f owns recv.
static void defineBuiltin(flag_FlagSet *f, builtinValue *recv, char *(*String)(const void *),
                          go_error *(*Set)(void *, const char *), bool (*IsBoolFlag)(const void *),
                          const char *name, const char *usage) {
    flag_Value v = { recv, String, Set, IsBoolFlag };
    flag_FlagSet_Var(f, v, name, usage);
    flagList_get(&f->formal, name)->recv = recv;
}

static builtinValue *newBuiltin(void *p, void *storage) {
    builtinValue *b = runtime_calloc(1, sizeof *b);
    b->p = p;
    b->storage = storage;
    return b;
}

void flag_FlagSet_BoolVar(flag_FlagSet *f, bool *p, const char *name, bool value,
                          const char *usage) {
    *p = value;
    defineBuiltin(f, newBuiltin(p, NULL), boolValue_String, boolValue_Set, boolValue_IsBoolFlag,
                  name, usage);
}

bool *flag_FlagSet_Bool(flag_FlagSet *f, const char *name, bool value, const char *usage) {
    bool *p = runtime_calloc(1, sizeof *p);
    *p = value;
    defineBuiltin(f, newBuiltin(p, p), boolValue_String, boolValue_Set, boolValue_IsBoolFlag, name,
                  usage);
    return p;
}

void flag_FlagSet_IntVar(flag_FlagSet *f, go_int *p, const char *name, go_int value,
                         const char *usage) {
    *p = value;
    defineBuiltin(f, newBuiltin(p, NULL), intValue_String, intValue_Set, NULL, name, usage);
}

go_int *flag_FlagSet_Int(flag_FlagSet *f, const char *name, go_int value, const char *usage) {
    go_int *p = runtime_calloc(1, sizeof *p);
    *p = value;
    defineBuiltin(f, newBuiltin(p, p), intValue_String, intValue_Set, NULL, name, usage);
    return p;
}

void flag_FlagSet_Int64Var(flag_FlagSet *f, int64_t *p, const char *name, int64_t value,
                           const char *usage) {
    *p = value;
    defineBuiltin(f, newBuiltin(p, NULL), int64Value_String, int64Value_Set, NULL, name, usage);
}

int64_t *flag_FlagSet_Int64(flag_FlagSet *f, const char *name, int64_t value, const char *usage) {
    int64_t *p = runtime_calloc(1, sizeof *p);
    *p = value;
    defineBuiltin(f, newBuiltin(p, p), int64Value_String, int64Value_Set, NULL, name, usage);
    return p;
}

void flag_FlagSet_UintVar(flag_FlagSet *f, go_uint *p, const char *name, go_uint value,
                          const char *usage) {
    *p = value;
    defineBuiltin(f, newBuiltin(p, NULL), uintValue_String, uintValue_Set, NULL, name, usage);
}

go_uint *flag_FlagSet_Uint(flag_FlagSet *f, const char *name, go_uint value, const char *usage) {
    go_uint *p = runtime_calloc(1, sizeof *p);
    *p = value;
    defineBuiltin(f, newBuiltin(p, p), uintValue_String, uintValue_Set, NULL, name, usage);
    return p;
}

void flag_FlagSet_Uint64Var(flag_FlagSet *f, uint64_t *p, const char *name, uint64_t value,
                            const char *usage) {
    *p = value;
    defineBuiltin(f, newBuiltin(p, NULL), uint64Value_String, uint64Value_Set, NULL, name, usage);
}

uint64_t *flag_FlagSet_Uint64(flag_FlagSet *f, const char *name, uint64_t value,
                              const char *usage) {
    uint64_t *p = runtime_calloc(1, sizeof *p);
    *p = value;
    defineBuiltin(f, newBuiltin(p, p), uint64Value_String, uint64Value_Set, NULL, name, usage);
    return p;
}

void flag_FlagSet_StringVar(flag_FlagSet *f, const char **p, const char *name, const char *value,
                            const char *usage) {
    *p = value;
    defineBuiltin(f, newBuiltin((void *)p, NULL), stringValue_String, stringValue_Set, NULL, name,
                  usage);
}

const char **flag_FlagSet_String(flag_FlagSet *f, const char *name, const char *value,
                                 const char *usage) {
    const char **p = runtime_calloc(1, sizeof *p);
    *p = value;
    defineBuiltin(f, newBuiltin((void *)p, (void *)p), stringValue_String, stringValue_Set, NULL,
                  name, usage);
    return p;
}

void flag_FlagSet_DurationVar(flag_FlagSet *f, time_Duration *p, const char *name,
                              time_Duration value, const char *usage) {
    *p = value;
    defineBuiltin(f, newBuiltin(p, NULL), durationValue_String, durationValue_Set, NULL, name,
                  usage);
}

time_Duration *flag_FlagSet_Duration(flag_FlagSet *f, const char *name, time_Duration value,
                                     const char *usage) {
    time_Duration *p = runtime_calloc(1, sizeof *p);
    *p = value;
    defineBuiltin(f, newBuiltin(p, p), durationValue_String, durationValue_Set, NULL, name, usage);
    return p;
}

void flag_FlagSet_Func(flag_FlagSet *f, const char *name, const char *usage,
                       go_error *(*fn)(void *ctx, const char *s), void *ctx) {
    builtinValue *b = newBuiltin(NULL, NULL);
    b->fn = fn;
    b->ctx = ctx;
    defineBuiltin(f, b, funcValue_String, funcValue_Set, NULL, name, usage);
}

// failf formats a message, writes it and then the usage text to the set's
// output, and returns the message as an error.
static go_error *FlagSet_failf(flag_FlagSet *f, const char *format, ...)
        __attribute__((format(printf, 2, 3)));
static go_error *FlagSet_failf(flag_FlagSet *f, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *msg = runtime_vsprintf(format, ap);
    va_end(ap);
    fprintf(flag_FlagSet_Output(f), "%s\n", msg);
    flag_FlagSet_Usage(f);
    go_error *err = errors_New(msg);
    free(msg);
    return err;
}

// failValue is failf for a flag value that failed to Set: it quotes value
// as %q does and frees err.
static go_error *failValue(flag_FlagSet *f, const char *format, const char *value, const char *name,
                           go_error *err) {
    char *q = strconv_Quote(value, strlen(value));
    // format is one of parseOne's two literals, each with three %s.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    go_error *e = FlagSet_failf(f, format, q, name, go_error_Error(err));
#pragma GCC diagnostic pop
    free(q);
    go_error_free(err);
    return e;
}

// parseOne parses one flag. It reports whether a flag was seen.
static bool FlagSet_parseOne(flag_FlagSet *f, go_error **errp) {
    *errp = NULL;
    if (f->nargs == 0) {
        return false;
    }
    const char *s = f->args[0];
    size_t slen = strlen(s);
    if (slen < 2 || s[0] != '-') {
        return false;
    }
    size_t numMinuses = 1;
    if (s[1] == '-') {
        numMinuses++;
        if (slen == 2) { // "--" terminates the flags
            f->args++;
            f->nargs--;
            return false;
        }
    }
    const char *nameStart = s + numMinuses;
    if (nameStart[0] == '\0' || nameStart[0] == '-' || nameStart[0] == '=') {
        *errp = FlagSet_failf(f, "bad flag syntax: %s", s);
        return false;
    }

    // it's a flag. does it have an argument?
    f->args++;
    f->nargs--;
    bool hasValue = false;
    const char *value = "";
    size_t nameLen = strlen(nameStart);
    const char *eq = strchr(nameStart + 1, '='); // equals cannot be first
    if (eq != NULL) {
        value = eq + 1;
        hasValue = true;
        nameLen = (size_t)(eq - nameStart);
    }
    char *name = runtime_strndup(nameStart, nameLen);
    flagEntry *e = flagList_get(&f->formal, name);
    if (e == NULL) {
        if (strcmp(name, "help") == 0 || strcmp(name, "h") == 0) {
            // special case for nice help message.
            flag_FlagSet_Usage(f);
            free(name);
            *errp = newErrHelp();
            return false;
        }
        *errp = FlagSet_failf(f, "flag provided but not defined: -%s", name);
        free(name);
        return false;
    }

    flag_Value *fv = &e->flag.Value;
    if (fv->IsBoolFlag != NULL && fv->IsBoolFlag(fv->recv)) {
        // special case: doesn't need an arg
        if (hasValue) {
            go_error *err = fv->Set(fv->recv, value);
            if (err != NULL) {
                *errp = failValue(f, "invalid boolean value %s for -%s: %s", value, name, err);
                free(name);
                return false;
            }
        } else {
            go_error *err = fv->Set(fv->recv, "true");
            if (err != NULL) {
                *errp = FlagSet_failf(f, "invalid boolean flag %s: %s", name, go_error_Error(err));
                go_error_free(err);
                free(name);
                return false;
            }
        }
    } else {
        // It must have a value, which might be the next argument.
        if (!hasValue && f->nargs > 0) {
            // value is the next arg
            hasValue = true;
            value = f->args[0];
            f->args++;
            f->nargs--;
        }
        if (!hasValue) {
            *errp = FlagSet_failf(f, "flag needs an argument: -%s", name);
            free(name);
            return false;
        }
        go_error *err = fv->Set(fv->recv, value);
        if (err != NULL) {
            *errp = failValue(f, "invalid value %s for flag -%s: %s", value, name, err);
            free(name);
            return false;
        }
    }
    flagList_set(&f->actual, e);
    free(name);
    return true;
}

go_error *flag_FlagSet_Parse(flag_FlagSet *f, int argc, char **argv) {
    f->parsed = true;
    f->args = argv;
    f->nargs = argc;
    for (;;) {
        go_error *err;
        bool seen = FlagSet_parseOne(f, &err);
        if (seen) {
            continue;
        }
        if (err == NULL) {
            break;
        }
        switch (f->errorHandling) {
        case flag_ContinueOnError:
            return err;
        case flag_ExitOnError: {
            // The error is freed before exiting so that a sanitizer build
            // reports no leak.
            bool help = errors_IsType(err, &flag_ErrHelp);
            go_error_free(err);
            exit(help ? 0 : 2);
        }
        case flag_PanicOnError: {
            // ctest: Go panics with the error value; its text is what prints.
            char msg[1024];
            snprintf(msg, sizeof msg, "%s", go_error_Error(err));
            go_error_free(err);
            go_panic("%s", msg);
        }
        }
    }
    return NULL;
}
