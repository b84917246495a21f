// Ports go1.19.8 src/go/scanner/scanner.go (and go/token's names): the
// tokens of one corpus line, with go/scanner's error texts and positions,
// for encoding_parse.c's parser. Comments are skipped (mode 0) and semicolons are
// inserted as Go's scanner inserts them.
//
// re2c recognizes identifiers (Unicode letters and digits, as go/scanner's
// isLetter/isDigit) and operators; literals and comments keep go/scanner's
// character-at-a-time loops, since their errors depend on where each
// character is read.
#include <stdlib.h>
#include <string.h>

#include "internal/fuzz/encoding_lex.h"

enum {
    eof = -1,     // ch at the end of the source
    bom = 0xFEFF, // a BOM, allowed at offset 0 only
};

static const char *const tokens[] = {
    [TOKEN_ILLEGAL] = "ILLEGAL",
    [TOKEN_EOF] = "EOF",
    [TOKEN_COMMENT] = "COMMENT",
    [TOKEN_IDENT] = "IDENT",
    [TOKEN_INT] = "INT",
    [TOKEN_FLOAT] = "FLOAT",
    [TOKEN_IMAG] = "IMAG",
    [TOKEN_CHAR] = "CHAR",
    [TOKEN_STRING] = "STRING",
    [TOKEN_ADD] = "+",
    [TOKEN_SUB] = "-",
    [TOKEN_MUL] = "*",
    [TOKEN_QUO] = "/",
    [TOKEN_REM] = "%",
    [TOKEN_AND] = "&",
    [TOKEN_OR] = "|",
    [TOKEN_XOR] = "^",
    [TOKEN_SHL] = "<<",
    [TOKEN_SHR] = ">>",
    [TOKEN_AND_NOT] = "&^",
    [TOKEN_ADD_ASSIGN] = "+=",
    [TOKEN_SUB_ASSIGN] = "-=",
    [TOKEN_MUL_ASSIGN] = "*=",
    [TOKEN_QUO_ASSIGN] = "/=",
    [TOKEN_REM_ASSIGN] = "%=",
    [TOKEN_AND_ASSIGN] = "&=",
    [TOKEN_OR_ASSIGN] = "|=",
    [TOKEN_XOR_ASSIGN] = "^=",
    [TOKEN_SHL_ASSIGN] = "<<=",
    [TOKEN_SHR_ASSIGN] = ">>=",
    [TOKEN_AND_NOT_ASSIGN] = "&^=",
    [TOKEN_LAND] = "&&",
    [TOKEN_LOR] = "||",
    [TOKEN_ARROW] = "<-",
    [TOKEN_INC] = "++",
    [TOKEN_DEC] = "--",
    [TOKEN_EQL] = "==",
    [TOKEN_LSS] = "<",
    [TOKEN_GTR] = ">",
    [TOKEN_ASSIGN] = "=",
    [TOKEN_NOT] = "!",
    [TOKEN_NEQ] = "!=",
    [TOKEN_LEQ] = "<=",
    [TOKEN_GEQ] = ">=",
    [TOKEN_DEFINE] = ":=",
    [TOKEN_ELLIPSIS] = "...",
    [TOKEN_LPAREN] = "(",
    [TOKEN_LBRACK] = "[",
    [TOKEN_LBRACE] = "{",
    [TOKEN_COMMA] = ",",
    [TOKEN_PERIOD] = ".",
    [TOKEN_RPAREN] = ")",
    [TOKEN_RBRACK] = "]",
    [TOKEN_RBRACE] = "}",
    [TOKEN_SEMICOLON] = ";",
    [TOKEN_COLON] = ":",
    [TOKEN_TILDE] = "~",
    [TOKEN_BREAK] = "break",
    [TOKEN_CASE] = "case",
    [TOKEN_CHAN] = "chan",
    [TOKEN_CONST] = "const",
    [TOKEN_CONTINUE] = "continue",
    [TOKEN_DEFAULT] = "default",
    [TOKEN_DEFER] = "defer",
    [TOKEN_ELSE] = "else",
    [TOKEN_FALLTHROUGH] = "fallthrough",
    [TOKEN_FOR] = "for",
    [TOKEN_FUNC] = "func",
    [TOKEN_GO] = "go",
    [TOKEN_GOTO] = "goto",
    [TOKEN_IF] = "if",
    [TOKEN_IMPORT] = "import",
    [TOKEN_INTERFACE] = "interface",
    [TOKEN_MAP] = "map",
    [TOKEN_PACKAGE] = "package",
    [TOKEN_RANGE] = "range",
    [TOKEN_RETURN] = "return",
    [TOKEN_SELECT] = "select",
    [TOKEN_STRUCT] = "struct",
    [TOKEN_SWITCH] = "switch",
    [TOKEN_TYPE] = "type",
    [TOKEN_VAR] = "var",
};

