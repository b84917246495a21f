// Ports go1.19.8 src/cmd/go/internal/load/test.go: isTest, isTestFunc,
// checkTestFunc, and go/build's splitQuoted for //ctest: lines (as cgo's
// #cgo lines).
//
// Go parses each _test.go file and walks its top-level func declarations.
// C has no such parser at hand, so scanFile lexes the file (comments, string
// and character literals and preprocessor lines skipped) and looks at every
// file-scope declaration that is followed by a '{': a function definition.
// One whose name is a test name must have the test signature, or the build
// fails as go test's does (checkTestFunc). ctest: static functions are never
// tests (they cannot be called from the generated main).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/ctest.h"

// tokKind is what lex returns: the few C tokens the scanner cares about.
typedef enum tokKind {
    tokEOF,
    tokIdent,
    tokLParen,
    tokRParen,
    tokLBrace,
    tokRBrace,
    tokSemi,
    tokAssign,
    tokStar,
    tokHash,
    tokNewline,
    tokLineComment, // a // comment, which may be a //ctest: line
    tokOther,       // any other token (numbers, other punctuation, literals)
} tokKind;

typedef struct lexer {
    const unsigned char *cur, *lim, *mar;
    const unsigned char *tok; // start of the last token
} lexer;

// lex returns the next token; white space, block comments, line splices and
// string and character literals never reach the parser as anything but
// tokOther (literals) or nothing (the rest).
static tokKind lex(lexer *l) {
    for (;;) {
        l->tok = l->cur;
        /*!re2c
            re2c:define:YYCTYPE  = "unsigned char";
            re2c:define:YYCURSOR = "l->cur";
            re2c:define:YYMARKER = "l->mar";
            re2c:define:YYLIMIT  = "l->lim";
            re2c:yyfill:enable   = 0;
            re2c:eof             = 0;

            // C11 5.1.1.2 phase 2: a backslash-newline splices two lines.
            splice        = "\\" "\r"? "\n";
            white_space   = [ \t\v\f\r]+;
            // C11 6.4.2 identifiers (ASCII; a '$' as GCC allows).
            identifier    = [A-Za-z_$] [A-Za-z0-9_$]*;
            // C11 6.4.8 preprocessing numbers, so that 1e+5 stays one token.
            pp_number     = "."? [0-9] ([0-9A-Za-z_.] | [eEpP] [+-])*;
            // C11 6.4.9 comments; a // comment continues over a splice.
            line_comment  = "//" ([^\n\\] | "\\" [^])*;
            block_comment = "/*" ([^*] | "*"+ [^*/])* "*"+ "/";
            // C11 6.4.4.4 and 6.4.5: character constants and string literals.
            char_lit      = "'" ([^'\\\n] | "\\" [^])* "'";
            string_lit    = "\"" ([^"\\\n] | "\\" [^])* "\"";

            $                          { return tokEOF; }
            white_space | splice       { continue; }
            block_comment              { continue; }
            "/*"                       { l->cur = l->lim; return tokEOF; }
            line_comment               { return tokLineComment; }
            "\n"                       { return tokNewline; }
            identifier                 { return tokIdent; }
            pp_number                  { return tokOther; }
            char_lit | string_lit      { return tokOther; }
            "("                        { return tokLParen; }
            ")"                        { return tokRParen; }
            "{" | "<%"                 { return tokLBrace; }
            "}" | "%>"                 { return tokRBrace; }
            ";"                        { return tokSemi; }
            "="                        { return tokAssign; }
            "*"                        { return tokStar; }
            "#" | "%:"                 { return tokHash; }
            "==" | "!=" | "<=" | ">=" | "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^="
                                       { return tokOther; }
            "<<=" | ">>=" | "##" | "%:%:" { return tokOther; }
            *                          { return tokOther; }
        */
    }
}

// isTest is load/test.go's isTest. Go asks unicode.IsLower of the next
// rune; C identifiers here are ASCII, so a lower-case ASCII letter.
bool isTest(const char *name, size_t n, const char *prefix) {
    size_t np = strlen(prefix);
    if (n < np || memcmp(name, prefix, np) != 0) {
        return false;
    }
    if (n == np) { // "Test" is ok
        return true;
    }
    return !(name[np] >= 'a' && name[np] <= 'z');
}

// token is one token of a declaration: its kind and its bytes.
typedef struct token {
    tokKind kind;
    const char *p;
    size_t n;
} token;

typedef struct tokens {
    token *ptr;
    size_t len, cap;
} tokens;

static void tokens_append(tokens *ts, token t) {
    if (ts->len == ts->cap) {
        ts->cap = ts->cap ? 2 * ts->cap : 32;
        ts->ptr = runtime_realloc(ts->ptr, ts->cap * sizeof(token));
    }
    ts->ptr[ts->len++] = t;
}

static bool tokIs(const token *t, const char *s) {
    return t->kind == tokIdent && t->n == strlen(s) && memcmp(t->p, s, t->n) == 0;
}

// notDeclarator lists identifiers followed by '(' that do not name the
// declared function (attributes and type operators).
static bool notDeclarator(const token *t) {
    static const char *const names[] = { "__attribute__", "__attribute", "__declspec",
        "_Alignas", "alignas", "_Atomic", "typeof", "__typeof__", "__typeof", "sizeof",
        "_Pragma", "__asm__", "asm", "void", "int", "char" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (tokIs(t, names[i])) {
            return true;
        }
    }
    return false;
}

// position formats path:line:col of p in src as go/token.Position does
// (1-based, the column in bytes); caller frees.
static char *position(const char *path, const char *src, const char *p) {
    int line = 1;
    const char *lineStart = src;
    for (const char *q = src; q < p; q++) {
        if (*q == '\n') {
            line++;
            lineStart = q + 1;
        }
    }
    return runtime_sprintf("%s:%d:%d", path, line, (int)(p - lineStart) + 1);
}

// isTestFunc is load/test.go's isTestFunc over the declaration d[0:n]
// whose name is d[name]: `void Name(arg *x)` with arg "T" or "F", or
// "testing_T"/"testing_F" (Go accepts *T and *pkg.T alike), the parameter
// name optional, followed directly by the body.
static bool isTestFunc(const token *d, size_t n, size_t name, const char *arg) {
    // Before the name: void, possibly extern. Go: no results.
    size_t nvoid = 0;
    for (size_t i = 0; i < name; i++) {
        if (tokIs(&d[i], "void")) {
            nvoid++;
        } else if (!tokIs(&d[i], "extern")) {
            return false;
        }
    }
    if (nvoid != 1) {
        return false;
    }
    // After it: ( [struct] arg * [ident] ) and nothing more. Go: one
    // parameter, a pointer to arg.
    size_t i = name + 2;
    if (i < n && tokIs(&d[i], "struct")) {
        i++;
    }
    char qualified[32];
    snprintf(qualified, sizeof qualified, "testing_%s", arg);
    if (i >= n || !(tokIs(&d[i], arg) || tokIs(&d[i], qualified))) {
        return false;
    }
    i++;
    if (i >= n || d[i].kind != tokStar) {
        return false;
    }
    i++;
    if (i < n && d[i].kind == tokIdent) {
        i++;
    }
    return i + 1 == n && d[i].kind == tokRParen;
}

// checkTestFunc is load/test.go's checkTestFunc.
static go_error *checkTestFunc(const char *path, const char *src, const token *d, size_t n,
        size_t name, const char *arg) {
    if (isTestFunc(d, n, name, arg)) {
        return NULL;
    }
    char *pos = position(path, src, d[0].p);
    char lower = (char)(arg[0] - 'A' + 'a');
    // ctest: "must be: void TestXxx(T *t)", the C form of Go's
    // "must be: func TestXxx(t *testing.T)".
    go_error *err = fmt_Errorf(NULL, "%s: wrong signature for %.*s, must be: void %.*s(%s *%c)",
            pos, (int)d[name].n, d[name].p, (int)d[name].n, d[name].p, arg, lower);
    free(pos);
    return err;
}

// checkDefinition looks at the file-scope declaration d[0:n] that a '{'
// follows and, if it defines a test or fuzz test, checks and records it.
static go_error *checkDefinition(const char *path, const char *src, const token *d, size_t n,
        testFuncs *t) {
    // The declarator's name: the first identifier outside parentheses
    // followed by '(', as in `void TestX(T *t)`.
    size_t name = n;
    int depth = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        if (d[i].kind == tokAssign && depth == 0) {
            return NULL; // an initializer, not a function body
        }
        if (d[i].kind == tokLParen) {
            depth++;
        } else if (d[i].kind == tokRParen) {
            depth--;
        } else if (d[i].kind == tokIdent && d[i + 1].kind == tokLParen && !notDeclarator(&d[i])) {
            name = i;
            break;
        }
    }
    if (name == n) {
        return NULL;
    }
    for (size_t i = 0; i < name; i++) {
        if (tokIs(&d[i], "static") || tokIs(&d[i], "typedef")) {
            return NULL; // ctest: a static function is not a test
        }
    }
    const char *arg;
    strList *list;
    if (isTest(d[name].p, d[name].n, "Test")) {
        arg = "T";
        list = &t->Tests;
    } else if (isTest(d[name].p, d[name].n, "Fuzz")) {
        arg = "F";
        list = &t->FuzzTargets;
    } else {
        return NULL;
    }
    go_error *err = checkTestFunc(path, src, d, n, name, arg);
    if (err != NULL) {
        return err;
    }
    strList_appendOwned(list, runtime_strndup(d[name].p, d[name].n));
    return NULL;
}

// sanitizeDirective adds the flags of a //ctest:sanitize line (ctest's
// own), whose words args name sanitizers, one or more to a word with
// commas between, to cflags and ldflags: every build of the package has
// them. A name the line does not take is an error; so is a line that names
// none.
static go_error *sanitizeDirective(const char *path, const strList *args, strList *cflags,
        strList *ldflags) {
    strings_Builder list = { 0 };
    go_error *err = NULL;
    for (size_t i = 0; i < args->len && err == NULL; i++) {
        for (const char *a = args->ptr[i]; *a != '\0' && err == NULL;) {
            size_t n = strcspn(a, ",");
            if (n > 0 && sanitizerRuntime(a, n) == NULL) {
                char *q = strconv_Quote(a, n), *known = knownSanitizers();
                err = fmt_Errorf(NULL,
                        "%s: invalid //ctest:sanitize line: unknown sanitizer %s (it takes "
                        "-fsanitize's names: %s)",
                        path, q, known);
                free(q);
                free(known);
            } else if (n > 0) {
                strings_Builder_WriteString(&list, strings_Builder_Len(&list) > 0 ? "," : "");
                strings_Builder_Write(&list, a, n);
            }
            a += n + (a[n] == ',');
        }
    }
    if (err == NULL && strings_Builder_Len(&list) == 0) {
        err = fmt_Errorf(NULL,
                "%s: invalid //ctest:sanitize line: it names no sanitizer (for example "
                "//ctest:sanitize address,undefined)",
                path);
    }
    if (err == NULL) {
        appendSanitizeFlags(cflags, strings_Builder_String(&list));
        appendSanitizeFlags(ldflags, strings_Builder_String(&list));
    }
    strings_Builder_Reset(&list);
    return err;
}

// directive handles a //ctest:cflags, //ctest:ldflags or (ctest's own)
// //ctest:srcs or //ctest:sanitize line comment; other comments are
// ignored. ${SRCDIR} expands to the package directory, as in cgo's #cgo
// lines.
static go_error *directive(const char *path, const char *srcdir, const char *p, size_t n,
        strList *cflags, strList *ldflags, strList *srcs) {
    static const struct {
        const char *prefix;
        size_t len;
    } kinds[] = { { "//ctest:cflags", 14 }, { "//ctest:ldflags", 15 }, { "//ctest:srcs", 12 },
        { "//ctest:sanitize", 16 } };
    strList sanitize = { 0 };
    strList *lists[] = { cflags, ldflags, srcs, &sanitize };
    strList *to = NULL;
    size_t skip = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0] && to == NULL; k++) {
        if (n >= kinds[k].len && memcmp(p, kinds[k].prefix, kinds[k].len) == 0) {
            to = lists[k];
            skip = kinds[k].len;
        }
    }
    if (to == NULL) {
        return NULL;
    }
    if (n > skip && p[skip] != ' ' && p[skip] != '\t') {
        return NULL; // //ctest:cflagsfoo is some other word
    }
    strList args = { 0 };
    go_error *err = splitQuoted(p + skip, n - skip, &args);
    if (err != NULL) {
        go_error_free(err);
        strList_free(&args);
        // Go (go/build saveCgo): fmt.Errorf("%s: invalid #cgo line: %s", filename, orig)
        return fmt_Errorf(NULL, "%s: invalid //ctest: line: %.*s", path, (int)n, p);
    }
    for (size_t i = 0; i < args.len; i++) {
        const char *a = args.ptr[i];
        const char *v = strstr(a, "${SRCDIR}");
        if (v != NULL) {
            strList_appendOwned(to,
                    runtime_sprintf("%.*s%s%s", (int)(v - a), a, srcdir, v + strlen("${SRCDIR}")));
        } else {
            strList_append(to, a);
        }
    }
    strList_free(&args);
    if (to == &sanitize) {
        err = sanitizeDirective(path, &sanitize, cflags, ldflags);
        strList_free(&sanitize);
    }
    return err;
}

