// Ports go1.19.8 src/strconv/ftoa.go and decimal.go: FormatFloat for the
// formats 'b', 'e', 'E', 'f', 'g', 'G', 'x', 'X', shortest (prec -1) and
// fixed precision, over the multiprecision decimal.
//
// ctest: every conversion takes ftoa.go's bigFtoa path (Go's own fallback,
// and what SetOptimize(false) selects in Go's tests) instead of the Ryū
// fast paths of ftoaryu.go. Go's TestFtoaRandom checks that both give the
// same digits; our tests check the result against Go's for 6000 rows.
#include <stdlib.h>
#include <string.h>

#include "internal/std/std.h"
#include "internal/std/strconv_internal.h"

// ---- decimal.go ----

// decimal is a multiprecision decimal number: 0.d[0:nd] * 10^dp.
typedef struct decimal {
    unsigned char d[800]; // digits, big-endian representation
    int nd;               // number of digits used
    int dp;               // decimal point
    bool trunc;           // discarded nonzero digits beyond d[:nd]
} decimal;

// trim cuts off trailing zeros, as they do not change the value.
static void trim(decimal *a) {
    while (a->nd > 0 && a->d[a->nd - 1] == '0') {
        a->nd--;
    }
    if (a->nd == 0) {
        a->dp = 0;
    }
}

// decimal_Assign sets a to v.
static void decimal_Assign(decimal *a, uint64_t v) {
    unsigned char buf[24];
    int n = 0;
    while (v > 0) {
        uint64_t v1 = v / 10;
        buf[n++] = (unsigned char)(v - 10 * v1 + '0');
        v = v1;
    }
    // buf holds the digits backwards.
    a->nd = 0;
    for (n--; n >= 0; n--) {
        a->d[a->nd++] = buf[n];
    }
    a->dp = a->nd;
    trim(a);
}

// maxShift is the largest shift by which a digit-at-a-time step cannot
// overflow a uint64 (decimal.go's uintSize - 4).
enum { maxShift = 60 };

// rightShift sets a to a >> k; k <= maxShift.
static void rightShift(decimal *a, unsigned k) {
    int r = 0; // read pointer
    int w = 0; // write pointer

    // Read digits until the first one can be written.
    uint64_t n = 0;
    for (; n >> k == 0; r++) {
        if (r >= a->nd) {
            if (n == 0) {
                // a is 0 (Shift does not call us then).
                a->nd = 0;
                return;
            }
            while (n >> k == 0) {
                n = n * 10;
                r++;
            }
            break;
        }
        n = n * 10 + a->d[r] - '0';
    }
    a->dp -= r - 1;

    uint64_t mask = ((uint64_t)1 << k) - 1;

    // One digit in, one digit out.
    for (; r < a->nd; r++) {
        uint64_t c = a->d[r];
        uint64_t dig = n >> k;
        n &= mask;
        a->d[w++] = (unsigned char)(dig + '0');
        n = n * 10 + c - '0';
    }

    // Flush what is left in n.
    while (n > 0) {
        uint64_t dig = n >> k;
        n &= mask;
        if (w < (int)sizeof a->d) {
            a->d[w++] = (unsigned char)(dig + '0');
        } else if (dig > 0) {
            a->trunc = true;
        }
        n = n * 10;
    }

    a->nd = w;
    trim(a);
}

// leftCheat is decimal.go's leftcheats[k]: multiplying by 2^k adds delta
// digits, or delta-1 when the number is below cutoff, the digits of 5^k.
// ctest: computed here (delta is the digit count of 2^k) instead of Go's
// written-out table of 61 rows.
static int leftCheat(unsigned k, char cutoff[64]) {
    // 5^k, little-endian digits first, then reversed.
    unsigned char p[64] = { 1 };
    int np = 1;
    for (unsigned i = 0; i < k; i++) {
        unsigned carry = 0;
        for (int j = 0; j < np; j++) {
            unsigned v = p[j] * 5u + carry;
            p[j] = (unsigned char)(v % 10);
            carry = v / 10;
        }
        if (carry > 0) {
            p[np++] = (unsigned char)carry;
        }
    }
    for (int j = 0; j < np; j++) {
        cutoff[j] = (char)('0' + p[np - 1 - j]);
    }
    cutoff[np] = '\0';
    if (k == 0) {
        cutoff[0] = '\0'; // leftcheats[0] is {0, ""}
        return 0;
    }
    int delta = 0;
    for (uint64_t v = (uint64_t)1 << k; v > 0; v /= 10) {
        delta++;
    }
    return delta;
}