const char *fuzz_token_String(fuzz_token tok) {
    return tokens[tok];
}

// lookup is token.Lookup: the keyword named by the identifier, or IDENT.
static fuzz_token lookup(const uint8_t *p, size_t n) {
    for (int tok = TOKEN_BREAK; tok <= TOKEN_VAR; tok++) {
        if (strlen(tokens[tok]) == n && memcmp(tokens[tok], p, n) == 0) {
            return (fuzz_token)tok;
        }
    }
    return TOKEN_IDENT;
}

void fuzz_scanErrorList_add(fuzz_scanErrorList *l, size_t off, char *msg) {
    if (l->len == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 4;
        l->v = runtime_realloc(l->v, l->cap * sizeof l->v[0]);
    }
    l->v[l->len++] = (fuzz_scanError){ off, msg };
}

void fuzz_scanErrorList_clear(fuzz_scanErrorList *l) {
    for (size_t i = 0; i < l->len; i++) {
        free(l->v[i].msg);
    }
    free(l->v);
    *l = (fuzz_scanErrorList){ 0 };
}

static void scanner_error(fuzz_scanner *s, size_t off, const char *msg) {
    fuzz_scanErrorList_add(s->errors, off, runtime_strdup(msg));
}

// formatU is fmt's %#U: "U+0041 'A'", the quoted form only when printable.
static char *formatU(int32_t r) {
    char c[5] = { 0 };
    if (strconv_IsPrint(r)) {
        utf8_EncodeRune(c, r);
        return runtime_sprintf("U+%04X '%s'", (unsigned)r, c);
    }
    return runtime_sprintf("U+%04X", (unsigned)r);
}

// scanner_next reads the next Unicode char into s->ch, reporting NUL,
// invalid UTF-8 and a misplaced BOM as go/scanner's next does.
static void scanner_next(fuzz_scanner *s) {
    if (s->rdOffset < s->len) {
        s->offset = s->rdOffset;
        int32_t r = s->src[s->rdOffset];
        size_t w = 1;
        if (r == 0) {
            scanner_error(s, s->offset, "illegal character NUL");
        } else if (r >= utf8_RuneSelf) {
            r = utf8_DecodeRune((const char *)s->src + s->rdOffset, s->len - s->rdOffset, &w);
            if (r == utf8_RuneError && w == 1) {
                scanner_error(s, s->offset, "illegal UTF-8 encoding");
            } else if (r == bom && s->offset > 0) {
                scanner_error(s, s->offset, "illegal byte order mark");
            }
        }
        s->rdOffset += w;
        s->ch = r;
    } else {
        s->offset = s->len;
        s->ch = eof;
    }
}

// scanner_peek is Scanner.peek: the byte after ch, or 0 at the end.
static uint8_t scanner_peek(const fuzz_scanner *s) {
    return s->rdOffset < s->len ? s->src[s->rdOffset] : 0;
}

// scanner_skipTo moves past a token re2c matched up to end (all of whose
// characters are valid), reading the char at end as next would.
static void scanner_skipTo(fuzz_scanner *s, size_t end) {
    s->rdOffset = end;
    scanner_next(s);
}

void fuzz_scanner_init(fuzz_scanner *s, const uint8_t *src, size_t len, fuzz_scanErrorList *errs) {
    // lexWord's re2c end-of-input rule reads the byte at its limit (its
    // sentinel, 0) before it checks the limit: the scan is over a copy that
    // has one, since a line's last byte may be its file's.
    uint8_t *text = runtime_malloc(len + 1);
    if (len > 0) {
        memcpy(text, src, len);
    }
    text[len] = 0;
    *s = (fuzz_scanner){ .src = text, .len = len, .ch = ' ', .errors = errs, .text = text };
    scanner_next(s);
    if (s->ch == bom) {
        scanner_next(s); // ignore BOM at file beginning
    }
}

