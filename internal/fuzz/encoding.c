// Ports go1.19.8 src/internal/fuzz/encoding.go: marshalCorpusFile,
// unmarshalCorpusFile and parseCorpusValue; and, for parseCorpusValue's
// parser.ParseExprFrom, the expression half of src/go/parser/parser.go with
// its error recovery, since which tokens get scanned decides which errors a
// malformed line reports.
#include <inttypes.h>
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/internal.h"

// encVersion1 is the first line of a file with version 1 encoding.
static const char encVersion1[] = "go test fuzz v1";

// ---- a byte buffer (bytes.Buffer) ----

typedef struct buffer {
    uint8_t *b;
    size_t len, cap;
} buffer;

static void buffer_write(buffer *b, const void *p, size_t n) {
    if (b->len + n > b->cap) {
        b->cap = (b->len + n) * 2 + 64;
        b->b = runtime_realloc(b->b, b->cap);
    }
    memcpy(b->b + b->len, p, n);
    b->len += n;
}

static void buffer_writeString(buffer *b, const char *s) {
    buffer_write(b, s, strlen(s));
}

// buffer_writeLine writes "<type>(<arg>)\n", taking ownership of arg.
static void buffer_writeLine(buffer *b, const char *type, char *arg) {
    buffer_writeString(b, type);
    buffer_writeString(b, "(");
    buffer_writeString(b, arg);
    buffer_writeString(b, ")\n");
    free(arg);
}

// validRune is utf8.ValidRune.
static bool validRune(int32_t r) {
    return (0 <= r && r < 0xD800) || (0xDFFF < r && r <= 0x10FFFF);
}

void fuzz_marshalCorpusFile(const go_value *vals, size_t n, uint8_t **out, size_t *outlen) {
    if (n == 0) {
        go_panic("must have at least one value to marshal");
    }
    buffer b = { 0 };
    buffer_writeString(&b, encVersion1);
    buffer_writeString(&b, "\n");
    for (size_t i = 0; i < n; i++) {
        const go_value *v = &vals[i];
        switch (v->kind) {
        case GO_INT:
        case GO_INT8:
        case GO_INT16:
        case GO_INT64:
            buffer_writeLine(&b, fuzz_kindTypeName(v->kind), strconv_FormatInt(v->v.i, 10));
            break;
        case GO_UINT:
        case GO_UINT16:
        case GO_UINT32:
        case GO_UINT64:
            buffer_writeLine(&b, fuzz_kindTypeName(v->kind), strconv_FormatUint(v->v.u, 10));
            break;
        case GO_BOOL:
            buffer_writeLine(&b, "bool", runtime_strdup(v->v.b ? "true" : "false"));
            break;
        case GO_FLOAT32: {
            // Unusual NaNs are written as their bits, so that a failure that
            // depends on the exact NaN reproduces (see encoding.go); the NaN
            // equal to float32(math.NaN()) and everything else as %v.
            uint32_t bits;
            memcpy(&bits, &v->v.f32, sizeof bits);
            if (isnan(v->v.f32) && bits != 0x7FC00000) {
                char *arg = runtime_sprintf("0x%" PRIx32, bits);
                buffer_writeLine(&b, "math.Float32frombits", arg);
            } else {
                buffer_writeLine(&b, "float32", strconv_FormatFloat(v->v.f32, 'g', -1, 32));
            }
            break;
        }
        case GO_FLOAT64: {
            uint64_t bits;
            memcpy(&bits, &v->v.f64, sizeof bits);
            if (isnan(v->v.f64) && bits != 0x7FF8000000000001) {
                char *arg = runtime_sprintf("0x%" PRIx64, bits);
                buffer_writeLine(&b, "math.Float64frombits", arg);
            } else {
                buffer_writeLine(&b, "float64", strconv_FormatFloat(v->v.f64, 'g', -1, 64));
            }
            break;
        }
        case GO_STRING:
            buffer_writeLine(&b, "string", strconv_Quote(v->v.str.ptr, v->v.str.len));
            break;
        case GO_INT32: {
            // Only valid runes have a quoted form (%q would turn the others
            // into U+FFFD, go.dev/issue/51526); the rest are written as int32.
            int32_t r = (int32_t)v->v.i;
            if (validRune(r)) {
                buffer_writeLine(&b, "rune", strconv_QuoteRune(r));
            } else {
                buffer_writeLine(&b, "int32", strconv_FormatInt(r, 10));
            }
            break;
        }
        case GO_UINT8: // every byte has a character form
            buffer_writeLine(&b, "byte", strconv_QuoteRune((int32_t)(uint8_t)v->v.u));
            break;
        case GO_BYTES:
            buffer_writeLine(&b, "[]byte",
                             strconv_Quote((const char *)v->v.bytes.ptr, v->v.bytes.len));
            break;
        default:
            go_panic("unsupported type: %s", fuzz_kindTypeName(v->kind));
        }
    }
    *out = b.b;
    *outlen = b.len;
}