go_error *scanFile(const char *path, const char *srcdir, const char *src, size_t n,
        testFuncs *t, strList *cflags, strList *ldflags, strList *srcs) {
    lexer l = { (const unsigned char *)src, (const unsigned char *)src + n, NULL, NULL };
    tokens decl = { 0 };
    go_error *err = NULL;
    int braces = 0;
    bool lineStart = true, inDirective = false;
    for (;;) {
        tokKind k = lex(&l);
        token tok = { k, (const char *)l.tok, (size_t)(l.cur - l.tok) };
        if (k == tokEOF) {
            break;
        }
        if (k == tokNewline) {
            lineStart = true;
            inDirective = false;
            continue;
        }
        if (k == tokLineComment) {
            // A comment ends the line; it is not a token of the code.
            err = directive(path, srcdir, tok.p, tok.n, cflags, ldflags, srcs);
            if (err != NULL) {
                break;
            }
            continue;
        }
        bool first = lineStart;
        lineStart = false;
        if (inDirective) {
            continue;
        }
        if (k == tokHash && first) {
            inDirective = true; // a preprocessor line: skipped to its end
            continue;
        }
        if (t == NULL) {
            continue;
        }
        switch (k) {
        case tokLBrace:
            if (braces++ == 0) {
                err = checkDefinition(path, src, decl.ptr, decl.len, t);
                decl.len = 0;
            }
            break;
        case tokRBrace:
            if (braces > 0 && --braces == 0) {
                decl.len = 0;
            }
            break;
        case tokSemi:
            if (braces == 0) {
                decl.len = 0;
            }
            break;
        default:
            if (braces == 0) {
                tokens_append(&decl, tok);
            }
            break;
        }
        if (err != NULL) {
            break;
        }
    }
    free(decl.ptr);
    return err;
}

