// gen_test.go writes the corpus-encoding vectors the C tests of
// internal/fuzz read (encoding_test.c, corpus_test.c). It is added to Go
// 1.19.8's internal/fuzz by gen.sh through -overlay, so that it can call the
// unexported marshalCorpusFile and unmarshalCorpusFile.
//
// Files (one record per line, fields separated by one space; bytes in hex,
// "-" for none):
//
//	marshal.txt:   M <n> <type>:<value> ... <file-hex>
//	unmarshal.txt: U <file-hex> ok <n> <type>:<value> ...
//	               U <file-hex> err <error-text-hex>
//	filename.txt:  H <data-hex> <name writeToCorpus gives it>
//
// A <value> is hex bytes for []uint8 and string, decimal for integers,
// 0x<bits> for floats, true/false for bool.
package fuzz

import (
	"crypto/sha256"
	"fmt"
	"math"
	"math/rand"
	"os"
	"strings"
	"testing"
)

func hexOrDash(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	return fmt.Sprintf("%x", b)
}

func vecValue(v any) string {
	switch x := v.(type) {
	case []byte:
		return "[]uint8:" + hexOrDash(x)
	case string:
		return "string:" + hexOrDash([]byte(x))
	case bool:
		return fmt.Sprintf("bool:%v", x)
	case float32:
		return fmt.Sprintf("float32:0x%x", math.Float32bits(x))
	case float64:
		return fmt.Sprintf("float64:0x%x", math.Float64bits(x))
	default:
		return fmt.Sprintf("%T:%v", x, x)
	}
}

var interestingBytes = []byte{0, 1, '\a', '\b', '\f', '\n', '\r', '\t', '\v', '\\', '"', '\'', '`', ' ', 'a', 'Z', '0', 0x7f, 0x80, 0xbd, 0xc0, 0xe2, 0x98, 0x83, 0xef, 0xbb, 0xbf, 0xff, 0xf4, 0x90}

func randBytes(r *rand.Rand) []byte {
	n := r.Intn(12)
	b := make([]byte, n)
	for i := range b {
		switch r.Intn(4) {
		case 0:
			b[i] = byte(r.Intn(256))
		case 1:
			b[i] = byte(' ' + r.Intn(95))
		default:
			b[i] = interestingBytes[r.Intn(len(interestingBytes))]
		}
	}
	if r.Intn(5) == 0 {
		b = append(b, []byte(string(rune(r.Intn(0x10ffff))))...)
	}
	return b
}

func randU64(r *rand.Rand) uint64 {
	switch r.Intn(4) {
	case 0:
		return uint64(r.Intn(300))
	case 1:
		return -uint64(r.Intn(300))
	case 2:
		return uint64(1) << uint(r.Intn(64))
	default:
		return r.Uint64()
	}
}

func randValue(r *rand.Rand) any {
	u := randU64(r)
	switch r.Intn(15) {
	case 0:
		return randBytes(r)
	case 1:
		return string(randBytes(r))
	case 2:
		return r.Intn(2) == 0
	case 3:
		return uint8(u)
	case 4:
		if r.Intn(2) == 0 {
			return int32(r.Intn(0x110000 + 10))
		}
		return int32(u)
	case 5:
		return int(u)
	case 6:
		return int8(u)
	case 7:
		return int16(u)
	case 8:
		return int64(u)
	case 9:
		return uint(u)
	case 10:
		return uint16(u)
	case 11:
		return uint32(u)
	case 12:
		return uint64(u)
	case 13:
		specials := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fc00001, 0xffc00000, 0x7f800001, 1, 0x7f7fffff, 0x3f800000}
		if r.Intn(2) == 0 {
			return math.Float32frombits(specials[r.Intn(len(specials))])
		}
		if r.Intn(2) == 0 {
			return float32(r.NormFloat64() * 1000)
		}
		return math.Float32frombits(r.Uint32())
	default:
		specials := []uint64{0, 1 << 63, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000001, 0x7ff8000000000002, 0xfff8000000000001, 0x7ff0000000000001, 1, 0x7fefffffffffffff, 0x3ff0000000000000}
		if r.Intn(2) == 0 {
			return math.Float64frombits(specials[r.Intn(len(specials))])
		}
		if r.Intn(2) == 0 {
			return r.NormFloat64() * math.Pow(10, float64(r.Intn(40)-20))
		}
		return math.Float64frombits(r.Uint64())
	}
}

