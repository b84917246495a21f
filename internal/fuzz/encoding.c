// Ports go1.19.8 src/internal/fuzz/encoding.go: marshalCorpusFile,
// unmarshalCorpusFile and parseCorpusValue, which reads a line with Go's
// expression parser (encoding_parse.c).
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/encoding_parse.h"

// encVersion1 opens every corpus file in the only encoding Go has.
static const char encVersion1[] = "go test fuzz v1";
// ctest: cVersion1 opens a file that holds a value of a kind of C's own
// (C_STRING, C_CHARS): the same encoding, with more type names
// ("cstring", "cchars"). A file of Go's kinds only keeps Go's line, so Go
// reads it; one with C's kinds is refused by Go and by older ctest
// ("unknown encoding version"), never misread.
static const char cVersion1[] = "ctest fuzz v1";

// isCKind reports whether k is one of ctest's kinds, which Go's encoding
// has no name for.
static bool isCKind(go_kind k) {
    return k == C_STRING || k == C_CHARS;
}

// writeLine takes ownership of arg and writes "<type>(<arg>)\n", as
// marshalCorpusFile's Fprintf calls do.
static void writeLine(strings_Builder *b, const char *type, char *arg) {
    strings_Builder_WriteString(b, type);
    strings_Builder_WriteByte(b, '(');
    strings_Builder_WriteString(b, arg);
    strings_Builder_WriteString(b, ")\n");
    free(arg);
}

void fuzz_marshalCorpusFile(const go_value *vals, size_t n, uint8_t **out, size_t *outlen) {
    if (n == 0) {
        go_panic("must have at least one value to marshal");
    }
    bool cKinds = false;
    for (size_t i = 0; i < n; i++) {
        cKinds = cKinds || isCKind(vals[i].kind);
    }
    strings_Builder b = { 0 };
    strings_Builder_WriteString(&b, cKinds ? cVersion1 : encVersion1);
    strings_Builder_WriteByte(&b, '\n');
    for (size_t i = 0; i < n; i++) {
        const go_value *v = &vals[i];
        switch (v->kind) {
        case GO_INT:
        case GO_INT8:
        case GO_INT16:
        case GO_INT64:
            writeLine(&b, fuzz_kindTypeName(v->kind), strconv_FormatInt(v->v.i, 10));
            break;
        case GO_UINT:
        case GO_UINT16:
        case GO_UINT32:
        case GO_UINT64:
            writeLine(&b, fuzz_kindTypeName(v->kind), strconv_FormatUint(v->v.u, 10));
            break;
        case GO_BOOL:
            writeLine(&b, "bool", runtime_strdup(v->v.b ? "true" : "false"));
            break;
        case GO_FLOAT32: {
            // Unusual NaNs are written as their bits, so that a failure that
            // depends on the exact NaN reproduces (see encoding.go); the NaN
            // equal to float32(math.NaN()) and everything else as %v.
            uint32_t bits;
            memcpy(&bits, &v->v.f32, sizeof bits);
            if (isnan(v->v.f32) && bits != 0x7FC00000) {
                char *arg = runtime_sprintf("0x%" PRIx32, bits);
                writeLine(&b, "math.Float32frombits", arg);
            } else {
                writeLine(&b, "float32", strconv_FormatFloat(v->v.f32, 'g', -1, 32));
            }
            break;
        }
        case GO_FLOAT64: {
            uint64_t bits;
            memcpy(&bits, &v->v.f64, sizeof bits);
            if (isnan(v->v.f64) && bits != 0x7FF8000000000001) {
                char *arg = runtime_sprintf("0x%" PRIx64, bits);
                writeLine(&b, "math.Float64frombits", arg);
            } else {
                writeLine(&b, "float64", strconv_FormatFloat(v->v.f64, 'g', -1, 64));
            }
            break;
        }
        case GO_STRING:
            writeLine(&b, "string", strconv_Quote(v->v.str.ptr, v->v.str.len));
            break;
        case C_STRING:
        case C_CHARS:
            writeLine(&b, fuzz_kindTypeName(v->kind), strconv_Quote(v->v.str.ptr, v->v.str.len));
            break;
        case GO_INT32: {
            // Only valid runes have a quoted form (%q would turn the others
            // into U+FFFD, go.dev/issue/51526); the rest are written as int32.
            int32_t r = (int32_t)v->v.i;
            if (utf8_ValidRune(r)) {
                writeLine(&b, "rune", strconv_QuoteRune(r));
            } else {
                writeLine(&b, "int32", strconv_FormatInt(r, 10));
            }
            break;
        }
        case GO_UINT8: // every byte has a character form
            writeLine(&b, "byte", strconv_QuoteRune((int32_t)(uint8_t)v->v.u));
            break;
        case GO_BYTES:
            writeLine(&b, "[]byte", strconv_Quote((const char *)v->v.bytes.ptr, v->v.bytes.len));
            break;
        default:
            go_panic("unsupported type: %s", fuzz_kindTypeName(v->kind));
        }
    }
    *outlen = strings_Builder_Len(&b);
    *out = (uint8_t *)strings_Builder_Detach(&b);
}