// posTracker turns token starts into lines and columns (1-based, the
// column counted in bytes, as clang's coverage regions count them),
// advancing over the source once.
typedef struct posTracker {
    const char *at;
    srcPos pos;
} posTracker;

static srcPos posOf(posTracker *pt, const char *p) {
    for (; pt->at < p; pt->at++) {
        if (*pt->at == '\n') {
            pt->pos.line++;
            pt->pos.col = 1;
        } else {
            pt->pos.col++;
        }
    }
    return pt->pos;
}

static void srcPosList_append(srcPosList *l, srcPos p) {
    if (l->len == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->ptr = runtime_realloc(l->ptr, l->cap * sizeof(srcPos));
    }
    l->ptr[l->len++] = p;
}

static int compareSrcPos(const void *a, const void *b) {
    const srcPos *x = a, *y = b;
    if (x->line != y->line) {
        return x->line < y->line ? -1 : 1;
    }
    return x->col < y->col ? -1 : x->col > y->col;
}

void scanStatements(const char *src, size_t n, srcPosList *out) {
    lexer l = { (const unsigned char *)src, (const unsigned char *)src + n, NULL, NULL };
    posTracker pt = { src, { 1, 1 } };
    bool lineStart = true, inDirective = false;
    int parens = 0;
    srcPos prev = { 0, 0 };
    // A while is a loop of its own unless a ';' follows its condition: then
    // it ends a do statement, which that ';' counts.
    enum { noWhile, inCondition, afterCondition } whileState = noWhile;
    int whileParens = 0;
    srcPos whilePos = { 0, 0 };
    for (tokKind k; (k = lex(&l)) != tokEOF;) {
        if (k == tokNewline) {
            lineStart = true;
            inDirective = false;
            continue;
        }
        if (k == tokLineComment) {
            continue;
        }
        bool first = lineStart;
        lineStart = false;
        if (inDirective || (k == tokHash && first)) {
            inDirective = true;
            continue;
        }
        const char *tok = (const char *)l.tok;
        size_t len = (size_t)(l.cur - l.tok);
        srcPos pos = posOf(&pt, tok);
        if (whileState == afterCondition) {
            if (k != tokSemi) {
                srcPosList_append(out, whilePos);
            }
            whileState = noWhile;
        }
        switch (k) {
        case tokLParen:
            parens++;
            break;
        case tokRParen:
            if (parens > 0) {
                parens--;
            }
            if (whileState == inCondition && parens == whileParens) {
                whileState = afterCondition;
            }
            break;
        case tokSemi:
            if (parens == 0 && prev.line > 0) {
                srcPosList_append(out, prev);
            }
            break;
        case tokIdent:
            if ((len == 2 && memcmp(tok, "if", 2) == 0) || (len == 3 && memcmp(tok, "for", 3) == 0) ||
                (len == 6 && memcmp(tok, "switch", 6) == 0)) {
                srcPosList_append(out, pos);
            } else if (len == 5 && memcmp(tok, "while", 5) == 0 && whileState == noWhile) {
                whileState = inCondition;
                whileParens = parens;
                whilePos = pos;
            }
            break;
        default:
            break;
        }
        prev = pos;
    }
    if (whileState != noWhile) {
        srcPosList_append(out, whilePos);
    }
    if (out->len > 1) {
        qsort(out->ptr, out->len, sizeof(srcPos), compareSrcPos);
    }
}

// isSpace is unicode.IsSpace for the ASCII range (and NEL, NBSP as bytes
// are not runes here: //ctest: lines are ASCII in practice).
static bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

go_error *splitQuoted(const char *s, size_t n, strList *out) {
    char *arg = runtime_malloc(n + 1);
    size_t i = 0;
    bool escaped = false, quoted = false;
    char quote = 0;
    for (size_t j = 0; j < n; j++) {
        char c = s[j];
        if (escaped) {
            escaped = false;
        } else if (c == '\\') {
            escaped = true;
            continue;
        } else if (quote != 0) {
            if (c == quote) {
                quote = 0;
                continue;
            }
        } else if (c == '"' || c == '\'') {
            quoted = true;
            quote = c;
            continue;
        } else if (isSpace(c)) {
            if (quoted || i > 0) {
                quoted = false;
                strList_appendOwned(out, runtime_strndup(arg, i));
                i = 0;
            }
            continue;
        }
        arg[i++] = c;
    }
    if (quoted || i > 0) {
        strList_appendOwned(out, runtime_strndup(arg, i));
    }
    free(arg);
    if (quote != 0) {
        return errors_New("unclosed quote");
    }
    if (escaped) {
        return errors_New("unfinished escaping");
    }
    return NULL;
}
