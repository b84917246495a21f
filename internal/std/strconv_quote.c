// Ports go1.19.8 src/strconv/quote.go: Quote, QuoteToASCII, QuoteRune,
// Unquote, UnquoteChar, IsPrint; and utf8.ValidString.
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "internal/std/strconv_internal.h"

static const char lowerhex[] = "0123456789abcdef";

// validString is utf8.ValidString.
static bool validString(const char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        size_t w;
        if (utf8_DecodeRune(s + i, n - i, &w) == utf8_RuneError && w == 1) {
            return false;
        }
        i += w;
    }
    return true;
}

// ---- strconv_buf ----

void strconv_buf_grow(strconv_buf *b, size_t extra) {
    if (b->cap - b->len > extra) { // keep room for the final NUL
        return;
    }
    size_t cap = b->cap ? b->cap : 16;
    while (cap - b->len <= extra) {
        cap *= 2;
    }
    b->p = runtime_realloc(b->p, cap);
    b->cap = cap;
}

void strconv_buf_appendByte(strconv_buf *b, char c) {
    strconv_buf_grow(b, 1);
    b->p[b->len++] = c;
}

void strconv_buf_append(strconv_buf *b, const char *s, size_t n) {
    if (n == 0) {
        return;
    }
    strconv_buf_grow(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

void strconv_buf_appendString(strconv_buf *b, const char *s) {
    strconv_buf_append(b, s, strlen(s));
}

char *strconv_buf_string(strconv_buf *b) {
    strconv_buf_grow(b, 0);
    b->p[b->len] = '\0';
    char *s = b->p;
    *b = (strconv_buf){ 0 };
    return s;
}

// ---- quoting ----

// appendEscapedRune appends r as it stands between quote characters: as
// itself when printable (and ASCII, for ASCIIonly), else as an escape.
static void appendEscapedRune(strconv_buf *buf, int32_t r, char quote, bool ASCIIonly) {
    if (r == (unsigned char)quote || r == '\\') { // always backslashed
        strconv_buf_appendByte(buf, '\\');
        strconv_buf_appendByte(buf, (char)r);
        return;
    }
    if (ASCIIonly) {
        if (r < utf8_RuneSelf && strconv_IsPrint(r)) {
            strconv_buf_appendByte(buf, (char)r);
            return;
        }
    } else if (strconv_IsPrint(r)) {
        char tmp[utf8_UTFMax];
        strconv_buf_append(buf, tmp, utf8_EncodeRune(tmp, r));
        return;
    }
    switch (r) {
    case '\a':
        strconv_buf_appendString(buf, "\\a");
        break;
    case '\b':
        strconv_buf_appendString(buf, "\\b");
        break;
    case '\f':
        strconv_buf_appendString(buf, "\\f");
        break;
    case '\n':
        strconv_buf_appendString(buf, "\\n");
        break;
    case '\r':
        strconv_buf_appendString(buf, "\\r");
        break;
    case '\t':
        strconv_buf_appendString(buf, "\\t");
        break;
    case '\v':
        strconv_buf_appendString(buf, "\\v");
        break;
    default:
        if (r < ' ' || r == 0x7f) {
            strconv_buf_appendString(buf, "\\x");
            strconv_buf_appendByte(buf, lowerhex[(uint8_t)r >> 4]);
            strconv_buf_appendByte(buf, lowerhex[(uint8_t)r & 0xF]);
            break;
        }
        if (!utf8_ValidRune(r)) {
            r = 0xFFFD;
        }
        if (r < 0x10000) {
            strconv_buf_appendString(buf, "\\u");
            for (int s = 12; s >= 0; s -= 4) {
                strconv_buf_appendByte(buf, lowerhex[r >> s & 0xF]);
            }
        } else {
            strconv_buf_appendString(buf, "\\U");
            for (int s = 28; s >= 0; s -= 4) {
                strconv_buf_appendByte(buf, lowerhex[r >> s & 0xF]);
            }
        }
        break;
    }
}

// quoteWith is quote.go's quoteWith without graphicOnly (QuoteToGraphic is
// not ported): bytes of invalid UTF-8 become \x escapes.
static char *quoteWith(const char *s, size_t n, char quote, bool ASCIIonly) {
    strconv_buf buf = { 0 };
    strconv_buf_grow(&buf, 3 * n / 2 + 2);
    strconv_buf_appendByte(&buf, quote);
    for (size_t i = 0, width; i < n; i += width) {
        int32_t r = (unsigned char)s[i];
        width = 1;
        if (r >= utf8_RuneSelf) {
            r = utf8_DecodeRune(s + i, n - i, &width);
        }
        if (width == 1 && r == utf8_RuneError) {
            strconv_buf_appendString(&buf, "\\x");
            strconv_buf_appendByte(&buf, lowerhex[(unsigned char)s[i] >> 4]);
            strconv_buf_appendByte(&buf, lowerhex[(unsigned char)s[i] & 0xF]);
            continue;
        }
        appendEscapedRune(&buf, r, quote, ASCIIonly);
    }
    strconv_buf_appendByte(&buf, quote);
    return strconv_buf_string(&buf);
}

char *strconv_Quote(const char *s, size_t n) {
    return quoteWith(s, n, '"', false);
}

char *strconv_QuoteToASCII(const char *s, size_t n) {
    return quoteWith(s, n, '"', true);
}

char *strconv_QuoteRune(int32_t r) {
    strconv_buf buf = { 0 };
    strconv_buf_appendByte(&buf, '\'');
    if (!utf8_ValidRune(r)) {
        r = utf8_RuneError;
    }
    appendEscapedRune(&buf, r, '\'', false);
    strconv_buf_appendByte(&buf, '\'');
    return strconv_buf_string(&buf);
}

// ---- unquoting ----

static bool unhex(unsigned char c, int32_t *v) {
    if ('0' <= c && c <= '9') {
        *v = c - '0';
    } else if ('a' <= c && c <= 'f') {
        *v = c - 'a' + 10;
    } else if ('A' <= c && c <= 'F') {
        *v = c - 'A' + 10;
    } else {
        return false;
    }
    return true;
}

// unquoteChar is UnquoteChar without the error allocation: false is
// ErrSyntax. *consumed is len(s) - len(tail).
static bool unquoteChar(const char *s, size_t n, char quote, int32_t *value, bool *multibyte,
                        size_t *consumed) {
    if (n == 0) {
        return false;
    }
    unsigned char c = (unsigned char)s[0];
    if (c == (unsigned char)quote && (quote == '\'' || quote == '"')) {
        return false;
    }
    if (c >= utf8_RuneSelf) {
        size_t size;
        *value = utf8_DecodeRune(s, n, &size);
        *multibyte = true;
        *consumed = size;
        return true;
    }
    if (c != '\\') {
        *value = c;
        *multibyte = false;
        *consumed = 1;
        return true;
    }

    if (n <= 1) {
        return false;
    }
    c = (unsigned char)s[1];
    size_t i = 2; // s[i:] is the rest
    int32_t v = 0;
    bool mb = false;
    switch (c) {
    case 'a':
        v = '\a';
        break;
    case 'b':
        v = '\b';
        break;
    case 'f':
        v = '\f';
        break;
    case 'n':
        v = '\n';
        break;
    case 'r':
        v = '\r';
        break;
    case 't':
        v = '\t';
        break;
    case 'v':
        v = '\v';
        break;
    case 'x':
    case 'u':
    case 'U': {
        size_t digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
        if (n - i < digits) {
            return false;
        }
        for (size_t j = 0; j < digits; j++) {
            int32_t x;
            if (!unhex((unsigned char)s[i + j], &x)) {
                return false;
            }
            // Go's rune arithmetic wraps; \UFFFFFFFF shifts bits out.
            v = (int32_t)((uint32_t)v << 4 | (uint32_t)x);
        }
        i += digits;
        if (c == 'x') {
            break;
        }
        if (!utf8_ValidRune(v)) {
            return false;
        }
        mb = true;
        break;
    }
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
        v = c - '0';
        if (n - i < 2) {
            return false;
        }
        for (size_t j = 0; j < 2; j++) { // one digit already; two more
            int32_t x = (unsigned char)s[i + j] - '0';
            if (x < 0 || x > 7) {
                return false;
            }
            v = (v << 3) | x;
        }
        i += 2;
        if (v > 255) {
            return false;
        }
        break;
    case '\\':
        v = '\\';
        break;
    case '\'':
    case '"':
        if (c != (unsigned char)quote) {
            return false;
        }
        v = c;
        break;
    default:
        return false;
    }
    *value = v;
    *multibyte = mb;
    *consumed = i;
    return true;
}

go_error *strconv_UnquoteChar(const char *s, size_t n, char quote, int32_t *value, bool *multibyte,
                              size_t *consumed) {
    if (!unquoteChar(s, n, quote, value, multibyte, consumed)) {
        return strconv_ErrSyntax();
    }
    return NULL;
}

// unquote is quote.go's unquote with unescape true, as Unquote calls it:
// the literal must fill all n bytes.
static bool unquote(const char *in, size_t n, strconv_buf *out) {
    if (n < 2) {
        return false;
    }
    char quote = in[0];
    const char *q = memchr(in + 1, quote, n - 1);
    if (q == NULL) {
        return false;
    }
    size_t end = (size_t)(q - in) + 1; // after the closing quote, unless escapes hide it

    switch (quote) {
    case '`':
        if (end != n) {
            return false; // Unquote: something after the literal
        }
        // Raw strings drop carriage returns.
        for (size_t i = 1; i < end - 1; i++) {
            if (in[i] != '\r') {
                strconv_buf_appendByte(out, in[i]);
            }
        }
        return true;
    case '"':
    case '\'': {
        // The fast path: no escapes or newlines, valid UTF-8.
        if (memchr(in, '\\', end) == NULL && memchr(in, '\n', end) == NULL) {
            bool valid;
            if (quote == '"') {
                valid = validString(in + 1, end - 2);
            } else {
                size_t w = 0;
                int32_t r = end > 2 ? utf8_DecodeRune(in + 1, end - 2, &w) : utf8_RuneError;
                valid = 1 + w + 1 == end && (r != utf8_RuneError || w != 1);
            }
            if (valid) {
                if (end != n) {
                    return false;
                }
                strconv_buf_append(out, in + 1, end - 2);
                return true;
            }
        }

        size_t i = 1; // skip the opening quote
        while (i < n && in[i] != quote) {
            int32_t r;
            bool multibyte;
            size_t consumed;
            if (in[i] == '\n' || !unquoteChar(in + i, n - i, quote, &r, &multibyte, &consumed)) {
                return false;
            }
            i += consumed;
            if (r < utf8_RuneSelf || !multibyte) {
                strconv_buf_appendByte(out, (char)r);
            } else {
                char tmp[utf8_UTFMax];
                strconv_buf_append(out, tmp, utf8_EncodeRune(tmp, r));
            }
            if (quote == '\'') {
                break;
            }
        }
        if (!(i < n && in[i] == quote)) {
            return false;
        }
        return i + 1 == n; // Unquote: nothing may follow the closing quote
    }
    default:
        return false;
    }
}

go_error *strconv_Unquote(const char *s, size_t n, char **out, size_t *outlen) {
    strconv_buf buf = { 0 };
    if (!unquote(s, n, &buf)) {
        free(buf.p);
        return strconv_ErrSyntax();
    }
    *outlen = buf.len;
    *out = strconv_buf_string(&buf);
    return NULL;
}

bool strconv_IsPrint(int32_t r) {
    if (r < 0) {
        return false;
    }
    uint32_t u = (uint32_t)r;
    size_t i = 0, j = strconv_isPrintRangesLen;
    while (i < j) { // find the first range ending at or after u
        size_t h = i + (j - i) / 2;
        if (strconv_isPrintRanges[h].hi < u) {
            i = h + 1;
        } else {
            j = h;
        }
    }
    return i < strconv_isPrintRangesLen && strconv_isPrintRanges[i].lo <= u;
}
