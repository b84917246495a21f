package x

import (
	"math"
	"testing"
)

func fuzzAll(t *testing.T, b []byte, s string, ok bool, u8 byte, r rune, i int, i8 int8, i16 int16, i64 int64, u uint, u16 uint16, u32 uint32, u64 uint64, f32 float32, f64 float64) {
	t.Logf("b=%q s=%q", b, s)
	t.Logf("ok=%t u8=%d r=%d i=%d i8=%d i16=%d i64=%d", ok, u8, r, i, i8, i16, i64)
	t.Logf("u=%d u16=%d u32=%d u64=%d", u, u16, u32, u64)
	t.Logf("f32 bits=%#x f64 bits=%#x", math.Float32bits(f32), math.Float64bits(f64))
}

func FuzzKinds(f *testing.F) {
	f.Add([]byte("a\x00b"), "héllo", true, byte('x'), rune(0x263a), int(-1), int8(-128), int16(32767), int64(-9223372036854775808), uint(18446744073709551615), uint16(65535), uint32(4294967295), uint64(1), float32(1.5), float64(-0.25))
	f.Fuzz(fuzzAll)
}
