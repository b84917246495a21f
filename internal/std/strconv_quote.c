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

// ---- quoting ----

// appendEscapedRune appends r as it stands between quote characters: as
// itself when printable (and ASCII, for ASCIIonly), else as an escape.
static void appendEscapedRune(strings_Builder *buf, int32_t r, char quote, bool ASCIIonly) {
    if (r == (unsigned char)quote || r == '\\') { // always backslashed
        strings_Builder_WriteByte(buf, '\\');
        strings_Builder_WriteByte(buf, (char)r);
        return;
    }
    if (ASCIIonly) {
        if (r < utf8_RuneSelf && strconv_IsPrint(r)) {
            strings_Builder_WriteByte(buf, (char)r);
            return;
        }
    } else if (strconv_IsPrint(r)) {
        strings_Builder_WriteRune(buf, r); // utf8.AppendRune
        return;
    }
    switch (r) {
    case '\a':
        strings_Builder_WriteString(buf, "\\a");
        break;
    case '\b':
        strings_Builder_WriteString(buf, "\\b");
        break;
    case '\f':
        strings_Builder_WriteString(buf, "\\f");
        break;
    case '\n':
        strings_Builder_WriteString(buf, "\\n");
        break;
    case '\r':
        strings_Builder_WriteString(buf, "\\r");
        break;
    case '\t':
        strings_Builder_WriteString(buf, "\\t");
        break;
    case '\v':
        strings_Builder_WriteString(buf, "\\v");
        break;
    default:
        if (r < ' ' || r == 0x7f) {
            strings_Builder_WriteString(buf, "\\x");
            strings_Builder_WriteByte(buf, lowerhex[(uint8_t)r >> 4]);
            strings_Builder_WriteByte(buf, lowerhex[(uint8_t)r & 0xF]);
            break;
        }
        if (!utf8_ValidRune(r)) {
            r = 0xFFFD;
        }
        if (r < 0x10000) {
            strings_Builder_WriteString(buf, "\\u");
            for (int s = 12; s >= 0; s -= 4) {
                strings_Builder_WriteByte(buf, lowerhex[r >> s & 0xF]);
            }
        } else {
            strings_Builder_WriteString(buf, "\\U");
            for (int s = 28; s >= 0; s -= 4) {
                strings_Builder_WriteByte(buf, lowerhex[r >> s & 0xF]);
            }
        }
        break;
    }
}

// quoteWith is quote.go's quoteWith without graphicOnly (QuoteToGraphic is
// not ported): bytes of invalid UTF-8 become \x escapes.
static char *quoteWith(const char *s, size_t n, char quote, bool ASCIIonly) {
    strings_Builder buf = { 0 };
    strings_Builder_Grow(&buf, 3 * n / 2 + 2);
    strings_Builder_WriteByte(&buf, quote);
    for (size_t i = 0, width; i < n; i += width) {
        int32_t r = (unsigned char)s[i];
        width = 1;
        if (r >= utf8_RuneSelf) {
            r = utf8_DecodeRune(s + i, n - i, &width);
        }
        if (width == 1 && r == utf8_RuneError) {
            strings_Builder_WriteString(&buf, "\\x");
            strings_Builder_WriteByte(&buf, lowerhex[(unsigned char)s[i] >> 4]);
            strings_Builder_WriteByte(&buf, lowerhex[(unsigned char)s[i] & 0xF]);
            continue;
        }
        appendEscapedRune(&buf, r, quote, ASCIIonly);
    }
    strings_Builder_WriteByte(&buf, quote);
    return strings_Builder_Detach(&buf);
}

char *strconv_Quote(const char *s, size_t n) {
    return quoteWith(s, n, '"', false);
}

char *strconv_QuoteToASCII(const char *s, size_t n) {
    return quoteWith(s, n, '"', true);
}

char *strconv_QuoteRune(int32_t r) {
    strings_Builder buf = { 0 };
    strings_Builder_WriteByte(&buf, '\'');
    if (!utf8_ValidRune(r)) {
        r = utf8_RuneError;
    }
    appendEscapedRune(&buf, r, '\'', false);
    strings_Builder_WriteByte(&buf, '\'');
    return strings_Builder_Detach(&buf);
}

// ---- unquoting ----

int32_t strconv_unhexDigit(int32_t c) {
    if ('0' <= c && c <= '9') {
        return c - '0';
    }
    if ('a' <= c && c <= 'f') {
        return c - 'a' + 10;
    }
    if ('A' <= c && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
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
            int32_t x = strconv_unhexDigit((unsigned char)s[i + j]);
            if (x < 0) {
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
static bool unquote(const char *in, size_t n, strings_Builder *out) {
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
                strings_Builder_WriteByte(out, in[i]);
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
                strings_Builder_Write(out, in + 1, end - 2);
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
                strings_Builder_WriteByte(out, (char)r);
            } else {
                strings_Builder_WriteRune(out, r);
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
    strings_Builder buf = { 0 };
    if (!unquote(s, n, &buf)) {
        strings_Builder_Reset(&buf);
        return strconv_ErrSyntax();
    }
    *outlen = strings_Builder_Len(&buf);
    *out = strings_Builder_Detach(&buf);
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