// prefixIsLessThan reports whether the digits b[0:nb] are less than s.
static bool prefixIsLessThan(const unsigned char *b, int nb, const char *s) {
    for (int i = 0; s[i] != '\0'; i++) {
        if (i >= nb) {
            return true;
        }
        if (b[i] != (unsigned char)s[i]) {
            return b[i] < (unsigned char)s[i];
        }
    }
    return false;
}

// leftShift sets a to a << k; k <= maxShift.
static void leftShift(decimal *a, unsigned k) {
    char cutoff[64];
    int delta = leftCheat(k, cutoff);
    if (prefixIsLessThan(a->d, a->nd, cutoff)) {
        delta--;
    }

    int r = a->nd;         // read index
    int w = a->nd + delta; // write index

    // One digit in, one digit out.
    uint64_t n = 0;
    for (r--; r >= 0; r--) {
        n += (uint64_t)(a->d[r] - '0') << k;
        uint64_t quo = n / 10;
        uint64_t rem = n - 10 * quo;
        w--;
        if (w < (int)sizeof a->d) {
            a->d[w] = (unsigned char)(rem + '0');
        } else if (rem != 0) {
            a->trunc = true;
        }
        n = quo;
    }

    // Flush what is left in n.
    while (n > 0) {
        uint64_t quo = n / 10;
        uint64_t rem = n - 10 * quo;
        w--;
        if (w < (int)sizeof a->d) {
            a->d[w] = (unsigned char)(rem + '0');
        } else if (rem != 0) {
            a->trunc = true;
        }
        n = quo;
    }

    a->nd += delta;
    if (a->nd >= (int)sizeof a->d) {
        a->nd = (int)sizeof a->d;
    }
    a->dp += delta;
    trim(a);
}

// decimal_Shift multiplies a by 2^k (k may be negative).
static void decimal_Shift(decimal *a, int k) {
    if (a->nd == 0) {
        // nothing to do: a == 0
    } else if (k > 0) {
        while (k > maxShift) {
            leftShift(a, maxShift);
            k -= maxShift;
        }
        leftShift(a, (unsigned)k);
    } else if (k < 0) {
        while (k < -maxShift) {
            rightShift(a, maxShift);
            k += maxShift;
        }
        rightShift(a, (unsigned)-k);
    }
}

// shouldRoundUp reports whether a rounded to nd digits rounds up: above
// half, or exactly half with an odd digit before (round half to even).
static bool shouldRoundUp(const decimal *a, int nd) {
    if (nd < 0 || nd >= a->nd) {
        return false;
    }
    if (a->d[nd] == '5' && nd + 1 == a->nd) { // a tie, unless digits were dropped
        if (a->trunc) {
            return true;
        }
        return nd > 0 && (a->d[nd - 1] - '0') % 2 != 0;
    }
    return a->d[nd] >= '5';
}

static void decimal_RoundDown(decimal *a, int nd) {
    if (nd < 0 || nd >= a->nd) {
        return;
    }
    a->nd = nd;
    trim(a);
}

static void decimal_RoundUp(decimal *a, int nd) {
    if (nd < 0 || nd >= a->nd) {
        return;
    }
    for (int i = nd - 1; i >= 0; i--) {
        if (a->d[i] < '9') { // no carry beyond this digit
            a->d[i]++;
            a->nd = i + 1;
            return;
        }
    }
    // All nines: the carry makes it 1 with the point one further.
    a->d[0] = '1';
    a->nd = 1;
    a->dp++;
}