// ---- parseCorpusValue ----

static bool nameIs(go_string s, const char *name) {
    return s.len == strlen(name) && memcmp(s.ptr, name, s.len) == 0;
}

// parseInt is encoding.go's parseInt: val as an integer of kind k.
static go_error *parseInt(go_string val, go_kind k, go_value *out) {
    int bitSize = k == GO_INT8 ? 8 : k == GO_INT16 ? 16 : k == GO_INT32 ? 32 : 64;
    int64_t i;
    go_error *err = strconv_ParseInt(val.ptr, val.len, 0, bitSize, &i);
    if (err != NULL) {
        return err;
    }
    *out = (go_value){ .kind = k, .v.i = i };
    return NULL;
}

// parseUint is encoding.go's parseUint: val as an unsigned integer of kind k.
static go_error *parseUint(go_string val, go_kind k, go_value *out) {
    int bitSize = k == GO_UINT8 ? 8 : k == GO_UINT16 ? 16 : k == GO_UINT32 ? 32 : 64;
    uint64_t u;
    go_error *err = strconv_ParseUint(val.ptr, val.len, 0, bitSize, &u);
    if (err != NULL) {
        return err;
    }
    *out = (go_value){ .kind = k, .v.u = u };
    return NULL;
}

// kindByName maps the type names a corpus line may use to kinds; "byte"
// and "rune" are handled by the caller.
static const struct {
    const char *name;
    go_kind kind;
} intKinds[] = {
    { "int", GO_INT },       { "int8", GO_INT8 },     { "int16", GO_INT16 },
    { "int32", GO_INT32 },   { "int64", GO_INT64 },   { "uint", GO_UINT },
    { "uint8", GO_UINT8 },   { "uint16", GO_UINT16 }, { "uint32", GO_UINT32 },
    { "uint64", GO_UINT64 },
};

// cstringValue reads the literal, val, of a line of a C string kind, k
// (ctest's).
static go_error *cstringValue(go_string val, fuzz_token kind, go_kind k, go_value *out) {
    if (kind != TOKEN_STRING) {
        return fmt_Errorf(NULL, "string literal value required for type %s", fuzz_kindTypeName(k));
    }
    char *s;
    size_t n;
    go_error *err = strconv_Unquote(val.ptr, val.len, &s, &n);
    if (err != NULL) {
        return err;
    }
    if (k == C_STRING && n > 0 && memchr(s, 0, n) != NULL) {
        free(s);
        return errors_New("a cstring holds no NUL byte (cchars may)");
    }
    *out = (go_value){ .kind = k, .v.str = { s, n } };
    return NULL;
}

