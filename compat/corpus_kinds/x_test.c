#include <testing/testing.h>
#include <string.h>
#include <inttypes.h>
#include <stdio.h>
static uint32_t f32bits(float f) { uint32_t u; memcpy(&u, &f, sizeof u); return u; }
static uint64_t f64bits(double f) { uint64_t u; memcpy(&u, &f, sizeof u); return u; }
static const char *quote(char *buf, const void *p, size_t n); // Go's %q for ASCII and \x escapes
static void fuzzAll(T *t, go_bytes b, go_string s, bool ok, uint8_t u8, int32_t r, go_int i, int8_t i8, int16_t i16, int64_t i64, go_uint u, uint16_t u16, uint32_t u32, uint64_t u64, float f32, double f64) { char qb[256], qs[256];
	t_logf(t, "b=%s s=%s", quote(qb, b.ptr, b.len), quote(qs, s.ptr, s.len));
	t_logf(t, "ok=%s u8=%d r=%d i=%" PRId64 " i8=%d i16=%d i64=%" PRId64, ok ? "true" : "false", u8, r, i, i8, i16, i64);
	t_logf(t, "u=%" PRIu64 " u16=%d u32=%" PRIu32 " u64=%" PRIu64, u, u16, u32, u64);
	t_logf(t, "f32 bits=0x%" PRIx32 " f64 bits=0x%" PRIx64, f32bits(f32), f64bits(f64));
}

void FuzzKinds(F *f) {
	f_add(f, GO_BYTES("a\x00" "b"), GO_STRING("h\xc3\xa9llo"), GO_BOOL(true), GO_BYTE('x'), GO_RUNE(0x263a), GO_INT(-1), GO_INT8(-128), GO_INT16(32767), GO_INT64(INT64_MIN), GO_UINT(UINT64_MAX), GO_UINT16(65535), GO_UINT32(4294967295u), GO_UINT64(1), GO_FLOAT32(1.5), GO_FLOAT64(-0.25));
	f_fuzz(f, fuzzAll, GO_BYTES, GO_STRING, GO_BOOL, GO_BYTE, GO_RUNE, GO_INT, GO_INT8, GO_INT16, GO_INT64, GO_UINT, GO_UINT16, GO_UINT32, GO_UINT64, GO_FLOAT32, GO_FLOAT64);
}

// quote is Go's %q (strconv.Quote) for the values used here: valid UTF-8
// kept, ", \\ and the C escapes as Go writes them, other bytes as \\xNN.
static const char *quote(char *buf, const void *p, size_t n) {
	const unsigned char *s = p; char *o = buf; *o++ = '"';
	for (size_t k = 0; k < n; k++) {
		unsigned char c = s[k];
		size_t w = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 1;
		if (c >= 0x80 && w > 1 && k + w <= n) {
			size_t j = 1;
			while (j < w && (s[k + j] & 0xc0) == 0x80) j++;
			if (j == w) { memcpy(o, s + k, w); o += w; k += w - 1; continue; }
		}
		const char *esc = NULL;
		switch (c) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\a': esc = "\\a"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		case '\v': esc = "\\v"; break;
		default: break;
		}
		if (esc != NULL) { o += sprintf(o, "%s", esc); }
		else if (c < 0x20 || c >= 0x7f) { o += sprintf(o, "\\x%02x", c); }
		else { *o++ = (char)c; }
	}
	*o++ = '"'; *o = '\0';
	return buf;
}