// decimal_Round rounds a to nd digits (or fewer), to nearest, ties to even.
static void decimal_Round(decimal *a, int nd) {
    if (nd < 0 || nd >= a->nd) {
        return;
    }
    if (shouldRoundUp(a, nd)) {
        decimal_RoundUp(a, nd);
    } else {
        decimal_RoundDown(a, nd);
    }
}

// ---- ftoa.go ----

typedef struct floatInfo {
    unsigned mantbits;
    unsigned expbits;
    int bias;
} floatInfo;

static const floatInfo float32info = { 23, 8, -127 };
static const floatInfo float64info = { 52, 11, -1023 };

// decimalSlice is a view of a decimal's digits.
typedef struct decimalSlice {
    const unsigned char *d;
    int nd, dp;
} decimalSlice;

static int imin(int a, int b) {
    return a < b ? a : b;
}

static int imax(int a, int b) {
    return a > b ? a : b;
}

// roundShortest rounds d (= mant * 2^(exp-mantbits)) to the shortest
// decimal that still reads back as the same float.
static void roundShortest(decimal *d, uint64_t mant, int exp, const floatInfo *flt) {
    // Zero has no digits.
    if (mant == 0) {
        d->nd = 0;
        return;
    }

    // d is already shortest when no shorter decimal can lie within the
    // rounding interval: the nearest shorter one is at least 10^(dp-nd)
    // away, the interval's half-width at most 2^(exp-mantbits), and
    // 332/100 bounds log2(10) from below. Denormals skip this test.
    int minexp = flt->bias + 1; // minimum possible exponent
    if (exp > minexp && 332 * (d->dp - d->nd) >= 100 * (exp - (int)flt->mantbits)) {
        return;
    }

    // upper is halfway between d and the next float up.
    decimal upper = { 0 };
    decimal_Assign(&upper, mant * 2 + 1);
    decimal_Shift(&upper, exp - (int)flt->mantbits - 1);

    // lower is halfway between d and the next float down, which has half
    // the spacing when mant is a power of two (above the smallest exponent).
    uint64_t mantlo;
    int explo;
    if (mant > (uint64_t)1 << flt->mantbits || exp == minexp) {
        mantlo = mant - 1;
        explo = exp;
    } else {
        mantlo = mant * 2 - 1;
        explo = exp - 1;
    }
    decimal lower = { 0 };
    decimal_Assign(&lower, mantlo * 2 + 1);
    decimal_Shift(&lower, explo - (int)flt->mantbits - 1);

    // The bounds themselves read back as d only when mant is even (IEEE
    // rounds ties to even).
    bool inclusive = mant % 2 == 0;

    // upperdelta compares d's digits with upper's so far: 0 equal, 1 upper
    // one unit ahead followed only by 9s in d and 0s in upper (rounding up
    // might reach the bound), 2 further ahead (rounding up stays inside).
    int upperdelta = 0;

    // Walk the digits until d differs enough from upper and lower. The
    // three may have their points at different places; upper is the
    // longest, so ui indexes it and mi, li may start below 0.
    for (int ui = 0;; ui++) {
        int mi = ui - upper.dp + d->dp;
        if (mi >= d->nd) {
            break;
        }
        int li = ui - upper.dp + lower.dp;
        unsigned char l = '0'; // lower digit
        if (li >= 0 && li < lower.nd) {
            l = lower.d[li];
        }
        unsigned char m = '0'; // middle digit
        if (mi >= 0) {
            m = d->d[mi];
        }
        unsigned char u = '0'; // upper digit
        if (ui < upper.nd) {
            u = upper.d[ui];
        }

        // Truncating here stays above lower if their digits differ, or if
        // lower is reachable and this is its last digit.
        bool okdown = l != m || (inclusive && li + 1 == lower.nd);

        if (upperdelta == 0 && m + 1 < u) { // d 12345..., upper 12347...
            upperdelta = 2;
        } else if (upperdelta == 0 && m != u) { // d 12345..., upper 12346...
            upperdelta = 1;
        } else if (upperdelta == 1 && (m != '9' || u != '0')) { // d 1234598, upper 1234600
            upperdelta = 2;
        }
        // Rounding up here stays below upper if upper is ahead and either
        // reachable or more than the rounded-up value.
        bool okup = upperdelta > 0 && (inclusive || upperdelta > 1 || ui + 1 < upper.nd);

        // Either way is fine: take the nearer; else the one that is.
        if (okdown && okup) {
            decimal_Round(d, mi + 1);
            return;
        } else if (okdown) {
            decimal_RoundDown(d, mi + 1);
            return;
        } else if (okup) {
            decimal_RoundUp(d, mi + 1);
            return;
        }
    }
}