// ---- go/ast and go/parser, for one expression ----

// nodeKind names the go/ast node types an expression can hold. Function,
// struct, interface, map and channel types are not parsed.
typedef enum nodeKind {
    BadExpr,
    Ident,
    BasicLit,
    ParenExpr,
    SelectorExpr,
    IndexExpr,
    SliceExpr,
    TypeAssertExpr,
    CallExpr,
    StarExpr,
    UnaryExpr,
    BinaryExpr,
    KeyValueExpr,
    ArrayType,
    CompositeLit,
    Ellipsis,
} nodeKind;

// node is an ast.Expr: only what parseCorpusValue and the parser's checks
// look at is kept.
typedef struct node {
    nodeKind kind;
    size_t pos;       // Pos(): 1 + the byte offset in the line
    fuzz_token tok;   // BasicLit's Kind, UnaryExpr's Op
    go_string lit;    // Ident's Name, BasicLit's Value
    struct node *x;   // ParenExpr/SelectorExpr/StarExpr/UnaryExpr's X, CallExpr's Fun,
                      // ArrayType's Len (NULL for a slice)
    struct node *y;   // SelectorExpr's Sel, ArrayType's Elt
    struct node *arg; // CallExpr's first argument
    size_t nargs;     // CallExpr's len(Args)
    struct node *all; // the parser's list of every node, to free them
} node;

enum {
    maxNestLev = 10000 // ctest: go/parser allows 1e5, more than a C stack has room for
};

// parser is go/parser's parser reduced to expressions; errors are shared
// with the scanner, as in Go.
typedef struct parser {
    fuzz_scanner scanner;
    fuzz_scanErrorList errors;
    size_t pos;     // current token position (offset+1)
    fuzz_token tok; // current token
    go_string lit;  // its literal text
    int exprLev;    // < 0: in control clause, >= 0: in expression
    bool inRhs;     // if set, the parser is parsing a rhs expression
    size_t syncPos; // last synchronization position
    int syncCnt;    // number of parser.advance calls without progress
    int nestLev;    // recursion depth
    node *nodes;    // every node allocated
    jmp_buf bailout;
} parser;

static node *parser_node(parser *p, nodeKind kind, size_t pos) {
    node *n = runtime_calloc(1, sizeof *n);
    n->kind = kind;
    n->pos = pos;
    n->all = p->nodes;
    p->nodes = n;
    return n;
}

static void parser_next(parser *p) {
    size_t off;
    p->tok = fuzz_scanner_Scan(&p->scanner, &off, &p->lit);
    p->pos = off + 1;
}

// parser_error records msg at pos unless an error is already recorded on
// this line (go/parser without AllErrors keeps the first per line; a
// corpus line is one line, so the parser adds at most one error, and none
// after a scanner error).
static void parser_error(parser *p, size_t pos, const char *msg) {
    if (p->errors.len > 0) {
        return; // discard - likely a spurious error
    }
    fuzz_scanErrorList_add(&p->errors, pos - 1, runtime_strdup(msg));
}

static void parser_errorExpected(parser *p, size_t pos, const char *what) {
    char *msg;
    if (pos == p->pos) {
        // the error happened at the current position; make it more specific
        if (p->tok == TOKEN_SEMICOLON && p->lit.len == 1 && p->lit.ptr[0] == '\n') {
            msg = runtime_sprintf("expected %s, found newline", what);
        } else if (p->tok >= TOKEN_IDENT && p->tok <= TOKEN_STRING) {
            msg = runtime_sprintf("expected %s, found %.*s", what, (int)p->lit.len, p->lit.ptr);
        } else {
            msg = runtime_sprintf("expected %s, found '%s'", what, fuzz_token_String(p->tok));
        }
    } else {
        msg = runtime_sprintf("expected %s", what);
    }
    parser_error(p, pos, msg);
    free(msg);
}