void fuzz_scanner_free(fuzz_scanner *s) {
    for (size_t i = 0; i < s->nowned; i++) {
        free(s->owned[i]);
    }
    free(s->owned);
    s->owned = NULL;
    s->nowned = 0;
    free(s->text);
    s->text = NULL;
    s->src = NULL;
}

// lexWord matches an identifier or an operator at p (re2c); it returns the
// token (IDENT for identifiers and keywords) and sets *end, or ILLEGAL.
static fuzz_token lexWord(const uint8_t *p, const uint8_t *limit, const uint8_t **end) {
    const uint8_t *YYCURSOR = p, *YYLIMIT = limit, *YYMARKER = p;
    fuzz_token tok;
    /*!include:re2c "unicode_categories.re" */
    /*!re2c
        re2c:define:YYCTYPE = "uint8_t";
        re2c:yyfill:enable  = 0;
        re2c:eof            = 0;
        re2c:flags:utf-8    = 1;

        // https://go.dev/ref/spec#Letters_and_digits (go/scanner's
        // isLetter and isDigit: Unicode classes L and Nd)
        letter         = [a-zA-Z_] | L;
        unicode_digit  = [0-9] | Nd;
        identifier     = letter (letter | unicode_digit)*;

        identifier { tok = TOKEN_IDENT; goto done; }
        "+"   { tok = TOKEN_ADD; goto done; }
        "-"   { tok = TOKEN_SUB; goto done; }
        "*"   { tok = TOKEN_MUL; goto done; }
        "/"   { tok = TOKEN_QUO; goto done; }
        "%"   { tok = TOKEN_REM; goto done; }
        "&"   { tok = TOKEN_AND; goto done; }
        "|"   { tok = TOKEN_OR; goto done; }
        "^"   { tok = TOKEN_XOR; goto done; }
        "<<"  { tok = TOKEN_SHL; goto done; }
        ">>"  { tok = TOKEN_SHR; goto done; }
        "&^"  { tok = TOKEN_AND_NOT; goto done; }
        "+="  { tok = TOKEN_ADD_ASSIGN; goto done; }
        "-="  { tok = TOKEN_SUB_ASSIGN; goto done; }
        "*="  { tok = TOKEN_MUL_ASSIGN; goto done; }
        "/="  { tok = TOKEN_QUO_ASSIGN; goto done; }
        "%="  { tok = TOKEN_REM_ASSIGN; goto done; }
        "&="  { tok = TOKEN_AND_ASSIGN; goto done; }
        "|="  { tok = TOKEN_OR_ASSIGN; goto done; }
        "^="  { tok = TOKEN_XOR_ASSIGN; goto done; }
        "<<=" { tok = TOKEN_SHL_ASSIGN; goto done; }
        ">>=" { tok = TOKEN_SHR_ASSIGN; goto done; }
        "&^=" { tok = TOKEN_AND_NOT_ASSIGN; goto done; }
        "&&"  { tok = TOKEN_LAND; goto done; }
        "||"  { tok = TOKEN_LOR; goto done; }
        "<-"  { tok = TOKEN_ARROW; goto done; }
        "++"  { tok = TOKEN_INC; goto done; }
        "--"  { tok = TOKEN_DEC; goto done; }
        "=="  { tok = TOKEN_EQL; goto done; }
        "<"   { tok = TOKEN_LSS; goto done; }
        ">"   { tok = TOKEN_GTR; goto done; }
        "="   { tok = TOKEN_ASSIGN; goto done; }
        "!"   { tok = TOKEN_NOT; goto done; }
        "!="  { tok = TOKEN_NEQ; goto done; }
        "<="  { tok = TOKEN_LEQ; goto done; }
        ">="  { tok = TOKEN_GEQ; goto done; }
        ":="  { tok = TOKEN_DEFINE; goto done; }
        "..." { tok = TOKEN_ELLIPSIS; goto done; }
        "("   { tok = TOKEN_LPAREN; goto done; }
        "["   { tok = TOKEN_LBRACK; goto done; }
        "{"   { tok = TOKEN_LBRACE; goto done; }
        ","   { tok = TOKEN_COMMA; goto done; }
        "."   { tok = TOKEN_PERIOD; goto done; }
        ")"   { tok = TOKEN_RPAREN; goto done; }
        "]"   { tok = TOKEN_RBRACK; goto done; }
        "}"   { tok = TOKEN_RBRACE; goto done; }
        ";"   { tok = TOKEN_SEMICOLON; goto done; }
        ":"   { tok = TOKEN_COLON; goto done; }
        "~"   { tok = TOKEN_TILDE; goto done; }
        $     { return TOKEN_ILLEGAL; }
        *     { return TOKEN_ILLEGAL; }
    */
done:
    *end = YYCURSOR;
    return tok;
}