// typedValue is parseCorpusValue after the argument is taken apart: typ is
// the type's name ("float64-bits" for math.Float64frombits), val the
// literal text and kind its token; cKinds allows ctest's type names. On
// success *out's bytes and strings are new storage.
static go_error *typedValue(go_string typ, go_string val, fuzz_token kind, bool cKinds,
                            go_value *out) {
    if (cKinds && (nameIs(typ, "cstring") || nameIs(typ, "cchars"))) {
        return cstringValue(val, kind, nameIs(typ, "cstring") ? C_STRING : C_CHARS, out);
    }
    if (nameIs(typ, "string")) {
        if (kind != TOKEN_STRING) {
            return errors_New("string literal value required for type string");
        }
        char *s;
        size_t n;
        go_error *err = strconv_Unquote(val.ptr, val.len, &s, &n);
        if (err != NULL) {
            return err;
        }
        *out = (go_value){ .kind = GO_STRING, .v.str = { s, n } };
        return NULL;
    }
    if (nameIs(typ, "byte") || nameIs(typ, "rune")) {
        bool isRune = nameIs(typ, "rune");
        if (kind == TOKEN_INT) {
            return isRune ? parseInt(val, GO_INT32, out) : parseUint(val, GO_UINT8, out);
        }
        if (kind != TOKEN_CHAR) {
            return errors_New("character literal required for byte/rune types");
        }
        if (val.len < 2) {
            return errors_New("malformed character literal, missing single quotes");
        }
        int32_t code;
        bool multibyte;
        size_t consumed;
        go_error *err =
                strconv_UnquoteChar(val.ptr + 1, val.len - 2, '\'', &code, &multibyte, &consumed);
        if (err != NULL) {
            return err;
        }
        if (isRune) {
            *out = GO_INT32(code);
            return NULL;
        }
        if (code >= 256) {
            return errors_New("can only encode single byte to a byte type");
        }
        *out = GO_UINT8(code);
        return NULL;
    }
    for (size_t i = 0; i < sizeof intKinds / sizeof intKinds[0]; i++) {
        if (nameIs(typ, intKinds[i].name)) {
            go_kind k = intKinds[i].kind;
            bool isSigned =
                    k == GO_INT || k == GO_INT8 || k == GO_INT16 || k == GO_INT32 || k == GO_INT64;
            if (kind != TOKEN_INT) {
                return errors_New(isSigned ? "integer literal required for int types"
                                           : "integer literal required for uint types");
            }
            return isSigned ? parseInt(val, k, out) : parseUint(val, k, out);
        }
    }
    if (nameIs(typ, "float32") || nameIs(typ, "float64")) {
        bool is32 = nameIs(typ, "float32");
        if (kind != TOKEN_FLOAT && kind != TOKEN_INT) {
            return errors_New(is32 ? "float or integer literal required for float32 type"
                                   : "float or integer literal required for float64 type");
        }
        double f;
        go_error *err = strconv_ParseFloat(val.ptr, val.len, is32 ? 32 : 64, &f);
        if (err != NULL) {
            return err;
        }
        *out = is32 ? GO_FLOAT32(f) : GO_FLOAT64(f);
        return NULL;
    }
    if (nameIs(typ, "float32-bits")) {
        if (kind != TOKEN_INT) {
            return errors_New("integer literal required for math.Float32frombits type");
        }
        go_value bits;
        go_error *err = parseUint(val, GO_UINT32, &bits);
        if (err != NULL) {
            return err;
        }
        uint32_t b32 = (uint32_t)bits.v.u;
        float f;
        memcpy(&f, &b32, sizeof f);
        *out = (go_value){ .kind = GO_FLOAT32, .v.f32 = f };
        return NULL;
    }
    if (nameIs(typ, "float64-bits")) {
        if (kind != TOKEN_FLOAT && kind != TOKEN_INT) {
            return errors_New("integer literal required for math.Float64frombits type");
        }
        go_value bits;
        go_error *err = parseUint(val, GO_UINT64, &bits);
        if (err != NULL) {
            return err;
        }
        double f;
        memcpy(&f, &bits.v.u, sizeof f);
        *out = (go_value){ .kind = GO_FLOAT64, .v.f64 = f };
        return NULL;
    }
    return errors_New("expected []byte or primitive type");
}