static size_t parser_expect(parser *p, fuzz_token tok) {
    size_t pos = p->pos;
    if (p->tok != tok) {
        char *what = runtime_sprintf("'%s'", fuzz_token_String(tok));
        parser_errorExpected(p, pos, what);
        free(what);
    }
    parser_next(p); // make progress
    return pos;
}

static bool atNewline(const parser *p) {
    return p->tok == TOKEN_SEMICOLON && p->lit.len == 1 && p->lit.ptr[0] == '\n';
}

// parser_expectClosing is expect with a better message for a missing comma
// before a newline.
static size_t parser_expectClosing(parser *p, fuzz_token tok, const char *context) {
    if (p->tok != tok && atNewline(p)) {
        char *msg = runtime_sprintf("missing ',' before newline in %s", context);
        parser_error(p, p->pos, msg);
        free(msg);
        parser_next(p);
    }
    return parser_expect(p, tok);
}

static bool parser_atComma(parser *p, const char *context, fuzz_token follow) {
    if (p->tok == TOKEN_COMMA) {
        return true;
    }
    if (p->tok != follow) {
        char *msg = runtime_sprintf("missing ','%s in %s", atNewline(p) ? " before newline" : "",
                                    context);
        parser_error(p, p->pos, msg);
        free(msg);
        return true; // "insert" comma and continue
    }
    return false;
}

// stmtStart and exprEnd are go/parser's synchronization sets for advance.
static bool stmtStart(fuzz_token tok) {
    switch (tok) {
    case TOKEN_BREAK:
    case TOKEN_CONST:
    case TOKEN_CONTINUE:
    case TOKEN_DEFER:
    case TOKEN_FALLTHROUGH:
    case TOKEN_FOR:
    case TOKEN_GO:
    case TOKEN_GOTO:
    case TOKEN_IF:
    case TOKEN_RETURN:
    case TOKEN_SELECT:
    case TOKEN_SWITCH:
    case TOKEN_TYPE:
    case TOKEN_VAR:
        return true;
    default:
        return false;
    }
}

static bool exprEnd(fuzz_token tok) {
    switch (tok) {
    case TOKEN_COMMA:
    case TOKEN_COLON:
    case TOKEN_SEMICOLON:
    case TOKEN_RPAREN:
    case TOKEN_RBRACK:
    case TOKEN_RBRACE:
        return true;
    default:
        return false;
    }
}

// parser_advance consumes tokens until one in the set, as go/parser's
// advance, with its guard against looping without progress.
static void parser_advance(parser *p, bool (*to)(fuzz_token)) {
    for (; p->tok != TOKEN_EOF; parser_next(p)) {
        if (to(p->tok)) {
            if (p->pos == p->syncPos && p->syncCnt < 10) {
                p->syncCnt++;
                return;
            }
            if (p->pos > p->syncPos) {
                p->syncPos = p->pos;
                p->syncCnt = 0;
                return;
            }
        }
    }
}

static void incNestLev(parser *p) {
    p->nestLev++;
    if (p->nestLev > maxNestLev) {
        parser_error(p, p->pos, "exceeded max nesting depth");
        longjmp(p->bailout, 1);
    }
}

static node *parseExpr(parser *p);
static node *parseRhs(parser *p);
static node *parseRhsOrType(parser *p);
static node *parseType(parser *p);
static node *parseUnaryExpr(parser *p);
static node *parseLiteralValue(parser *p, node *typ);

static node *parseIdent(parser *p) {
    node *x = parser_node(p, Ident, p->pos);
    x->lit = (go_string){ "_", 1 };
    if (p->tok == TOKEN_IDENT) {
        x->lit = p->lit;
        parser_next(p);
    } else {
        parser_expect(p, TOKEN_IDENT); // use expect() error handling
    }
    return x;
}

static node *unparen(node *x) {
    while (x->kind == ParenExpr) {
        x = x->x;
    }
    return x;
}

// checkExpr checks that x is an expression (and not a type).
static node *checkExpr(parser *p, node *x) {
    switch (unparen(x)->kind) {
    case ArrayType:
    case KeyValueExpr:
    case Ellipsis:
        // all other nodes are not proper expressions
        parser_errorExpected(p, x->pos, "expression");
        return parser_node(p, BadExpr, x->pos);
    default:
        return x;
    }
}

