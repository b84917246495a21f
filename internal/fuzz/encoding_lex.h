// encoding_lex.h: go/token's tokens and go/scanner's Scanner over one corpus
// line (encoding_lex.re), for the parser (encoding_parse.c).
#ifndef CTEST_INTERNAL_FUZZ_ENCODING_LEX_H
#define CTEST_INTERNAL_FUZZ_ENCODING_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/fuzz/fuzz.h"

// fuzz_token is go/token's Token, the subset a Go expression can hold, with
// go/token's names and order of classes.
typedef enum fuzz_token {
    TOKEN_ILLEGAL,
    TOKEN_EOF,
    TOKEN_COMMENT,
    // literals (IsLiteral)
    TOKEN_IDENT,
    TOKEN_INT,
    TOKEN_FLOAT,
    TOKEN_IMAG,
    TOKEN_CHAR,
    TOKEN_STRING,
    // operators and delimiters
    TOKEN_ADD,
    TOKEN_SUB,
    TOKEN_MUL,
    TOKEN_QUO,
    TOKEN_REM,
    TOKEN_AND,
    TOKEN_OR,
    TOKEN_XOR,
    TOKEN_SHL,
    TOKEN_SHR,
    TOKEN_AND_NOT,
    TOKEN_ADD_ASSIGN,
    TOKEN_SUB_ASSIGN,
    TOKEN_MUL_ASSIGN,
    TOKEN_QUO_ASSIGN,
    TOKEN_REM_ASSIGN,
    TOKEN_AND_ASSIGN,
    TOKEN_OR_ASSIGN,
    TOKEN_XOR_ASSIGN,
    TOKEN_SHL_ASSIGN,
    TOKEN_SHR_ASSIGN,
    TOKEN_AND_NOT_ASSIGN,
    TOKEN_LAND,
    TOKEN_LOR,
    TOKEN_ARROW,
    TOKEN_INC,
    TOKEN_DEC,
    TOKEN_EQL,
    TOKEN_LSS,
    TOKEN_GTR,
    TOKEN_ASSIGN,
    TOKEN_NOT,
    TOKEN_NEQ,
    TOKEN_LEQ,
    TOKEN_GEQ,
    TOKEN_DEFINE,
    TOKEN_ELLIPSIS,
    TOKEN_LPAREN,
    TOKEN_LBRACK,
    TOKEN_LBRACE,
    TOKEN_COMMA,
    TOKEN_PERIOD,
    TOKEN_RPAREN,
    TOKEN_RBRACK,
    TOKEN_RBRACE,
    TOKEN_SEMICOLON,
    TOKEN_COLON,
    TOKEN_TILDE,
    // keywords
    TOKEN_BREAK,
    TOKEN_CASE,
    TOKEN_CHAN,
    TOKEN_CONST,
    TOKEN_CONTINUE,
    TOKEN_DEFAULT,
    TOKEN_DEFER,
    TOKEN_ELSE,
    TOKEN_FALLTHROUGH,
    TOKEN_FOR,
    TOKEN_FUNC,
    TOKEN_GO,
    TOKEN_GOTO,
    TOKEN_IF,
    TOKEN_IMPORT,
    TOKEN_INTERFACE,
    TOKEN_MAP,
    TOKEN_PACKAGE,
    TOKEN_RANGE,
    TOKEN_RETURN,
    TOKEN_SELECT,
    TOKEN_STRUCT,
    TOKEN_SWITCH,
    TOKEN_TYPE,
    TOKEN_VAR,
} fuzz_token;

// fuzz_token_String is Token.String(): "EOF", "+", "func", ...
const char *fuzz_token_String(fuzz_token tok);

// fuzz_scanError is one entry of go/scanner's ErrorList: a message at a
// byte offset of the (one-line) source; its column is off+1.
typedef struct fuzz_scanError {
    size_t off;
    char *msg; // owned
} fuzz_scanError;

// fuzz_scanErrorList is go/scanner's ErrorList, shared by the scanner and
// the parser as go/parser shares p.errors.
typedef struct fuzz_scanErrorList {
    fuzz_scanError *v;
    size_t len, cap;
} fuzz_scanErrorList;

void fuzz_scanErrorList_add(fuzz_scanErrorList *l, size_t off, char *msg);
void fuzz_scanErrorList_clear(fuzz_scanErrorList *l);

// fuzz_scanner is go/scanner's Scanner over one corpus line, without
// comment tokens (mode 0) and with Go's automatic semicolons. It scans its
// own copy of the line, which ends with a 0 (re2c's sentinel), and reads no
// byte past the line given. Literal texts it returns point into that copy,
// or into other storage the scanner owns (raw strings with CRs removed),
// until fuzz_scanner_free.
typedef struct fuzz_scanner {
    const uint8_t *src; // text
    size_t len;
    int32_t ch;      // current character, -1 at EOF
    size_t offset;   // offset of ch
    size_t rdOffset; // offset after ch
    bool insertSemi; // insert a semicolon before the next newline or EOF
    fuzz_scanErrorList *errors;
    char **owned; // literal texts the scanner allocated
    size_t nowned;
    uint8_t *text; // the line and a 0 (owned)
} fuzz_scanner;

void fuzz_scanner_init(fuzz_scanner *s, const uint8_t *src, size_t len, fuzz_scanErrorList *errs);
// fuzz_scanner_Scan is Scanner.Scan: the next token, its offset and its
// literal text (for literals, ";" or "\n" for SEMICOLON, else empty).
fuzz_token fuzz_scanner_Scan(fuzz_scanner *s, size_t *pos, go_string *lit);
void fuzz_scanner_free(fuzz_scanner *s);

#endif // CTEST_INTERNAL_FUZZ_ENCODING_LEX_H