// parseCorpusValue is encoding.go's parseCorpusValue: one trimmed line as
// a value, or Go's error for it; cKinds allows ctest's type names.
static go_error *parseCorpusValue(const uint8_t *line, size_t n, bool cKinds, go_value *out) {
    parser p;
    go_error *err = NULL;
    node *expr = fuzz_parseExprFrom(&p, line, n, &err);
    if (expr == NULL) {
        fuzz_parser_free(&p);
        return err;
    }
    char *neg = NULL; // storage for "-" + literal
    if (expr->kind != CallExpr) {
        err = errors_New("expected call expression");
        goto out;
    }
    if (expr->nargs != 1) {
        err = fmt_Errorf(NULL, "expected call expression with 1 argument; got %zu", expr->nargs);
        goto out;
    }
    node *fun = expr->x, *arg = expr->arg;

    if (fun->kind == ArrayType) {
        if (fun->x != NULL) {
            err = errors_New("expected []byte or primitive type");
            goto out;
        }
        if (fun->y->kind != Ident || !nameIs(fun->y->lit, "byte")) {
            err = errors_New("expected []byte");
            goto out;
        }
        if (arg->kind != BasicLit || arg->tok != TOKEN_STRING) {
            err = errors_New("string literal required for type []byte");
            goto out;
        }
        char *s;
        size_t len;
        err = strconv_Unquote(arg->lit.ptr, arg->lit.len, &s, &len);
        if (err == NULL) {
            *out = (go_value){ .kind = GO_BYTES, .v.bytes = { (const uint8_t *)s, len } };
        }
        goto out;
    }

    go_string typ;
    if (fun->kind == SelectorExpr) {
        if (fun->x->kind != Ident || !nameIs(fun->x->lit, "math")) {
            err = errors_New("invalid selector type");
            goto out;
        }
        if (nameIs(fun->y->lit, "Float64frombits")) {
            typ = (go_string){ "float64-bits", 12 };
        } else if (nameIs(fun->y->lit, "Float32frombits")) {
            typ = (go_string){ "float32-bits", 12 };
        } else {
            err = errors_New("invalid selector type");
            goto out;
        }
    } else {
        if (fun->kind != Ident) {
            err = errors_New("expected []byte or primitive type");
            goto out;
        }
        typ = fun->lit;
        if (nameIs(typ, "bool")) {
            if (arg->kind != Ident) {
                err = errors_New("malformed bool");
            } else if (nameIs(arg->lit, "true")) {
                *out = GO_BOOL(true);
            } else if (nameIs(arg->lit, "false")) {
                *out = GO_BOOL(false);
            } else {
                err = errors_New("true or false required for type bool");
            }
            goto out;
        }
    }

    go_string val;
    fuzz_token kind;
    if (arg->kind == UnaryExpr) {
        node *lit = arg->x;
        if (lit->kind == BasicLit) {
            if (arg->tok != TOKEN_SUB) {
                err = fmt_Errorf(NULL, "unsupported operation on int/float: %s",
                                 fuzz_token_String(arg->tok));
                goto out;
            }
            // Special case for negative numbers.
            neg = runtime_malloc(lit->lit.len + 1);
            neg[0] = '-';
            memcpy(neg + 1, lit->lit.ptr, lit->lit.len);
            val = (go_string){ neg, lit->lit.len + 1 };
            kind = lit->tok;
        } else if (lit->kind == Ident) {
            if (!nameIs(lit->lit, "Inf")) {
                err = errors_New("expected operation on int or float type");
                goto out;
            }
            val = arg->tok == TOKEN_SUB ? (go_string){ "-Inf", 4 } : (go_string){ "+Inf", 4 };
            kind = TOKEN_FLOAT;
        } else {
            err = errors_New("expected operation on int or float type");
            goto out;
        }
    } else if (arg->kind == BasicLit) {
        val = arg->lit;
        kind = arg->tok;
    } else if (arg->kind == Ident && nameIs(arg->lit, "NaN")) {
        val = (go_string){ "NaN", 3 };
        kind = TOKEN_FLOAT;
    } else {
        err = errors_New("literal value required for primitive type");
        goto out;
    }
    err = typedValue(typ, val, kind, cKinds, out);

out:
    free(neg);
    fuzz_parser_free(&p);
    return err;
}

// ---- unmarshalCorpusFile ----

// trimSpace is bytes.TrimSpace: it narrows [*start, *end) of b.
static void trimSpace(const uint8_t *b, size_t *start, size_t *end) {
    while (*start < *end) {
        size_t w;
        int32_t r = utf8_DecodeRune((const char *)b + *start, *end - *start, &w);
        if (!unicode_IsSpace(r)) {
            break;
        }
        *start += w;
    }
    while (*start < *end) {
        // utf8.DecodeLastRune
        size_t w = 1;
        int32_t r = b[*end - 1];
        if (r >= utf8_RuneSelf) {
            size_t lim = *end - *start >= 4 ? *end - 4 : *start;
            size_t st = *end - 1;
            while (st > lim && (b[st] & 0xC0) == 0x80) {
                st--;
            }
            r = utf8_DecodeRune((const char *)b + st, *end - st, &w);
            if (st + w != *end) {
                r = utf8_RuneError, w = 1;
            }
        }
        if (!unicode_IsSpace(r)) {
            break;
        }
        *end -= w;
    }
}