static bool isDecimal(int32_t ch) {
    return '0' <= ch && ch <= '9';
}

// lower returns the lower-case ch iff ch is an ASCII letter.
static int32_t lower(int32_t ch) {
    return ('a' - 'A') | ch;
}

static bool isHex(int32_t ch) {
    return isDecimal(ch) || ('a' <= lower(ch) && lower(ch) <= 'f');
}

static int digitVal(int32_t ch) {
    if (isDecimal(ch)) {
        return ch - '0';
    }
    if ('a' <= lower(ch) && lower(ch) <= 'f') {
        return lower(ch) - 'a' + 10;
    }
    return 16; // larger than any legal digit val
}

// scanComment skips a comment; the initial '/' is consumed and ch is '/'
// or '*'. Line directives do not matter to a one-line expression.
static void scanner_scanComment(fuzz_scanner *s) {
    size_t offs = s->offset - 1; // position of initial '/'
    if (s->ch == '/') {
        //-style comment
        scanner_next(s);
        while (s->ch != '\n' && s->ch >= 0) {
            scanner_next(s);
        }
        return;
    }
    /*-style comment */
    scanner_next(s);
    while (s->ch >= 0) {
        int32_t ch = s->ch;
        scanner_next(s);
        if (ch == '*' && s->ch == '/') {
            scanner_next(s);
            return;
        }
    }
    scanner_error(s, offs, "comment not terminated");
}

static void scanner_skipWhitespace(fuzz_scanner *s) {
    while (s->ch == ' ' || s->ch == '\t' || (s->ch == '\n' && !s->insertSemi) || s->ch == '\r') {
        scanner_next(s);
    }
}

// scanner_findLineEnd reports whether only comments and whitespace stand
// between the '/' just consumed and the end of the line; it leaves the
// scanner where it was (go/scanner's findLineEnd, whose rewind also means
// characters are read, and reported, twice).
static bool scanner_findLineEnd(fuzz_scanner *s) {
    size_t offs = s->offset - 1;
    bool result = false;
    while (s->ch == '/' || s->ch == '*') {
        if (s->ch == '/') {
            //-style comment always contains a newline
            result = true;
            goto out;
        }
        /*-style comment: look for newline */
        scanner_next(s);
        while (s->ch >= 0) {
            int32_t ch = s->ch;
            if (ch == '\n') {
                result = true;
                goto out;
            }
            scanner_next(s);
            if (ch == '*' && s->ch == '/') {
                scanner_next(s);
                break;
            }
        }
        scanner_skipWhitespace(s); // s->insertSemi is set
        if (s->ch < 0 || s->ch == '\n') {
            result = true;
            goto out;
        }
        if (s->ch != '/') {
            goto out; // non-comment token
        }
        scanner_next(s); // consume '/'
    }
out: // back to where the look-ahead started
    s->ch = '/';
    s->offset = offs;
    s->rdOffset = offs + 1;
    scanner_next(s); // consume initial '/' again
    return result;
}

static const char *litname(int32_t prefix) {
    switch (prefix) {
    case 'x':
        return "hexadecimal literal";
    case 'o':
    case '0':
        return "octal literal";
    case 'b':
        return "binary literal";
    default:
        return "decimal literal";
    }
}

// scanner_digits consumes digits of base (and '_'); bit 0 of the result is
// set if it saw a digit, bit 1 if it saw '_'. *invalid records the first
// digit not valid in base (for base <= 10).
static int scanner_digits(fuzz_scanner *s, int base, ptrdiff_t *invalid) {
    int digsep = 0;
    if (base <= 10) {
        int32_t max = '0' + base;
        while (isDecimal(s->ch) || s->ch == '_') {
            int ds = 1;
            if (s->ch == '_') {
                ds = 2;
            } else if (s->ch >= max && invalid != NULL && *invalid < 0) {
                *invalid = (ptrdiff_t)s->offset; // record invalid rune offset
            }
            digsep |= ds;
            scanner_next(s);
        }
    } else {
        while (isHex(s->ch) || s->ch == '_') {
            digsep |= s->ch == '_' ? 2 : 1;
            scanner_next(s);
        }
    }
    return digsep;
}