// checkExprOrType checks that x is an expression or a type (and not a raw
// type such as [...]T).
static node *checkExprOrType(parser *p, node *x) {
    node *t = unparen(x);
    if (t->kind == ArrayType && t->x != NULL && t->x->kind == Ellipsis) {
        parser_error(p, t->x->pos, "expected array length, found '...'");
        return parser_node(p, BadExpr, x->pos);
    }
    return x;
}

static node *parseTypeName(parser *p, node *ident) {
    if (ident == NULL) {
        ident = parseIdent(p);
    }
    if (p->tok == TOKEN_PERIOD) {
        // ident is a package name
        parser_next(p);
        node *x = parser_node(p, SelectorExpr, ident->pos);
        x->x = ident;
        x->y = parseIdent(p);
        return x;
    }
    return ident;
}

// parseArrayType parses after "[" (at lbrack); len is the length already
// parsed, or NULL.
static node *parseArrayType(parser *p, size_t lbrack, node *len) {
    if (len == NULL) {
        p->exprLev++;
        // always permit ellipsis for more fault-tolerant parsing
        if (p->tok == TOKEN_ELLIPSIS) {
            len = parser_node(p, Ellipsis, p->pos);
            parser_next(p);
        } else if (p->tok != TOKEN_RBRACK) {
            len = parseRhs(p);
        }
        p->exprLev--;
    }
    if (p->tok == TOKEN_COMMA) {
        parser_error(p, p->pos, "unexpected comma; expecting ]");
        parser_next(p);
    }
    parser_expect(p, TOKEN_RBRACK);
    node *x = parser_node(p, ArrayType, lbrack);
    x->x = len;
    x->y = parseType(p);
    return x;
}

static node *parseTypeInstance(parser *p, node *typ) {
    size_t opening = parser_expect(p, TOKEN_LBRACK);
    p->exprLev++;
    size_t n = 0;
    while (p->tok != TOKEN_RBRACK && p->tok != TOKEN_EOF) {
        parseType(p);
        n++;
        if (!parser_atComma(p, "type argument list", TOKEN_RBRACK)) {
            break;
        }
        parser_next(p);
    }
    p->exprLev--;
    size_t closing = parser_expectClosing(p, TOKEN_RBRACK, "type argument list");
    if (n == 0) {
        parser_errorExpected(p, closing, "type argument list");
    }
    (void)opening;
    node *x = parser_node(p, IndexExpr, typ->pos);
    x->x = typ;
    return x;
}

// skipBalanced skips tokens from the opening token open (already consumed)
// to its matching close, inclusive, or to the end of the line.
static void skipBalanced(parser *p, fuzz_token open, fuzz_token close) {
    int depth = 1;
    while (p->tok != TOKEN_EOF && depth > 0) {
        if (p->tok == open) {
            depth++;
        } else if (p->tok == close) {
            depth--;
        }
        parser_next(p);
    }
}

// parseCompositeType parses the type keywords go/parser knows, only as far
// as a corpus line needs: their first syntax error is go/parser's (struct
// and interface need '{', map needs '['), and a well-formed one is a type
// no corpus value has.
// ctest: the fields, methods and parameters inside are skipped, not parsed,
// so a line with a second syntax error inside them may be reported on the
// first error only where Go would report the same.
static node *parseCompositeType(parser *p) {
    size_t pos = p->pos;
    fuzz_token kw = p->tok;
    parser_next(p);
    switch (kw) {
    case TOKEN_STRUCT:
    case TOKEN_INTERFACE:
        parser_expect(p, TOKEN_LBRACE);
        skipBalanced(p, TOKEN_LBRACE, TOKEN_RBRACE);
        break;
    case TOKEN_MAP:
        parser_expect(p, TOKEN_LBRACK);
        parseType(p);
        parser_expect(p, TOKEN_RBRACK);
        parseType(p);
        break;
    case TOKEN_CHAN:
        if (p->tok == TOKEN_ARROW) {
            parser_next(p);
        }
        parseType(p);
        break;
    default: // TOKEN_FUNC
        parser_expect(p, TOKEN_LPAREN);
        switch (p->tok) {
        case TOKEN_IDENT:
        case TOKEN_LBRACK:
        case TOKEN_MUL:
        case TOKEN_LPAREN:
        case TOKEN_ELLIPSIS:
        case TOKEN_ARROW:
        case TOKEN_STRUCT:
        case TOKEN_INTERFACE:
        case TOKEN_MAP:
        case TOKEN_CHAN:
        case TOKEN_FUNC:
            skipBalanced(p, TOKEN_LPAREN, TOKEN_RPAREN);
            break;
        default: // no parameter starts here: parseParameters wants ')'
            parser_expect(p, TOKEN_RPAREN);
            break;
        }
        break;
    }
    return parser_node(p, BadExpr, pos);
}

