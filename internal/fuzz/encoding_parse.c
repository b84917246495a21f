// Ports go1.19.8 src/go/parser/parser.go, the expression half, for
// encoding.go's parseCorpusValue: parser.ParseExprFrom over the tokens of
// encoding_lex.re, with go/parser's error recovery, since which tokens get
// scanned decides which errors a malformed line reports.
#include "internal/fuzz/encoding_parse.h"

#include <inttypes.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

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
        // At the current token: say what was found instead.
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

// checkExpr reports x where a value must stand but x cannot be one.
static node *checkExpr(parser *p, node *x) {
    switch (unparen(x)->kind) {
    case ArrayType:
    case KeyValueExpr:
    case Ellipsis:
        // These only stand inside a type or a composite literal.
        parser_errorExpected(p, x->pos, "expression");
        return parser_node(p, BadExpr, x->pos);
    default:
        return x;
    }
}

// checkExprOrType accepts x as an operand or a type name, and reports an
// array type with an elided length ([...]T), which stands only before a
// composite literal.
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
        // [...] is parsed anywhere and checked later, which recovers better.
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

// parseOperand parses an identifier, literal, parenthesized expression or
// type. What it returns can still be a type where a value is needed
// ([...]T among them), so its callers check.
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
    if (typ != NULL) { // a type, before { or (
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
        // x[] holds no index: report the missing operand and go on as if
        // there were one, so that parsing continues.
        parser_errorExpected(p, p->pos, "operand");
        parser_next(p);
        node *ix = parser_node(p, IndexExpr, x->pos);
        ix->x = x;
        return ix;
    }
    p->exprLev++;
    enum { N = 3 }; // x[i:j:k] has at most three indexes
    node *index[N] = { NULL, NULL, NULL };
    size_t colons[N - 1] = { 0, 0 };
    size_t nargs = 0;
    if (p->tok != TOKEN_COLON) {
        // x[T] may index x or instantiate a generic x: parse what is
        // between the brackets as either, never as a type alone.
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
            // A full slice expression needs both its high and max
            // indexes; go/parser reports their absence itself (Go issue 7305).
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
        // An argument may be a type, as make([]T, n) has.
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
            // (T){...}: the type may have come back in parentheses,
            // which a composite literal does not allow; parse on, with
            // an error.
            node *t = unparen(x);
            // Whether '{' opens a composite literal depends on what
            // precedes it (exprLev is never < 0 in a lone expression).
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

// fuzz_parseExprFrom is parser.ParseExprFrom(fset, "(test)", line, 0): on
// success the expression (valid until fuzz_parser_free), else NULL and the
// ErrorList's error ("(test):1:5: msg (and N more errors)").
node *fuzz_parseExprFrom(parser *p, const uint8_t *line, size_t n, go_error **err) {
    *p = (parser){ 0 };
    fuzz_scanner_init(&p->scanner, line, n, &p->errors);
    node *x = NULL;
    if (setjmp(p->bailout) == 0) {
        parser_next(p);
        x = parseRhsOrType(p);
        // The scanner adds a semicolon at the end of the line: skip it,
        // and what follows must be the end.
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

void fuzz_parser_free(parser *p) {
    for (node *n = p->nodes; n != NULL;) {
        node *next = n->all;
        free(n);
        n = next;
    }
    p->nodes = NULL;
    fuzz_scanner_free(&p->scanner);
    fuzz_scanErrorList_clear(&p->errors);
}