// invalidSep is where x's first misplaced '_' is, or -1 if none is.
static ptrdiff_t invalidSep(const uint8_t *x, size_t n) {
    int32_t x1 = ' '; // the character before, which matters only as 'x'
    int32_t d = '.';  // the last class seen: '_', '0' for any digit, '.' for the rest
    size_t i = 0;
    if (n >= 2 && x[0] == '0') {
        x1 = lower(x[1]);
        if (x1 == 'x' || x1 == 'o' || x1 == 'b') {
            d = '0';
            i = 2;
        }
    }
    for (; i < n; i++) {
        int32_t p = d; // previous digit
        d = x[i];
        if (d == '_') {
            if (p != '0') {
                return (ptrdiff_t)i;
            }
        } else if (isDecimal(d) || (x1 == 'x' && isHex(d))) {
            d = '0';
        } else {
            if (p == '_') {
                return (ptrdiff_t)i - 1;
            }
            d = '.';
        }
    }
    if (d == '_') {
        return (ptrdiff_t)n - 1;
    }
    return -1;
}

static fuzz_token scanner_scanNumber(fuzz_scanner *s, go_string *lit) {
    size_t offs = s->offset;
    fuzz_token tok = TOKEN_ILLEGAL;
    int base = 10;       // number base
    int32_t prefix = 0;  // the base's letter: 0 decimal, '0' old octal, 'x', 'o', 'b'
    int digsep = 0;      // 1: saw a digit; 2: saw a '_'
    ptrdiff_t invalid = -1; // where the first digit too large for the base is, or < 0

    // integer part
    if (s->ch != '.') {
        tok = TOKEN_INT;
        if (s->ch == '0') {
            scanner_next(s);
            switch (lower(s->ch)) {
            case 'x':
                scanner_next(s);
                base = 16, prefix = 'x';
                break;
            case 'o':
                scanner_next(s);
                base = 8, prefix = 'o';
                break;
            case 'b':
                scanner_next(s);
                base = 2, prefix = 'b';
                break;
            default:
                base = 8, prefix = '0';
                digsep = 1; // leading 0
                break;
            }
        }
        digsep |= scanner_digits(s, base, &invalid);
    }

    // fractional part
    if (s->ch == '.') {
        tok = TOKEN_FLOAT;
        if (prefix == 'o' || prefix == 'b') {
            char *msg = runtime_sprintf("invalid radix point in %s", litname(prefix));
            fuzz_scanErrorList_add(s->errors, s->offset, msg);
        }
        scanner_next(s);
        digsep |= scanner_digits(s, base, &invalid);
    }

    if ((digsep & 1) == 0) {
        char *msg = runtime_sprintf("%s has no digits", litname(prefix));
        fuzz_scanErrorList_add(s->errors, s->offset, msg);
    }

    // exponent
    int32_t e = lower(s->ch);
    if (e == 'e' || e == 'p') {
        if ((e == 'e' && prefix != 0 && prefix != '0') || (e == 'p' && prefix != 'x')) {
            char *q = strconv_QuoteRune(s->ch);
            char *msg = runtime_sprintf("%s exponent requires %s mantissa", q,
                    e == 'e' ? "decimal" : "hexadecimal");
            free(q);
            fuzz_scanErrorList_add(s->errors, s->offset, msg);
        }
        scanner_next(s);
        tok = TOKEN_FLOAT;
        if (s->ch == '+' || s->ch == '-') {
            scanner_next(s);
        }
        int ds = scanner_digits(s, 10, NULL);
        digsep |= ds;
        if ((ds & 1) == 0) {
            scanner_error(s, s->offset, "exponent has no digits");
        }
    } else if (prefix == 'x' && tok == TOKEN_FLOAT) {
        scanner_error(s, s->offset, "hexadecimal mantissa requires a 'p' exponent");
    }

    // suffix 'i'
    if (s->ch == 'i') {
        tok = TOKEN_IMAG;
        scanner_next(s);
    }

    *lit = (go_string){ (const char *)s->src + offs, s->offset - offs };
    if (tok == TOKEN_INT && invalid >= 0) {
        char *msg = runtime_sprintf("invalid digit '%c' in %s", s->src[invalid], litname(prefix));
        fuzz_scanErrorList_add(s->errors, (size_t)invalid, msg);
    }
    if ((digsep & 2) != 0) {
        ptrdiff_t i = invalidSep(s->src + offs, s->offset - offs);
        if (i >= 0) {
            scanner_error(s, offs + (size_t)i, "'_' must separate successive digits");
        }
    }
    return tok;
}