// tryIdentOrType parses a type, or returns NULL if none starts here.
static node *tryIdentOrType(parser *p) {
    incNestLev(p);
    node *typ = NULL;
    switch (p->tok) {
    case TOKEN_IDENT:
        typ = parseTypeName(p, NULL);
        if (p->tok == TOKEN_LBRACK) {
            typ = parseTypeInstance(p, typ);
        }
        break;
    case TOKEN_LBRACK: {
        size_t lbrack = parser_expect(p, TOKEN_LBRACK);
        typ = parseArrayType(p, lbrack, NULL);
        break;
    }
    case TOKEN_MUL: {
        size_t star = parser_expect(p, TOKEN_MUL);
        typ = parser_node(p, StarExpr, star);
        typ->x = parseType(p);
        break;
    }
    case TOKEN_STRUCT:
    case TOKEN_INTERFACE:
    case TOKEN_MAP:
    case TOKEN_CHAN:
    case TOKEN_FUNC:
        typ = parseCompositeType(p);
        break;
    case TOKEN_LPAREN: {
        size_t lparen = p->pos;
        parser_next(p);
        typ = parser_node(p, ParenExpr, lparen);
        typ->x = parseType(p);
        parser_expect(p, TOKEN_RPAREN);
        break;
    }
    default:
        break;
    }
    p->nestLev--;
    return typ;
}

static node *parseType(parser *p) {
    node *typ = tryIdentOrType(p);
    if (typ == NULL) {
        size_t pos = p->pos;
        parser_errorExpected(p, pos, "type");
        parser_advance(p, exprEnd);
        return parser_node(p, BadExpr, pos);
    }
    return typ;
}

// parseOperand may return an expression or a raw type (incl. array types
// of the form [...]T); callers must verify the result.
static node *parseOperand(parser *p) {
    switch (p->tok) {
    case TOKEN_IDENT:
        return parseIdent(p);
    case TOKEN_INT:
    case TOKEN_FLOAT:
    case TOKEN_IMAG:
    case TOKEN_CHAR:
    case TOKEN_STRING: {
        node *x = parser_node(p, BasicLit, p->pos);
        x->tok = p->tok;
        x->lit = p->lit;
        parser_next(p);
        return x;
    }
    case TOKEN_LPAREN: {
        node *x = parser_node(p, ParenExpr, p->pos);
        parser_next(p);
        p->exprLev++;
        x->x = parseRhsOrType(p); // types may be parenthesized: (some type)
        p->exprLev--;
        parser_expect(p, TOKEN_RPAREN);
        return x;
    }
    default:
        break;
    }
    node *typ = tryIdentOrType(p);
    if (typ != NULL) { // could be type for composite literal or conversion
        return typ;
    }
    // we have an error
    size_t pos = p->pos;
    parser_errorExpected(p, pos, "operand");
    parser_advance(p, stmtStart);
    return parser_node(p, BadExpr, pos);
}

static node *parseTypeAssertion(parser *p, node *x) {
    parser_expect(p, TOKEN_LPAREN);
    if (p->tok == TOKEN_TYPE) {
        parser_next(p); // type switch: typ == nil
    } else {
        parseType(p);
    }
    parser_expect(p, TOKEN_RPAREN);
    node *t = parser_node(p, TypeAssertExpr, x->pos);
    t->x = x;
    return t;
}