// Lines and line fragments for unmarshal, valid and not.
var unmarshalLines = []string{
	`int(5)`, `int(-5)`, `int(+5)`, `int(--5)`, `int(-(5))`, `int((5))`, `(int)(5)`, `int(5)(6)`,
	`int(5, 6)`, `int()`, `int(5,)`, `int(5...)`, `int(5`, `int 5`, `int(5))`, `int(5) int(6)`,
	`int(0x1F)`, `int(0X1f)`, `int(0o17)`, `int(0O17)`, `int(017)`, `int(0b101)`, `int(1_000)`,
	`int(0x_1)`, `int(1__0)`, `int(1_)`, `int(0x)`, `int(0b)`, `int(0o)`, `int(09)`, `int(0b102)`,
	`int(08.5)`, `int(1.5)`, `int(1e3)`, `int('a')`, `int("a")`, `int(a)`, `int(true)`, `int(9223372036854775808)`,
	`int(-9223372036854775808)`, `int(-9223372036854775809)`, `int8(127)`, `int8(128)`, `int8(-128)`,
	`int16(32768)`, `int32(2147483648)`, `int64(-1)`, `uint(-1)`, `uint(18446744073709551616)`,
	`uint8(255)`, `uint8(256)`, `uint16(65536)`, `uint32(4294967296)`, `uint64(0xffffffffffffffff)`,
	`byte('a')`, `byte(97)`, `byte('\x80')`, `byte('\u00ff')`, `byte('\u0100')`, `byte('ab')`, `byte('')`,
	`byte('\q')`, `byte('\400')`, `byte('\377')`, `byte("a")`, `byte(256)`, `byte(-1)`, `byte(-'a')`,
	`rune('a')`, `rune('☺')`, `rune(-1)`, `rune(0x110000)`, `rune('\U00110000')`, `rune('\ud800')`,
	`rune("a")`, `rune(1.5)`, `rune(-'a')`, `rune('\'')`, `rune('"')`, `rune('\"')`,
	`string("a")`, `string(` + "`raw`" + `)`, `string(` + "`a\\nb`" + `)`, `string('a')`, `string(5)`,
	`string("a" + "b")`, `string("\xff")`, `string("\z")`, `string("abc)`, `string(abc")`, `string("a\"b")`,
	`string("\u00e9")`, `string("\U0001F600")`, `string("\ud800")`, `string("\400")`,
	`[]byte("a")`, `[]byte(` + "`a`" + `)`, `[]byte('a')`, `[]byte(5)`, `[]uint8("a")`, `[5]byte("a")`,
	`[...]byte("a")`, `[]byte{1}`, `[]byte{}("a")`, `[]byte(a)`, `[][]byte("a")`, `[]string("a")`,
	`bool(true)`, `bool(false)`, `bool(True)`, `bool(1)`, `bool("true")`, `bool(!true)`, `bool()`,
	`float64(1)`, `float64(1.5)`, `float64(-1.5)`, `float64(.5)`, `float64(1.)`, `float64(1e308)`,
	`float64(1e309)`, `float64(-1e309)`, `float64(0x1p-2)`, `float64(0x1.8p1)`, `float64(0x1.8)`, `float64(1p3)`,
	`float64(1e)`, `float64(1e+)`, `float64(1_0.5)`, `float64(Inf)`, `float64(+Inf)`, `float64(-Inf)`,
	`float64(!Inf)`, `float64(^Inf)`, `float64(-NaN)`, `float64(NaN)`, `float64(nan)`, `float64(inf)`,
	`float64(1i)`, `float64('a')`, `float64("1")`, `float64(-0)`, `float64(-0.0)`, `float64(4.9e-324)`,
	`float64(2e-324)`, `float32(1)`, `float32(3.4028235e38)`, `float32(3.5e38)`, `float32(1e-46)`,
	`float32(-Inf)`, `float32(NaN)`, `float32(0.1)`,
	`math.Float64frombits(0x7ff8000000000001)`, `math.Float64frombits(1)`, `math.Float64frombits(1.5)`,
	`math.Float64frombits(-1)`, `math.Float64frombits(0x1ffffffffffffffff)`, `math.Float32frombits(0x7fc00001)`,
	`math.Float32frombits(0x100000000)`, `math.Float32frombits(1.5)`, `math.Float32frombits('a')`,
	`math.Float16frombits(1)`, `mat.Float64frombits(1)`, `math.Float64frombits(Inf)`, `math.Float64frombits(-Inf)`,
	`math.Float64frombits()`, `a.b.Float64frombits(1)`, `math.Float64frombits(NaN)`,
	`complex128(1)`, `uintptr(1)`, `Int(1)`, `foo(1)`, `5`, `"a"`, `x`, `int`, `-int(5)`, `int(5)+1`,
	`int(5);`, `int(5);int(6)`, `int(5) // comment`, `int(5) /* c */`, `/* c */ int(5)`, `// comment`,
	`int(/* c */ 5)`, `int(5 /* c`, `int(5) /*`, `#`, `int(5)#`, `int(@)`, `int($)`, `int(?)`, `☃(1)`,
	`ä(1)`, `int(ä)`, `int(☃)`, `int(5)☃`, "int(\x00)", "string(\"\x00\")", "string(`\x00`)", "int(5)\x00",
	"string(\"\xff\")", "string(`\xff`)", "int(\xff)", "\xef\xbb\xbfint(5)", "int(\xef\xbb\xbf5)",
	"string(\"a\tb\")", "string(`a\tb`)", "string(\"a\rb\")", "string(`a\rb`)", "int(\t5\t)", "int(5\v)",
	`string("`, `string(`, `string(` + "`", `string('`, `'`, `"`, "`", `int(5]`, `int[5]`, `int{5}`,
	`int(5}`, `(`, `)`, `[`, `]`, `{`, `}`, `,`, `.`, `...`, `int(.)`, `int(...)`, `int.(5)`, `int.x(5)`,
	`x.(int)`, `x.(type)`, `int(x[1])`, `int(x[1:2])`, `int(x[:])`, `int(x[1:2:3])`, `int(x[])`,
	`int(x.y)`, `int(*x)`, `int(&x)`, `int(<-x)`, `*int(5)`, `int(5 == 5)`, `int(5 = 5)`, `int(5 := 5)`,
	`int(5 && 5)`, `int(5 || 5)`, `int(5 << 1)`, `int(5 &^ 1)`, `int(5 != 1)`, `int(5 >= 1)`, `int(5 ++)`,
	`int(5 +)`, `int(5 5)`, `int("a" "b")`, `int(5 "b")`, `int(!5)`, `int(^5)`, `int(-5i)`, `int(-"5")`,
	`int(-x)`, `int(-(-5))`, `int(-0x10)`, `int(-0b1)`, `int(-'a')`, `uint(-0)`, `int8(-0x80)`, `int8(-0x81)`,
	`int(1.5e)`, `int(0x1p)`, `int(0x.p1)`, `int(0x1.0)`, `int(1e1_0)`, `int(0_1)`, `int(0_8)`, `int(00)`,
	`int(0.)`, `int(5.5.5)`, `int(0b1.0)`, `int(0o1e1)`, `int(1E+5)`, `int(1_e5)`, `int(0x1_p1)`, `int(08)`,
	`int(0xg)`, `int(1a)`, `int(0b1a)`,
	`byte('\a')`, `byte('\b')`, `byte('\f')`, `byte('\n')`, `byte('\r')`, `byte('\t')`, `byte('\v')`,
	`byte('\\')`, `byte('\x')`, `byte('\xg0')`, `byte('\u12')`, `byte('\0')`, `byte('\08')`, `rune('\U0010FFFF')`,
	`rune('\uD800')`, `rune('\x80')`, "rune('\xff')", "rune('\n')", `rune('a`, `rune(` + "'\\'" + `)`,
	`string("\'")`, `string('\"')`, `string("\x4")`, `string("\u00")`, `string("\`, `string("\"`,
	`string("a"`, `string("a",)`, `string("a", "b")`, `string(("a"))`, `string(-"a")`, `string(+"a")`,
	`string(x"a")`, `string("a"x)`, `string(` + "`" + `\` + "`" + `)`,
	`int(func(){})`, `int(struct{}{})`, `int(map[int]int{})`, `int(chan int)`, `int(interface{})`,
	`int(if)`, `int(go)`, `func(1)`, `map(1)`, `int(int(5))`, `int(x(5))`, `int(5)()`, `int(5).x`,
}

func TestGenVectors(t *testing.T) {
	dir := os.Getenv("VECDIR")
	if dir == "" {
		t.Skip("VECDIR not set")
	}
	r := rand.New(rand.NewSource(1))

	// marshal.txt: random values of every kind, then some multi-value files.
	var m strings.Builder
	writeM := func(vals ...any) {
		fmt.Fprintf(&m, "M %d", len(vals))
		for _, v := range vals {
			fmt.Fprintf(&m, " %s", vecValue(v))
		}
		fmt.Fprintf(&m, " %x\n", marshalCorpusFile(vals...))
	}
	for i := 0; i < 600; i++ {
		writeM(randValue(r))
	}
	for b := 0; b < 256; b++ {
		writeM(byte(b))
	}
	for _, x := range []rune{-1, 0, 0x7f, 0x80, 0xff, 0x100, 0xd7ff, 0xd800, 0xdfff, 0xe000, 0xfffd, 0xfffe, 0xffff, 0x10000, 0x10ffff, 0x110000, -0x80000000, 0x7fffffff, 0x2028, 0x200b, 0xfeff, 0x85, 0xad, 0x1f600} {
		writeM(x)
	}
	for i := 0; i < 100; i++ {
		n := 1 + r.Intn(5)
		vals := make([]any, n)
		for j := range vals {
			vals[j] = randValue(r)
		}
		writeM(vals...)
	}
	if err := os.WriteFile(dir+"/marshal.txt", []byte(m.String()), 0666); err != nil {
		t.Fatal(err)
	}

	// unmarshal.txt: handwritten lines, whole files, marshaled random values,
	// and random mutations of all of them.
	var u strings.Builder
	writeU := func(file []byte) {
		vals, err := unmarshalCorpusFile(file)
		if err != nil {
			fmt.Fprintf(&u, "U %s err %x\n", hexOrDash(file), err.Error())
			return
		}
		fmt.Fprintf(&u, "U %s ok %d", hexOrDash(file), len(vals))
		for _, v := range vals {
			fmt.Fprintf(&u, " %s", vecValue(v))
		}
		u.WriteString("\n")
	}
	var seeds [][]byte
	for _, l := range unmarshalLines {
		f := []byte("go test fuzz v1\n" + l + "\n")
		seeds = append(seeds, f)
		writeU(f)
	}
	for _, f := range []string{
		"", "\n", "go test fuzz v1", "go test fuzz v1\n", "go test fuzz v1\n\n", "go test fuzz v1\r\n",
		"go test fuzz v1\r\nint(1)\r\n", "go test fuzz v2\nint(1)\n", "go test fuzz v1 \nint(1)\n",
		" go test fuzz v1\nint(1)\n", "go test fuzz v1\r\r\nint(1)\n", "\xef\xbb\xbfgo test fuzz v1\nint(1)\n",
		"go test fuzz v1\n  int(1)  \n\t\n\v\f\r\nint(2)", "go test fuzz v1\n\xc2\x85int(1)\xc2\xa0\n",
		"go test fuzz v1\n\xe3\x80\x80int(1)\xe2\x80\xa8\n", "go test fuzz v1\nint(1)\nint(2)\nstring(\"x\")\n",
		"go test fuzz v1\nint(1)\nint(\n", "go test fuzz v1\nint(1)\rint(2)\n", "int(1)\ngo test fuzz v1\n",
		"go test fuzz v1\n" + strings.Repeat("int(1)\n", 20), "go test fuzz v1\nint(1)\n\x00",
	} {
		seeds = append(seeds, []byte(f))
		writeU([]byte(f))
	}
	for i := 0; i < 200; i++ {
		v := randValue(r)
		f := marshalCorpusFile(v)
		seeds = append(seeds, f)
		writeU(f)
	}
	alphabet := []byte("0123456789abcdefxXoObBpPeEi_.+-*/()[]{}'\"`\\ ,;:!^&|<>=\t\x00\xff\xe2\x98")
	for i := 0; i < 800; i++ {
		f := append([]byte(nil), seeds[r.Intn(len(seeds))]...)
		for k := 1 + r.Intn(3); k > 0; k-- {
			// Mutate after the version line mostly.
			lo := 0
			if len(f) > 16 && r.Intn(8) != 0 {
				lo = 16
			}
			if len(f) <= lo {
				f = append(f, alphabet[r.Intn(len(alphabet))])
				continue
			}
			pos := lo + r.Intn(len(f)-lo)
			switch r.Intn(3) {
			case 0:
				f = append(f[:pos], f[pos+1:]...)
			case 1:
				f = append(f[:pos], append([]byte{alphabet[r.Intn(len(alphabet))]}, f[pos:]...)...)
			default:
				f[pos] = alphabet[r.Intn(len(alphabet))]
			}
		}
		writeU(f)
	}
	if err := os.WriteFile(dir+"/unmarshal.txt", []byte(u.String()), 0666); err != nil {
		t.Fatal(err)
	}

	// filename.txt: the names writeToCorpus gives files.
	var h strings.Builder
	for i := 0; i < 50; i++ {
		var data []byte
		if i > 0 {
			data = marshalCorpusFile(randValue(r))
		}
		if i%10 == 9 {
			data = randBytes(r)
		}
		tmp := t.TempDir()
		e := &CorpusEntry{Data: data}
		if err := writeToCorpus(e, tmp); err != nil {
			t.Fatal(err)
		}
		name := e.Path[len(tmp)+1:]
		if name != fmt.Sprintf("%x", sha256.Sum256(data)) {
			t.Fatalf("writeToCorpus named %q", name)
		}
		fmt.Fprintf(&h, "H %s %s\n", hexOrDash(data), name)
	}
	if err := os.WriteFile(dir+"/filename.txt", []byte(h.String()), 0666); err != nil {
		t.Fatal(err)
	}
}