// fmtE appends %e: -d.ddddde±dd.
static void fmtE(strings_Builder *dst, bool neg, decimalSlice d, int prec, char fmt) {
    // sign
    if (neg) {
        strings_Builder_WriteByte(dst, '-');
    }
    // first digit
    char ch = '0';
    if (d.nd != 0) {
        ch = (char)d.d[0];
    }
    strings_Builder_WriteByte(dst, ch);
    // .moredigits
    if (prec > 0) {
        strings_Builder_WriteByte(dst, '.');
        int i = 1;
        int m = imin(d.nd, prec + 1);
        if (i < m) {
            strings_Builder_Write(dst, (const char *)d.d + i, (size_t)(m - i));
            i = m;
        }
        for (; i <= prec; i++) {
            strings_Builder_WriteByte(dst, '0');
        }
    }
    // e±
    strings_Builder_WriteByte(dst, fmt);
    int exp = d.dp - 1;
    if (d.nd == 0) { // special case: 0 has exponent 0
        exp = 0;
    }
    if (exp < 0) {
        ch = '-';
        exp = -exp;
    } else {
        ch = '+';
    }
    strings_Builder_WriteByte(dst, ch);
    // dd or ddd
    if (exp < 10) {
        strings_Builder_WriteByte(dst, '0');
        strings_Builder_WriteByte(dst, (char)(exp + '0'));
    } else if (exp < 100) {
        strings_Builder_WriteByte(dst, (char)(exp / 10 + '0'));
        strings_Builder_WriteByte(dst, (char)(exp % 10 + '0'));
    } else {
        strings_Builder_WriteByte(dst, (char)(exp / 100 + '0'));
        strings_Builder_WriteByte(dst, (char)(exp / 10 % 10 + '0'));
        strings_Builder_WriteByte(dst, (char)(exp % 10 + '0'));
    }
}

// fmtF appends %f: -ddddddd.ddddd.
static void fmtF(strings_Builder *dst, bool neg, decimalSlice d, int prec) {
    // sign
    if (neg) {
        strings_Builder_WriteByte(dst, '-');
    }
    // integer, padded with zeros as needed.
    if (d.dp > 0) {
        int m = imin(d.nd, d.dp);
        strings_Builder_Write(dst, (const char *)d.d, (size_t)m);
        for (; m < d.dp; m++) {
            strings_Builder_WriteByte(dst, '0');
        }
    } else {
        strings_Builder_WriteByte(dst, '0');
    }
    // fraction
    if (prec > 0) {
        strings_Builder_WriteByte(dst, '.');
        for (int i = 0; i < prec; i++) {
            char ch = '0';
            int j = d.dp + i;
            if (0 <= j && j < d.nd) {
                ch = (char)d.d[j];
            }
            strings_Builder_WriteByte(dst, ch);
        }
    }
}

// fmtB appends %b: -ddddddddp±ddd, the mantissa and binary exponent.
static void fmtB(strings_Builder *dst, bool neg, uint64_t mant, int exp, const floatInfo *flt) {
    if (neg) {
        strings_Builder_WriteByte(dst, '-');
    }
    char *m = strconv_FormatUint(mant, 10);
    strings_Builder_WriteString(dst, m);
    free(m);
    strings_Builder_WriteByte(dst, 'p');
    exp -= (int)flt->mantbits;
    if (exp >= 0) {
        strings_Builder_WriteByte(dst, '+');
    }
    char *e = strconv_FormatInt(exp, 10);
    strings_Builder_WriteString(dst, e);
    free(e);
}