static node *parseIndexOrSliceOrInstance(parser *p, node *x) {
    size_t lbrack = parser_expect(p, TOKEN_LBRACK);
    (void)lbrack;
    if (p->tok == TOKEN_RBRACK) {
        // empty index, slice or index expressions are not permitted;
        // accept them for parsing tolerance, but complain
        parser_errorExpected(p, p->pos, "operand");
        parser_next(p);
        node *ix = parser_node(p, IndexExpr, x->pos);
        ix->x = x;
        return ix;
    }
    p->exprLev++;
    enum { N = 3 }; // change the 3 to 2 to disable 3-index slices
    node *index[N] = { NULL, NULL, NULL };
    size_t colons[N - 1] = { 0, 0 };
    size_t nargs = 0;
    if (p->tok != TOKEN_COLON) {
        // We can't know if we have an index expression or a type
        // instantiation; so even if we see a (named) type we are not going
        // to be in type context.
        index[0] = parseRhsOrType(p);
    }
    int ncolons = 0;
    if (p->tok == TOKEN_COLON) {
        // slice expression
        while (p->tok == TOKEN_COLON && ncolons < N - 1) {
            colons[ncolons] = p->pos;
            ncolons++;
            parser_next(p);
            if (p->tok != TOKEN_COLON && p->tok != TOKEN_RBRACK && p->tok != TOKEN_EOF) {
                index[ncolons] = parseRhs(p);
            }
        }
    } else if (p->tok == TOKEN_COMMA) {
        // instance expression
        nargs = 1;
        while (p->tok == TOKEN_COMMA) {
            parser_next(p);
            if (p->tok != TOKEN_RBRACK && p->tok != TOKEN_EOF) {
                parseType(p);
                nargs++;
            }
        }
    }
    p->exprLev--;
    parser_expect(p, TOKEN_RBRACK);
    if (ncolons > 0) {
        // slice expression
        if (ncolons == 2) {
            // Check presence of 2nd and 3rd index here rather than during
            // type-checking (as Go does, issue 7305).
            if (index[1] == NULL) {
                parser_error(p, colons[0], "2nd index required in 3-index slice");
            }
            if (index[2] == NULL) {
                parser_error(p, colons[1], "3rd index required in 3-index slice");
            }
        }
        node *s = parser_node(p, SliceExpr, x->pos);
        s->x = x;
        return s;
    }
    // index or instance expression
    node *ix = parser_node(p, IndexExpr, x->pos);
    ix->x = x;
    return ix;
}

static node *parseCallOrConversion(parser *p, node *fun) {
    parser_expect(p, TOKEN_LPAREN);
    p->exprLev++;
    node *call = parser_node(p, CallExpr, fun->pos);
    call->x = fun;
    bool ellipsis = false;
    while (p->tok != TOKEN_RPAREN && p->tok != TOKEN_EOF && !ellipsis) {
        // builtins may expect a type: make(some type, ...)
        node *arg = parseRhsOrType(p);
        if (call->nargs++ == 0) {
            call->arg = arg;
        }
        if (p->tok == TOKEN_ELLIPSIS) {
            ellipsis = true;
            parser_next(p);
        }
        if (!parser_atComma(p, "argument list", TOKEN_RPAREN)) {
            break;
        }
        parser_next(p);
    }
    p->exprLev--;
    parser_expectClosing(p, TOKEN_RPAREN, "argument list");
    return call;
}

static node *parseValue(parser *p) {
    if (p->tok == TOKEN_LBRACE) {
        return parseLiteralValue(p, NULL);
    }
    return checkExpr(p, parseExpr(p));
}

static node *parseElement(parser *p) {
    node *x = parseValue(p);
    if (p->tok == TOKEN_COLON) {
        parser_next(p);
        node *kv = parser_node(p, KeyValueExpr, x->pos);
        kv->x = x;
        kv->y = parseValue(p);
        x = kv;
    }
    return x;
}

static node *parseLiteralValue(parser *p, node *typ) {
    size_t lbrace = parser_expect(p, TOKEN_LBRACE);
    p->exprLev++;
    if (p->tok != TOKEN_RBRACE) {
        while (p->tok != TOKEN_RBRACE && p->tok != TOKEN_EOF) {
            parseElement(p);
            if (!parser_atComma(p, "composite literal", TOKEN_RBRACE)) {
                break;
            }
            parser_next(p);
        }
    }
    p->exprLev--;
    parser_expectClosing(p, TOKEN_RBRACE, "composite literal");
    node *x = parser_node(p, CompositeLit, typ != NULL ? typ->pos : lbrace);
    x->x = typ;
    return x;
}