// versionIs reports whether the file data opens with the version line v.
static bool versionIs(const uint8_t *data, size_t len, const char *v) {
    size_t n = strlen(v);
    if (len < n || memcmp(data, v, n) != 0) {
        return false;
    }
    return len == n || data[n] == '\n' || data[n] == '\r';
}

bool fuzz_isCorpusFile(const uint8_t *data, size_t len) {
    return versionIs(data, len, encVersion1) || versionIs(data, len, cVersion1);
}

// editDistance is the Levenshtein distance between a (na bytes) and b
// (nb bytes, fewer than 32).
static size_t editDistance(const uint8_t *a, size_t na, const char *b, size_t nb) {
    size_t row[32];
    for (size_t j = 0; j <= nb; j++) {
        row[j] = j;
    }
    for (size_t i = 1; i <= na; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t best = diag + (a[i - 1] != (uint8_t)b[j - 1]);
            if (row[j] + 1 < best) {
                best = row[j] + 1;
            }
            if (row[j - 1] + 1 < best) {
                best = row[j - 1] + 1;
            }
            diag = row[j];
            row[j] = best;
        }
    }
    return row[nb];
}

// nearVersion reports whether line (n bytes) holds, near its start, a
// text four edits or fewer away from the version line v.
static bool nearVersion(const uint8_t *line, size_t n, const char *v) {
    enum { slack = 4 };
    size_t h = strlen(v);
    for (size_t at = 0; at < 8 && at < n; at++) {
        for (size_t w = h - slack; w <= h + slack && at + w <= n; w++) {
            if (editDistance(line + at, w, v, h) <= slack) {
                return true;
            }
        }
        if (at + h - slack > n) {
            break;
        }
    }
    return false;
}

// shownVersion reports whether the first line of a file that is not in
// the encoding, line (n bytes), may be quoted in the error, as Go quotes
// it: when it is empty, holds a header four edits or fewer away near its
// start ("go test fuzz v2", " go test fuzz v1", "gotest fuzz v1"; ctest's
// too), or reads as a value with no header (string("x")). ctest: any
// other line is not shown, so that a committed link to a file of secrets,
// or a raw input, does not print its first line into a CI log.
static bool shownVersion(const uint8_t *line, size_t n) {
    if (n == 0) {
        return true;
    }
    if (nearVersion(line, n, encVersion1) || nearVersion(line, n, cVersion1)) {
        return true;
    }
    size_t i = 0;
    while (i < n && ((line[i] >= 'a' && line[i] <= 'z') || (line[i] >= '0' && line[i] <= '9') ||
                     line[i] == '[' || line[i] == ']' || line[i] == '.')) {
        i++;
    }
    return i > 0 && i < n && line[i] == '(' && line[n - 1] == ')';
}

go_error *fuzz_unmarshalCorpusFile(const uint8_t *data, size_t len, go_value **vals, size_t *n) {
    if (len == 0) {
        return errors_New("cannot unmarshal empty string");
    }
    const uint8_t *nl = memchr(data, '\n', len);
    if (nl == NULL) {
        return errors_New("must include version and at least one value");
    }
    size_t vlen = (size_t)(nl - data);
    if (vlen > 0 && data[vlen - 1] == '\r') {
        vlen--;
    }
    bool cKinds = vlen == strlen(cVersion1) && memcmp(data, cVersion1, vlen) == 0;
    if (!cKinds && (vlen != strlen(encVersion1) || memcmp(data, encVersion1, vlen) != 0)) {
        if (!shownVersion(data, vlen)) {
            return errors_New("unknown encoding version: the file is no corpus file (its first "
                              "line is not shown; ctest corpus import adds a raw input)");
        }
        return fmt_Errorf(NULL, "unknown encoding version: %.*s", (int)vlen, (const char *)data);
    }
    go_value *out = NULL;
    size_t nout = 0, cap = 0;
    size_t pos = (size_t)(nl - data) + 1;
    for (;;) {
        const uint8_t *e = pos < len ? memchr(data + pos, '\n', len - pos) : NULL;
        size_t lineEnd = e != NULL ? (size_t)(e - data) : len;
        size_t start = pos, end = lineEnd;
        trimSpace(data, &start, &end);
        if (end > start) {
            go_value v;
            go_error *err = parseCorpusValue(data + start, end - start, cKinds, &v);
            if (err != NULL) {
                // %v does not wrap: the new error does not own err.
                char *q = strconv_Quote((const char *)data + start, end - start);
                go_error *merr = fmt_Errorf(NULL, "malformed line %s: %s", q, go_error_Error(err));
                free(q);
                go_error_free(err);
                fuzz_freeValues(out, nout);
                return merr;
            }
            if (nout == cap) {
                cap = cap ? 2 * cap : 4;
                out = runtime_realloc(out, cap * sizeof out[0]);
            }
            out[nout++] = v;
        }
        if (e == NULL) {
            break;
        }
        pos = lineEnd + 1;
    }
    *vals = out;
    *n = nout;
    return NULL;
}