// scanner_scanEscape reads an escape sequence after its backslash; quote
// is the quote of the literal it is in.
static bool scanner_scanEscape(fuzz_scanner *s, int32_t quote) {
    size_t offs = s->offset;
    int n;
    uint32_t base, max;
    switch (s->ch) {
    case 'a':
    case 'b':
    case 'f':
    case 'n':
    case 'r':
    case 't':
    case 'v':
    case '\\':
        scanner_next(s);
        return true;
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
        n = 3, base = 8, max = 255;
        break;
    case 'x':
        scanner_next(s);
        n = 2, base = 16, max = 255;
        break;
    case 'u':
        scanner_next(s);
        n = 4, base = 16, max = 0x10FFFF;
        break;
    case 'U':
        scanner_next(s);
        n = 8, base = 16, max = 0x10FFFF;
        break;
    default:
        if (s->ch == quote) {
            scanner_next(s);
            return true;
        }
        scanner_error(s, offs, s->ch < 0 ? "escape sequence not terminated" : "unknown escape sequence");
        return false;
    }

    uint32_t x = 0;
    for (; n > 0; n--) {
        uint32_t d = (uint32_t)digitVal(s->ch);
        if (d >= base) {
            if (s->ch < 0) {
                scanner_error(s, s->offset, "escape sequence not terminated");
            } else {
                char *u = formatU(s->ch);
                char *msg = runtime_sprintf("illegal character %s in escape sequence", u);
                free(u);
                fuzz_scanErrorList_add(s->errors, s->offset, msg);
            }
            return false;
        }
        x = x * base + d;
        scanner_next(s);
    }
    if (x > max || (0xD800 <= x && x < 0xE000)) {
        scanner_error(s, offs, "escape sequence is invalid Unicode code point");
        return false;
    }
    return true;
}

// scanner_scanRune reads a rune literal; the opening quote is consumed.
static void scanner_scanRune(fuzz_scanner *s, go_string *lit) {
    size_t offs = s->offset - 1;
    bool valid = true;
    int n = 0;
    for (;;) {
        int32_t ch = s->ch;
        if (ch == '\n' || ch < 0) {
            // the first error about a literal is the one kept
            if (valid) {
                scanner_error(s, offs, "rune literal not terminated");
                valid = false;
            }
            break;
        }
        scanner_next(s);
        if (ch == '\'') {
            break;
        }
        n++;
        if (ch == '\\') {
            if (!scanner_scanEscape(s, '\'')) {
                valid = false;
            }
            // continue to read to closing quote
        }
    }
    if (valid && n != 1) {
        scanner_error(s, offs, "illegal rune literal");
    }
    *lit = (go_string){ (const char *)s->src + offs, s->offset - offs };
}

// scanner_scanString reads an interpreted string literal; the opening
// quote is consumed.
static void scanner_scanString(fuzz_scanner *s, go_string *lit) {
    size_t offs = s->offset - 1;
    for (;;) {
        int32_t ch = s->ch;
        if (ch == '\n' || ch < 0) {
            scanner_error(s, offs, "string literal not terminated");
            break;
        }
        scanner_next(s);
        if (ch == '"') {
            break;
        }
        if (ch == '\\') {
            scanner_scanEscape(s, '"');
        }
    }
    *lit = (go_string){ (const char *)s->src + offs, s->offset - offs };
}