static node *parsePrimaryExpr(parser *p, node *x) {
    if (x == NULL) {
        x = parseOperand(p);
    }
    // Nesting is counted per iteration and given back on return, as Go's
    // deferred p.nestLev -= n does.
    int n;
    for (n = 1;; n++) {
        incNestLev(p);
        switch (p->tok) {
        case TOKEN_PERIOD:
            parser_next(p);
            if (p->tok == TOKEN_IDENT) {
                node *sel = parser_node(p, SelectorExpr, x->pos);
                sel->x = checkExprOrType(p, x);
                sel->y = parseIdent(p);
                x = sel;
            } else if (p->tok == TOKEN_LPAREN) {
                x = parseTypeAssertion(p, checkExpr(p, x));
            } else {
                size_t pos = p->pos;
                parser_errorExpected(p, pos, "selector or type assertion");
                if (p->tok != TOKEN_RBRACE) {
                    parser_next(p); // make progress
                }
                node *sel = parser_node(p, SelectorExpr, x->pos);
                sel->x = x;
                sel->y = parser_node(p, Ident, pos);
                sel->y->lit = (go_string){ "_", 1 };
                x = sel;
            }
            break;
        case TOKEN_LBRACK:
            x = parseIndexOrSliceOrInstance(p, checkExpr(p, x));
            break;
        case TOKEN_LPAREN:
            x = parseCallOrConversion(p, checkExprOrType(p, x));
            break;
        case TOKEN_LBRACE: {
            // operand may have returned a parenthesized complit type;
            // accept it but complain if we have a complit
            node *t = unparen(x);
            // determine if '{' belongs to a composite literal or a block
            // statement (exprLev is never < 0 in a lone expression)
            switch (t->kind) {
            case BadExpr:
            case Ident:
            case SelectorExpr:
            case IndexExpr:
            case ArrayType:
                break; // x is possibly a composite literal type
            default:
                p->nestLev -= n;
                return x;
            }
            if (t != x) {
                parser_error(p, t->pos, "cannot parenthesize type in composite literal");
            }
            x = parseLiteralValue(p, x);
            break;
        }
        default:
            p->nestLev -= n;
            return x;
        }
    }
}

static node *parseUnaryExpr(parser *p) {
    incNestLev(p);
    node *x;
    switch (p->tok) {
    case TOKEN_ADD:
    case TOKEN_SUB:
    case TOKEN_NOT:
    case TOKEN_XOR:
    case TOKEN_AND:
    case TOKEN_TILDE:
    case TOKEN_ARROW: // ctest: no channel types, so <-x is always a receive
        x = parser_node(p, UnaryExpr, p->pos);
        x->tok = p->tok;
        parser_next(p);
        x->x = checkExpr(p, parseUnaryExpr(p));
        break;
    case TOKEN_MUL: // pointer type or unary "*" expression
        x = parser_node(p, StarExpr, p->pos);
        parser_next(p);
        x->x = checkExprOrType(p, parseUnaryExpr(p));
        break;
    default:
        x = parsePrimaryExpr(p, NULL);
        break;
    }
    p->nestLev--;
    return x;
}

// precedence is Token.Precedence.
static int precedence(fuzz_token op) {
    switch (op) {
    case TOKEN_LOR:
        return 1;
    case TOKEN_LAND:
        return 2;
    case TOKEN_EQL:
    case TOKEN_NEQ:
    case TOKEN_LSS:
    case TOKEN_LEQ:
    case TOKEN_GTR:
    case TOKEN_GEQ:
        return 3;
    case TOKEN_ADD:
    case TOKEN_SUB:
    case TOKEN_OR:
    case TOKEN_XOR:
        return 4;
    case TOKEN_MUL:
    case TOKEN_QUO:
    case TOKEN_REM:
    case TOKEN_SHL:
    case TOKEN_SHR:
    case TOKEN_AND:
    case TOKEN_AND_NOT:
        return 5;
    default:
        return 0; // LowestPrec
    }
}

static node *parseBinaryExpr(parser *p, node *x, int prec1, bool check) {
    if (x == NULL) {
        x = parseUnaryExpr(p);
    }
    int n;
    for (n = 1;; n++) {
        incNestLev(p);
        fuzz_token op = p->tok;
        if (p->inRhs && op == TOKEN_ASSIGN) {
            op = TOKEN_EQL;
        }
        int oprec = precedence(op);
        if (oprec < prec1) {
            p->nestLev -= n;
            return x;
        }
        parser_expect(p, op);
        node *y = parseBinaryExpr(p, NULL, oprec + 1, check);
        if (check) {
            x = checkExpr(p, x);
            y = checkExpr(p, y);
        }
        node *b = parser_node(p, BinaryExpr, x->pos);
        b->x = x;
        b->y = y;
        x = b;
    }
}

static node *parseExpr(parser *p) {
    return parseBinaryExpr(p, NULL, 1, true);
}

static node *parseRhs(parser *p) {
    bool old = p->inRhs;
    p->inRhs = true;
    node *x = checkExpr(p, parseExpr(p));
    p->inRhs = old;
    return x;
}