// ---- the sanitizer note ----

// ctest: Go's corpus files have no such note (see docs/SANITIZERS.md).
// noteMark opens the note of a corpus file whose input was found under a
// sanitizer: a Go line comment after the file's first value, as in
//
//	[]byte("\x05ab") //ctest:sanitize address
//
// Go's decoder and unmarshalCorpusFile skip it, as the comment it is, so
// the file stays a go test fuzz v1 file that Go reads too.
static const char noteMark[] = "//ctest:sanitize";

// isNoteNameByte reports whether c may be in the note's names: clang's
// -fsanitize names (lower case, digits, '-') and the commas between them.
static bool isNoteNameByte(uint8_t c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == ',';
}

// firstValueLine narrows [*start, *end) to the first line after the
// version line that holds more than white space, that space trimmed, as
// unmarshalCorpusFile reads it; false when there is none.
static bool firstValueLine(const uint8_t *data, size_t len, size_t *start, size_t *end) {
    const uint8_t *nl = memchr(data, '\n', len);
    size_t pos = nl != NULL ? (size_t)(nl - data) + 1 : len;
    while (pos < len) {
        const uint8_t *e = memchr(data + pos, '\n', len - pos);
        size_t lineEnd = e != NULL ? (size_t)(e - data) : len;
        *start = pos;
        *end = lineEnd;
        trimSpace(data, start, end);
        if (*end > *start) {
            return true;
        }
        pos = lineEnd + 1;
    }
    return false;
}

// findNote looks for the note at the end of the line [start, end): the
// mark, one or more blanks and the names up to the line's end. It sets
// *at to where the mark starts and *names to where the names do. Since the
// names hold no quote and no "*/", a mark found so is never inside a
// literal or a block comment: the line must end that literal first. A
// mark right after a '/' is none: its comment began at that '/' ("///"),
// and cutting the note there would leave the '/' as an operator.
static bool findNote(const uint8_t *data, size_t start, size_t end, size_t *at, size_t *names) {
    size_t i = end;
    while (i > start && isNoteNameByte(data[i - 1])) {
        i--;
    }
    if (i == end) {
        return false;
    }
    *names = i;
    size_t blanks = i;
    while (i > start && (data[i - 1] == ' ' || data[i - 1] == '\t')) {
        i--;
    }
    size_t n = strlen(noteMark);
    if (i == blanks || i - start < n || memcmp(data + i - n, noteMark, n) != 0 ||
        (i - start > n && data[i - n - 1] == '/')) {
        return false;
    }
    *at = i - n;
    return true;
}

char *fuzz_corpusNote(const uint8_t *data, size_t len) {
    size_t start, end, at, names;
    if (!fuzz_isCorpusFile(data, len) || !firstValueLine(data, len, &start, &end) ||
        !findNote(data, start, end, &at, &names)) {
        return NULL;
    }
    return runtime_strndup((const char *)data + names, end - names);
}

bool fuzz_setCorpusNote(const uint8_t *data, size_t len, const char *sanitizers, uint8_t **out,
                        size_t *outlen) {
    size_t start, end, at, names;
    if (!fuzz_isCorpusFile(data, len) || !firstValueLine(data, len, &start, &end)) {
        return false;
    }
    // The value ends where the old note starts, or at the line's end; the
    // blanks before the note go with it.
    size_t valueEnd = findNote(data, start, end, &at, &names) ? at : end;
    while (valueEnd > start && (data[valueEnd - 1] == ' ' || data[valueEnd - 1] == '\t')) {
        valueEnd--;
    }
    strings_Builder b = { 0 };
    strings_Builder_Write(&b, data, valueEnd);
    strings_Builder_Printf(&b, " %s %s", noteMark, sanitizers);
    strings_Builder_Write(&b, data + end, len - end);
    *outlen = strings_Builder_Len(&b);
    *out = (uint8_t *)strings_Builder_Detach(&b);
    return true;
}