// fmtX appends %x: -0x1.yyyyyyyyp±ddd or -0x0p+00 (%X the same in upper
// case), the mantissa rounded to prec hex digits.
static void fmtX(strings_Builder *dst, int prec, char fmt, bool neg, uint64_t mant, int exp,
                 const floatInfo *flt) {
    if (mant == 0) {
        exp = 0;
    }
    // Bring the leading 1 bit, if any, to bit 60.
    mant <<= 60 - flt->mantbits;
    while (mant != 0 && (mant & ((uint64_t)1 << 60)) == 0) {
        mant <<= 1;
        exp--;
    }
    // Round to prec hex digits, ties to even.
    if (prec >= 0 && prec < 15) {
        unsigned shift = (unsigned)prec * 4;
        uint64_t extra = (mant << shift) & (((uint64_t)1 << 60) - 1);
        mant >>= 60 - shift;
        if ((extra | (mant & 1)) > (uint64_t)1 << 59) {
            mant++;
        }
        // Rounding 0x1.fff... up carries into bit 61.
        mant <<= 60 - shift;
        if ((mant & ((uint64_t)1 << 61)) != 0) {
            mant >>= 1;
            exp++;
        }
    }
    const char *hex = fmt == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    // sign, 0x, leading digit
    if (neg) {
        strings_Builder_WriteByte(dst, '-');
    }
    strings_Builder_WriteByte(dst, '0');
    strings_Builder_WriteByte(dst, fmt);
    strings_Builder_WriteByte(dst, (char)('0' + ((mant >> 60) & 1)));
    // .fraction
    mant <<= 4; // remove leading 0 or 1
    if (prec < 0 && mant != 0) {
        strings_Builder_WriteByte(dst, '.');
        while (mant != 0) {
            strings_Builder_WriteByte(dst, hex[(mant >> 60) & 15]);
            mant <<= 4;
        }
    } else if (prec > 0) {
        strings_Builder_WriteByte(dst, '.');
        for (int i = 0; i < prec; i++) {
            strings_Builder_WriteByte(dst, hex[(mant >> 60) & 15]);
            mant <<= 4;
        }
    }
    // p±
    strings_Builder_WriteByte(dst, fmt == 'X' ? 'P' : 'p');
    char ch;
    if (exp < 0) {
        ch = '-';
        exp = -exp;
    } else {
        ch = '+';
    }
    strings_Builder_WriteByte(dst, ch);
    // dd or ddd or dddd
    if (exp < 100) {
        strings_Builder_WriteByte(dst, (char)(exp / 10 + '0'));
        strings_Builder_WriteByte(dst, (char)(exp % 10 + '0'));
    } else if (exp < 1000) {
        strings_Builder_WriteByte(dst, (char)(exp / 100 + '0'));
        strings_Builder_WriteByte(dst, (char)(exp / 10 % 10 + '0'));
        strings_Builder_WriteByte(dst, (char)(exp % 10 + '0'));
    } else {
        strings_Builder_WriteByte(dst, (char)(exp / 1000 + '0'));
        strings_Builder_WriteByte(dst, (char)(exp / 100 % 10 + '0'));
        strings_Builder_WriteByte(dst, (char)(exp / 10 % 10 + '0'));
        strings_Builder_WriteByte(dst, (char)(exp % 10 + '0'));
    }
}