// scanner_scanRawString reads a raw string literal; the opening quote is
// consumed. Its text loses its carriage returns, as Go's does (stripCR).
static void scanner_scanRawString(fuzz_scanner *s, go_string *lit) {
    size_t offs = s->offset - 1;
    bool hasCR = false;
    for (;;) {
        int32_t ch = s->ch;
        if (ch < 0) {
            scanner_error(s, offs, "raw string literal not terminated");
            break;
        }
        scanner_next(s);
        if (ch == '`') {
            break;
        }
        if (ch == '\r') {
            hasCR = true;
        }
    }
    *lit = (go_string){ (const char *)s->src + offs, s->offset - offs };
    if (hasCR) {
        char *c = runtime_malloc(lit->len + 1);
        size_t i = 0;
        for (size_t j = 0; j < lit->len; j++) {
            if (lit->ptr[j] != '\r') {
                c[i++] = lit->ptr[j];
            }
        }
        s->owned = runtime_realloc(s->owned, (s->nowned + 1) * sizeof s->owned[0]);
        s->owned[s->nowned++] = c;
        *lit = (go_string){ c, i };
    }
}

fuzz_token fuzz_scanner_Scan(fuzz_scanner *s, size_t *pos, go_string *lit) {
    fuzz_token tok;
scanAgain:
    scanner_skipWhitespace(s);
    *pos = s->offset;
    *lit = (go_string){ "", 0 };
    bool insertSemi = false;
    int32_t ch = s->ch;
    const uint8_t *end;
    if (isDecimal(ch) || (ch == '.' && isDecimal(scanner_peek(s)))) {
        insertSemi = true;
        tok = scanner_scanNumber(s, lit);
    } else if (ch == eof) {
        if (s->insertSemi) {
            s->insertSemi = false; // EOF consumed
            *lit = (go_string){ "\n", 1 };
            return TOKEN_SEMICOLON;
        }
        tok = TOKEN_EOF;
    } else if (ch == '\n') {
        scanner_next(s);
        s->insertSemi = false; // newline consumed
        *lit = (go_string){ "\n", 1 };
        return TOKEN_SEMICOLON;
    } else if (ch == '"' || ch == '\'' || ch == '`') {
        scanner_next(s);
        insertSemi = true;
        if (ch == '"') {
            tok = TOKEN_STRING;
            scanner_scanString(s, lit);
        } else if (ch == '\'') {
            tok = TOKEN_CHAR;
            scanner_scanRune(s, lit);
        } else {
            tok = TOKEN_STRING;
            scanner_scanRawString(s, lit);
        }
    } else if (ch == '/' && (scanner_peek(s) == '/' || scanner_peek(s) == '*')) {
        scanner_next(s);
        if (s->insertSemi && scanner_findLineEnd(s)) {
            s->ch = '/';
            s->offset = *pos;
            s->rdOffset = *pos + 1;
            s->insertSemi = false; // newline consumed
            *lit = (go_string){ "\n", 1 };
            return TOKEN_SEMICOLON;
        }
        scanner_scanComment(s);
        s->insertSemi = false; // newline consumed
        goto scanAgain;
    } else if ((tok = lexWord(s->src + s->offset, s->src + s->len, &end)) != TOKEN_ILLEGAL) {
        size_t n = (size_t)(end - (s->src + s->offset));
        if (tok == TOKEN_IDENT) {
            *lit = (go_string){ (const char *)s->src + s->offset, n };
            if (n > 1) {
                tok = lookup(s->src + s->offset, n);
            }
            insertSemi = tok == TOKEN_IDENT || tok == TOKEN_BREAK || tok == TOKEN_CONTINUE ||
                    tok == TOKEN_FALLTHROUGH || tok == TOKEN_RETURN;
        } else if (tok == TOKEN_SEMICOLON) {
            *lit = (go_string){ ";", 1 };
        } else {
            insertSemi = tok == TOKEN_RPAREN || tok == TOKEN_RBRACK || tok == TOKEN_RBRACE ||
                    tok == TOKEN_INC || tok == TOKEN_DEC;
        }
        scanner_skipTo(s, (size_t)(end - s->src));
    } else {
        scanner_next(s); // always make progress
        if (ch != bom) {
            char *u = formatU(ch);
            char *msg = runtime_sprintf("illegal character %s", u);
            free(u);
            fuzz_scanErrorList_add(s->errors, *pos, msg);
        }
        insertSemi = s->insertSemi; // preserve insertSemi info
        tok = TOKEN_ILLEGAL;
        *lit = (go_string){ (const char *)s->src + *pos, s->offset - *pos };
    }
    s->insertSemi = insertSemi;
    return tok;
}