static node *parseRhsOrType(parser *p) {
    bool old = p->inRhs;
    p->inRhs = true;
    node *x = checkExprOrType(p, parseExpr(p));
    p->inRhs = old;
    return x;
}

static int compareErrors(const void *a, const void *b) {
    const fuzz_scanError *x = a, *y = b;
    if (x->off != y->off) {
        return x->off < y->off ? -1 : 1;
    }
    return strcmp(x->msg, y->msg);
}

// parseExprFrom is parser.ParseExprFrom(fset, "(test)", line, 0): on
// success the expression (valid until parser_free), else NULL and the
// ErrorList's error ("(test):1:5: msg (and N more errors)").
static node *parseExprFrom(parser *p, const uint8_t *line, size_t n, go_error **err) {
    *p = (parser){ 0 };
    fuzz_scanner_init(&p->scanner, line, n, &p->errors);
    node *x = NULL;
    if (setjmp(p->bailout) == 0) {
        parser_next(p);
        x = parseRhsOrType(p);
        // If a semicolon was inserted, consume it; report an error if
        // there's more tokens.
        if (atNewline(p)) {
            parser_next(p);
        }
        parser_expect(p, TOKEN_EOF);
    }
    if (p->errors.len == 0) {
        *err = NULL;
        return x;
    }
    // ErrorList.Sort (by position, then message; a stable sort as Go's
    // sort.Sort is not, but equal entries are identical) and Error.
    qsort(p->errors.v, p->errors.len, sizeof p->errors.v[0], compareErrors);
    const fuzz_scanError *e = &p->errors.v[0];
    if (p->errors.len == 1) {
        *err = fmt_Errorf(NULL, "(test):1:%zu: %s", e->off + 1, e->msg);
    } else {
        *err = fmt_Errorf(NULL, "(test):1:%zu: %s (and %zu more errors)", e->off + 1, e->msg,
                          p->errors.len - 1);
    }
    return NULL;
}

static void parser_free(parser *p) {
    for (node *n = p->nodes; n != NULL;) {
        node *next = n->all;
        free(n);
        n = next;
    }
    p->nodes = NULL;
    fuzz_scanner_free(&p->scanner);
    fuzz_scanErrorList_clear(&p->errors);
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

// typedValue is parseCorpusValue after the argument is taken apart: typ is
// the type's name ("float64-bits" for math.Float64frombits), val the
// literal text and kind its token. On success *out's bytes and strings are
// new storage.
static go_error *typedValue(go_string typ, go_string val, fuzz_token kind, go_value *out) {
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
// a value, or Go's error for it.
static go_error *parseCorpusValue(const uint8_t *line, size_t n, go_value *out) {
    parser p;
    go_error *err = NULL;
    node *expr = parseExprFrom(&p, line, n, &err);
    if (expr == NULL) {
        parser_free(&p);
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
    err = typedValue(typ, val, kind, out);

out:
    free(neg);
    parser_free(&p);
    return err;
}

// ---- unmarshalCorpusFile ----

// isSpace is unicode.IsSpace.
static bool isSpace(int32_t r) {
    switch (r) {
    case '\t':
    case '\n':
    case '\v':
    case '\f':
    case '\r':
    case ' ':
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
        return true;
    default:
        return r >= 0x2000 && r <= 0x200A;
    }
}

// trimSpace is bytes.TrimSpace: it narrows [*start, *end) of b.
static void trimSpace(const uint8_t *b, size_t *start, size_t *end) {
    while (*start < *end) {
        size_t w;
        int32_t r = strconv_decodeRune((const char *)b + *start, *end - *start, &w);
        if (!isSpace(r)) {
            break;
        }
        *start += w;
    }
    while (*start < *end) {
        // utf8.DecodeLastRune
        size_t w = 1;
        int32_t r = b[*end - 1];
        if (r >= 0x80) {
            size_t lim = *end - *start >= 4 ? *end - 4 : *start;
            size_t st = *end - 1;
            while (st > lim && (b[st] & 0xC0) == 0x80) {
                st--;
            }
            r = strconv_decodeRune((const char *)b + st, *end - st, &w);
            if (st + w != *end) {
                r = 0xFFFD, w = 1;
            }
        }
        if (!isSpace(r)) {
            break;
        }
        *end -= w;
    }
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
    if (vlen != strlen(encVersion1) || memcmp(data, encVersion1, vlen) != 0) {
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
            go_error *err = parseCorpusValue(data + start, end - start, &v);
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
