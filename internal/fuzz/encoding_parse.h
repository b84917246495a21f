// encoding_parse.h: go/parser for one Go expression, the syntax of a corpus
// file's lines (encoding_parse.c).
#ifndef CTEST_INTERNAL_FUZZ_ENCODING_PARSE_H
#define CTEST_INTERNAL_FUZZ_ENCODING_PARSE_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "internal/fuzz/encoding_lex.h"

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
    int exprLev;    // negative in a control clause (never, here)
    bool inRhs;     // on the right of an assignment (always, here)
    size_t syncPos; // last synchronization position
    int syncCnt;    // advance calls since the position last moved
    int nestLev;    // recursion depth
    node *nodes;    // every node allocated
    jmp_buf bailout;
} parser;

// fuzz_parseExprFrom is parser.ParseExprFrom(fset, "(test)", line, 0): on
// success the expression (valid until fuzz_parser_free), else NULL and the
// ErrorList's error ("(test):1:5: msg (and N more errors)").
node *fuzz_parseExprFrom(parser *p, const uint8_t *line, size_t n, go_error **err);
// fuzz_parser_free frees the nodes and errors of p.
void fuzz_parser_free(parser *p);

#endif // CTEST_INTERNAL_FUZZ_ENCODING_PARSE_H