// formatDigits lays out the digits digs in format fmt.
static void formatDigits(strings_Builder *dst, bool shortest, bool neg, decimalSlice digs, int prec,
                         char fmt) {
    switch (fmt) {
    case 'e':
    case 'E':
        fmtE(dst, neg, digs, prec, fmt);
        return;
    case 'f':
        fmtF(dst, neg, digs, prec);
        return;
    case 'g':
    case 'G': {
        int eprec = prec;
        if (eprec > digs.nd && digs.nd >= digs.dp) {
            eprec = digs.nd;
        }
        // %g picks %e form when the decimal exponent is below -4 or not
        // below the precision; a shortest conversion decides with 6 as the
        // precision, as C's printf does by default.
        if (shortest) {
            eprec = 6;
        }
        int exp = digs.dp - 1;
        if (exp < -4 || exp >= eprec) {
            if (prec > digs.nd) {
                prec = digs.nd;
            }
            fmtE(dst, neg, digs, prec - 1, (char)(fmt + 'e' - 'g'));
            return;
        }
        if (prec > digs.dp) {
            prec = digs.nd;
        }
        fmtF(dst, neg, digs, imax(prec - digs.dp, 0));
        return;
    }
    default:
        // unknown format
        strings_Builder_WriteByte(dst, '%');
        strings_Builder_WriteByte(dst, fmt);
        return;
    }
}

// bigFtoa formats mant * 2^(exp-mantbits) through the decimal.
static void bigFtoa(strings_Builder *dst, int prec, char fmt, bool neg, uint64_t mant, int exp,
                    const floatInfo *flt) {
    decimal *d = runtime_calloc(1, sizeof *d);
    decimal_Assign(d, mant);
    decimal_Shift(d, exp - (int)flt->mantbits);
    bool shortest = prec < 0;
    if (shortest) {
        roundShortest(d, mant, exp, flt);
        // Precision for shortest representation mode.
        switch (fmt) {
        case 'e':
        case 'E':
            prec = d->nd - 1;
            break;
        case 'f':
            prec = imax(d->nd - d->dp, 0);
            break;
        case 'g':
        case 'G':
            prec = d->nd;
            break;
        default:
            break;
        }
    } else {
        // Round appropriately.
        switch (fmt) {
        case 'e':
        case 'E':
            decimal_Round(d, prec + 1);
            break;
        case 'f':
            decimal_Round(d, d->dp + prec);
            break;
        case 'g':
        case 'G':
            if (prec == 0) {
                prec = 1;
            }
            decimal_Round(d, prec);
            break;
        default:
            break;
        }
    }
    decimalSlice digs = { d->d, d->nd, d->dp };
    formatDigits(dst, shortest, neg, digs, prec, fmt);
    free(d);
}

char *strconv_FormatFloat(double val, char fmt, int prec, int bitSize) {
    uint64_t bits;
    const floatInfo *flt;
    switch (bitSize) {
    case 32: {
        float f = (float)val;
        uint32_t b32;
        memcpy(&b32, &f, sizeof b32);
        bits = b32;
        flt = &float32info;
        break;
    }
    case 64:
        memcpy(&bits, &val, sizeof bits);
        flt = &float64info;
        break;
    default:
        go_panic("strconv: illegal AppendFloat/FormatFloat bitSize");
    }

    bool neg = bits >> (flt->expbits + flt->mantbits) != 0;
    int exp = (int)(bits >> flt->mantbits) & ((1 << flt->expbits) - 1);
    uint64_t mant = bits & (((uint64_t)1 << flt->mantbits) - 1);

    strings_Builder dst = { 0 };
    if (exp == (1 << flt->expbits) - 1) {
        // Inf, NaN
        strings_Builder_WriteString(&dst, mant != 0 ? "NaN" : neg ? "-Inf" : "+Inf");
        return strings_Builder_Detach(&dst);
    }
    if (exp == 0) {
        exp++; // denormalized
    } else {
        mant |= (uint64_t)1 << flt->mantbits; // add implicit top bit
    }
    exp += flt->bias;

    if (fmt == 'b') {
        fmtB(&dst, neg, mant, exp, flt);
    } else if (fmt == 'x' || fmt == 'X') {
        fmtX(&dst, prec, fmt, neg, mant, exp, flt);
    } else {
        bigFtoa(&dst, prec, fmt, neg, mant, exp, flt);
    }
    return strings_Builder_Detach(&dst);
}
