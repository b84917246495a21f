// gen_test.go writes the mutation-engine vectors the C tests of internal/fuzz
// read (pcg_test.c, mutator_test.c, mutators_byteslice_test.c,
// minimize_test.c). gen.sh adds it to Go 1.19.8's internal/fuzz through
// -overlay, so that it can call the unexported pcgRand, mutator,
// byteSliceMutators and minimizeBytes.
//
// Files (one record per line, fields separated by one space; bytes in hex,
// "-" for none; states and incs are decimal uint64):
//
//	pcg.txt:
//	  N <seed> <globalInc> <state> <inc>
//	      newPcgRand with GODEBUG=fuzzseed=<seed> and globalInc set first
//	  G <GODEBUG-hex> seed <n> | nil | panic
//	      godebugSeed with that GODEBUG
//	  S <state> <inc> <method> <arg> <count> <v1> ... <vcount> <state-after>
//	      count calls of uint32, intn(arg), uint32n(arg), exp2 or bool (0/1)
//	mutate.txt:
//	  M <mutator-id> <state> <inc> <maxBytes> <k> <n> <in1> ... <inN> <out1> ... <outN> <state-after>
//	      k calls of m.mutate(vals, maxBytes) after m.r.restore(state, inc);
//	      lines with the same mutator id share one mutator (and its
//	      scratch buffer), in file order; ids start fresh
//	byteslice.txt:
//	  I <table> <v1> ... <vN>
//	      interesting8, interesting16 and interesting32 after init
//	  B <mutator-name> <state> <inc> <cap> <in-hex> <out-hex|nil> <state-after>
//	      one call of that byteSliceMutator on a slice with len(in), cap
//	minimize.txt:
//	  Z <predicate> <arg-hex> <stopAfter> <in-hex> <tries> <hash> <out-hex>
//	      minimizeBytes(in, try, shouldStop); try is the predicate on the
//	      candidate, shouldStop is true once tries >= stopAfter (0: never);
//	      hash is FNV-1a 64 over every candidate tried, each preceded by its
//	      length as 4 little-endian bytes
//	coverage.txt:
//	  C <base-hex> <snapshot-hex> <diffCoverage-hex|nil> <countNewCoverageBits> <isCoverageSubset> <hasCoverageBit> <countBits(snapshot)>
//
// A <value> is <type>:<v> as reflect names the type: hex bytes for []uint8
// and string, decimal for integers, 0x<bits> for floats, true/false for bool.
package fuzz

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func vecHex(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	return fmt.Sprintf("%x", b)
}

func vecVal(v any) string {
	switch x := v.(type) {
	case []byte:
		return "[]uint8:" + vecHex(x)
	case string:
		return "string:" + vecHex([]byte(x))
	case float32:
		return fmt.Sprintf("float32:0x%x", math.Float32bits(x))
	case float64:
		return fmt.Sprintf("float64:0x%x", math.Float64bits(x))
	default:
		return fmt.Sprintf("%T:%v", x, x)
	}
}

type vecFile struct {
	f *os.File
	w *bufio.Writer
	n int
}

func newVecFile(t *testing.T, name string) *vecFile {
	f, err := os.Create(filepath.Join(os.Getenv("VECDIR"), name))
	if err != nil {
		t.Fatal(err)
	}
	return &vecFile{f: f, w: bufio.NewWriter(f)}
}

func (v *vecFile) line(fields ...string) {
	v.w.WriteString(strings.Join(fields, " "))
	v.w.WriteByte('\n')
	v.n++
}

func (v *vecFile) close(t *testing.T) {
	if err := v.w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := v.f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d lines", v.f.Name(), v.n)
}

func u64s(x uint64) string { return fmt.Sprint(x) }

// randState draws a PCG state and increment; inc is odd as newPcgRand makes it.
func randState(r *rand.Rand) (uint64, uint64) {
	return r.Uint64(), r.Uint64() | 1
}

func genPcg(t *testing.T, r *rand.Rand) {
	out := newVecFile(t, "pcg.txt")
	defer out.close(t)

	origEnv := os.Getenv("GODEBUG")
	defer os.Setenv("GODEBUG", origEnv)
	origInc := globalInc
	defer func() { globalInc = origInc }()
	seeds := []int64{0, 1, 2, 123, -1, -123456789, math.MaxInt64, math.MinInt64}
	for i := 0; i < 40; i++ {
		seeds = append(seeds, int64(r.Uint64()))
	}
	for i, seed := range seeds {
		inc := uint64(i * 7)
		if i%5 == 4 {
			inc = r.Uint64()
		}
		os.Setenv("GODEBUG", fmt.Sprintf("fuzzseed=%d", seed))
		globalInc = inc
		p := newPcgRand()
		out.line("N", fmt.Sprint(seed), u64s(inc), u64s(p.state), u64s(p.inc))
	}

	for _, env := range []string{
		"", "fuzzseed=5", "a=1,fuzzseed=42,b=2", "fuzzseed=1,fuzzseed=2", "fuzzseed=",
		"fuzzseed=x", "fuzzseed=+7", "fuzzseed=-7", "fuzzseed=0x10", "fuzzseed=1_000",
		"fuzzseed=9223372036854775807", "fuzzseed=9223372036854775808", "fuzzseed=-9223372036854775808",
		"xfuzzseed=3", " fuzzseed=3", "fuzzseed= 3", "fuzzseed=3 ", "gctrace=1", ",,fuzzseed=8,",
		"fuzzseed=007", "FUZZSEED=3", "fuzzseed=99999999999999999999", "fuzzseed",
	} {
		os.Setenv("GODEBUG", env)
		res := func() (res string) {
			defer func() {
				if e := recover(); e != nil {
					if e != "malformed fuzzseed" {
						t.Fatalf("unexpected panic %v", e)
					}
					res = "panic"
				}
			}()
			if s := godebugSeed(); s != nil {
				return fmt.Sprintf("seed %d", *s)
			}
			return "nil"
		}()
		out.line("G", vecHex([]byte(env)), res)
	}

	args := []uint32{0, 1, 2, 3, 7, 10, 100, 255, 256, 1000, 1 << 16, 1<<31 - 1, 1 << 31, 1<<31 + 1,
		3 << 30, 0xfffffffe, 0xffffffff, 0xc0000001, 0xaaaaaaab}
	for i := 0; i < 400; i++ {
		state, inc := randState(r)
		if i < 8 {
			state = []uint64{0, 1, math.MaxUint64, 1 << 63, 0, 42, 6364136223846793005, 12345}[i]
			inc = []uint64{1, 1, 1, 3, math.MaxUint64, 2, 0, 7}[i]
		}
		p := &pcgRand{}
		p.restore(state, inc)
		count := 1 + r.Intn(12)
		method := []string{"uint32", "intn", "uint32n", "exp2", "bool"}[i%5]
		var arg uint32
		switch method {
		case "intn", "uint32n":
			if r.Intn(2) == 0 {
				arg = args[r.Intn(len(args))]
			} else {
				arg = r.Uint32() >> uint(r.Intn(32))
			}
		}
		vals := []string{}
		for j := 0; j < count; j++ {
			var v uint64
			switch method {
			case "uint32":
				v = uint64(p.uint32())
			case "intn":
				v = uint64(p.intn(int(arg)))
			case "uint32n":
				v = uint64(p.uint32n(arg))
			case "exp2":
				v = uint64(p.exp2())
			case "bool":
				if p.bool() {
					v = 1
				}
			}
			vals = append(vals, u64s(v))
		}
		var st, in uint64
		p.save(&st, &in)
		if in != inc {
			t.Fatalf("inc changed")
		}
		out.line(append(append([]string{"S", u64s(state), u64s(inc), method, fmt.Sprint(arg), fmt.Sprint(count)}, vals...), u64s(st))...)
	}
}

var vecInterestingBytes = []byte{0, 1, 0x7f, 0x80, 0xff, 'a', 'Z', '0', ' ', '\n'}

func vecRandBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		switch r.Intn(3) {
		case 0:
			b[i] = byte(r.Intn(256))
		case 1:
			b[i] = byte(' ' + r.Intn(95))
		default:
			b[i] = vecInterestingBytes[r.Intn(len(vecInterestingBytes))]
		}
	}
	return b
}

func vecRandLen(r *rand.Rand) int {
	switch r.Intn(6) {
	case 0:
		return r.Intn(3)
	case 1:
		return r.Intn(10)
	case 2:
		return r.Intn(40)
	case 3:
		return 8
	case 4:
		return r.Intn(300)
	default:
		return r.Intn(2000)
	}
}

func vecRandU64(r *rand.Rand) uint64 {
	switch r.Intn(5) {
	case 0:
		return uint64(r.Intn(300))
	case 1:
		return -uint64(r.Intn(300))
	case 2:
		return uint64(1)<<uint(r.Intn(64)) + uint64(r.Intn(5)) - 2
	case 3:
		return []uint64{0, 1, 127, 128, 255, 256, 32767, 32768, 65535, 65536, math.MaxInt32, math.MaxInt32 + 1,
			math.MaxUint32, math.MaxInt64, math.MaxInt64 + 1, math.MaxUint64, math.MaxUint64 - 1}[r.Intn(17)]
	default:
		return r.Uint64()
	}
}

func vecRandF64(r *rand.Rand) float64 {
	switch r.Intn(8) {
	case 0:
		return []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, math.Inf(1), math.Inf(-1), math.NaN(),
			math.MaxFloat64, -math.MaxFloat64, math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat64,
			math.MaxFloat64 / 2, math.MaxFloat64 / 11, math.MaxFloat32 / 3, 1e300, -1e300, 1e38, 3.4e38,
			math.MaxFloat64 - 1e292, math.Nextafter(math.MaxFloat64, 0)}[r.Intn(23)]
	case 1:
		return float64(r.Intn(200) - 100)
	case 2:
		return r.NormFloat64() * 1000
	case 3:
		return math.Float64frombits(r.Uint64())
	case 4:
		return float64(int64(r.Uint64()))
	case 5:
		return r.Float64() * math.MaxFloat64 * float64(1-2*r.Intn(2))
	default:
		return r.NormFloat64()
	}
}

func vecRandValue(r *rand.Rand, kind int) any {
	u := vecRandU64(r)
	switch kind {
	case 0:
		return vecRandBytes(r, vecRandLen(r))
	case 1:
		return string(vecRandBytes(r, vecRandLen(r)))
	case 2:
		return r.Intn(2) == 0
	case 3:
		return uint8(u)
	case 4:
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
		return u
	case 13:
		f := vecRandF64(r)
		if r.Intn(3) == 0 {
			return math.Float32frombits(uint32(u))
		}
		return float32(f)
	default:
		return vecRandF64(r)
	}
}

// vecCopy copies vals so that the inputs printed are those given, whatever
// mutate does to the backing arrays.
func vecCopy(vals []any) []any {
	c := make([]any, len(vals))
	for i, v := range vals {
		if b, ok := v.([]byte); ok {
			v = append([]byte(nil), b...)
		}
		c[i] = v
	}
	return c
}

func genMutate(t *testing.T, r *rand.Rand) {
	out := newVecFile(t, "mutate.txt")
	defer out.close(t)

	const nkinds = 15
	mutators := map[int]*mutator{}
	line := func(id int, state, inc uint64, maxBytes, k int, vals []any) {
		m := mutators[id]
		if m == nil {
			m = &mutator{r: &pcgRand{}}
			mutators[id] = m
		}
		in := vecCopy(vals)
		m.r.restore(state, inc)
		for i := 0; i < k; i++ {
			m.mutate(vals, maxBytes)
		}
		var st, ic uint64
		m.r.save(&st, &ic)
		fields := []string{"M", fmt.Sprint(id), u64s(state), u64s(inc), fmt.Sprint(maxBytes), fmt.Sprint(k), fmt.Sprint(len(vals))}
		for _, v := range in {
			fields = append(fields, vecVal(v))
		}
		for _, v := range vals {
			fields = append(fields, vecVal(v))
		}
		out.line(append(fields, u64s(st))...)
	}
	maxLen := func(vals []any) int {
		n := 0
		for _, v := range vals {
			switch x := v.(type) {
			case []byte:
				if len(x) > n {
					n = len(x)
				}
			case string:
				if len(x) > n {
					n = len(x)
				}
			}
		}
		return n
	}

	// Each kind alone, on fresh mutators, one to five mutations as the
	// worker chains them.
	id := 0
	for kind := 0; kind < nkinds; kind++ {
		for i := 0; i < 110; i++ {
			state, inc := randState(r)
			vals := []any{vecRandValue(r, kind)}
			k := 1 + r.Intn(5)
			// maxPerVal = maxBytes - 100 must hold the input; give it from
			// no room at all to plenty.
			extra := []int{0, 1, 2, 5, 9, 20, 100, 1100, 5000}[r.Intn(9)]
			if maxLen(vals) == 0 && (kind == 0 || kind == 1) && extra < 2 {
				// With no room to grow, no byteSliceMutator applies to an
				// empty slice and mutateBytes loops for ever, in Go too.
				extra = 2
			}
			maxBytes := 100 + maxLen(vals) + extra
			line(id, state, inc, maxBytes, k, vals)
			id++
		}
	}
	// Several values of mixed kinds, on four shared mutators whose scratch
	// buffers carry over from line to line. Each keeps one number of values
	// and one maxBytes, as a worker does, so that a value never outgrows
	// maxPerVal (inputs are under 2000 bytes).
	for i := 0; i < 500; i++ {
		state, inc := randState(r)
		j := r.Intn(4)
		n := 2 + j
		vals := make([]any, n)
		for j := range vals {
			kind := r.Intn(nkinds + 4)
			if kind >= nkinds {
				kind = kind % 2 // more bytes and strings
			}
			vals[j] = vecRandValue(r, kind)
		}
		k := 1 + r.Intn(5)
		maxBytes := n * (100 + 2000 + []int{0, 3, 50, 2000}[j])
		line(id+j, state, inc, maxBytes, k, vals)
	}
	id += 4
	// The worker's own limit: workerSharedMemSize minus nothing (cap of the
	// value region), as worker.go passes cap(mem.valueRef()).
	for i := 0; i < 60; i++ {
		state, inc := randState(r)
		vals := []any{vecRandValue(r, r.Intn(2))}
		line(id, state, inc, 100<<20, 1+r.Intn(5), vals)
	}
	id++
	// Many mutations in a row on one value.
	for i := 0; i < 40; i++ {
		state, inc := randState(r)
		vals := []any{vecRandValue(r, r.Intn(nkinds))}
		line(id, state, inc, 100+maxLen(vals)+2+r.Intn(3000), 20+r.Intn(200), vals)
		id++
	}
}

type namedByteSliceMutator struct {
	name string
	fn   byteSliceMutator
}

func byteSliceMutatorNames(t *testing.T) []namedByteSliceMutator {
	names := []string{
		"byteSliceRemoveBytes",
		"byteSliceInsertRandomBytes",
		"byteSliceDuplicateBytes",
		"byteSliceOverwriteBytes",
		"byteSliceBitFlip",
		"byteSliceXORByte",
		"byteSliceSwapByte",
		"byteSliceArithmeticUint8",
		"byteSliceArithmeticUint16",
		"byteSliceArithmeticUint32",
		"byteSliceArithmeticUint64",
		"byteSliceOverwriteInterestingUint8",
		"byteSliceOverwriteInterestingUint16",
		"byteSliceOverwriteInterestingUint32",
		"byteSliceInsertConstantBytes",
		"byteSliceOverwriteConstantBytes",
		"byteSliceShuffleBytes",
		"byteSliceSwapBytes",
	}
	if len(names) != len(byteSliceMutators) {
		t.Fatalf("%d byteSliceMutators, want %d", len(byteSliceMutators), len(names))
	}
	ms := make([]namedByteSliceMutator, len(names))
	for i, name := range names {
		ms[i] = namedByteSliceMutator{name, byteSliceMutators[i]}
	}
	return ms
}

func genByteSlice(t *testing.T, r *rand.Rand) {
	out := newVecFile(t, "byteslice.txt")
	defer out.close(t)

	var i8, i16, i32 []string
	for _, v := range interesting8 {
		i8 = append(i8, fmt.Sprint(v))
	}
	for _, v := range interesting16 {
		i16 = append(i16, fmt.Sprint(v))
	}
	for _, v := range interesting32 {
		i32 = append(i32, fmt.Sprint(v))
	}
	out.line(append([]string{"I", "interesting8"}, i8...)...)
	out.line(append([]string{"I", "interesting16"}, i16...)...)
	out.line(append([]string{"I", "interesting32"}, i32...)...)

	for _, nm := range byteSliceMutatorNames(t) {
		for i := 0; i < 90; i++ {
			state, inc := randState(r)
			n := []int{0, 1, 2, 3, 4, 7, 8, 9}[r.Intn(8)]
			if i >= 30 {
				n = vecRandLen(r)
			}
			in := vecRandBytes(r, n)
			capacity := n + []int{0, 1, 2, 5, 9, 16, 40, 1030, 4100, 5000}[r.Intn(10)]
			b := make([]byte, n, capacity)
			copy(b, in)
			m := &mutator{r: &pcgRand{}}
			m.r.restore(state, inc)
			res := nm.fn(m, b)
			outHex := "nil"
			if res != nil {
				if cap(res) != capacity || (len(res) > 0 && &res[0] != &b[:1][0]) {
					t.Fatalf("%s moved the slice", nm.name)
				}
				outHex = vecHex(res)
			}
			var st, ic uint64
			m.r.save(&st, &ic)
			out.line("B", nm.name, u64s(state), u64s(inc), fmt.Sprint(capacity), vecHex(in), outHex, u64s(st))
		}
	}
}

// vecPredicate is a try function for minimizeBytes that the C test can
// compute too.
func vecPredicate(name string, arg []byte) func([]byte) bool {
	switch name {
	case "count": // arg[0] occurs exactly arg[1] times
		return func(b []byte) bool { return bytes.Count(b, arg[:1]) == int(arg[1]) }
	case "atleast": // arg[0] occurs at least arg[1] times
		return func(b []byte) bool { return bytes.Count(b, arg[:1]) >= int(arg[1]) }
	case "len": // exactly arg[0] bytes
		return func(b []byte) bool { return len(b) == int(arg[0]) }
	case "minlen": // at least arg[0] bytes
		return func(b []byte) bool { return len(b) >= int(arg[0]) }
	case "contains":
		return func(b []byte) bool { return bytes.Contains(b, arg) }
	case "prefix":
		return func(b []byte) bool { return bytes.HasPrefix(b, arg) }
	case "hash": // FNV-1a 32 of b, mod arg[0], is below arg[1]: a fixed random set
		return func(b []byte) bool {
			h := uint32(2166136261)
			for _, c := range b {
				h ^= uint32(c)
				h *= 16777619
			}
			return h%uint32(arg[0]) < uint32(arg[1])
		}
	case "printable": // longer than arg[0] and every byte is printable ASCII
		return func(b []byte) bool {
			for _, c := range b {
				if c < ' ' || c > '~' {
					return false
				}
			}
			return len(b) > int(arg[0])
		}
	}
	panic("unknown predicate " + name)
}

func genMinimize(t *testing.T, r *rand.Rand) {
	out := newVecFile(t, "minimize.txt")
	defer out.close(t)

	run := func(pred string, arg []byte, stopAfter int, in []byte) {
		p := vecPredicate(pred, arg)
		v := append([]byte(nil), in...)
		tries := 0
		h := uint64(14695981039346656037)
		add := func(c byte) {
			h ^= uint64(c)
			h *= 1099511628211
		}
		try := func(c []byte) bool {
			tries++
			var l [4]byte
			binary.LittleEndian.PutUint32(l[:], uint32(len(c)))
			for _, x := range l {
				add(x)
			}
			for _, x := range c {
				add(x)
			}
			return p(c)
		}
		shouldStop := func() bool { return stopAfter > 0 && tries >= stopAfter }
		final := in
		tryRecord := func(c []byte) bool {
			ok := try(c)
			if ok {
				final = append([]byte{}, c...)
			}
			return ok
		}
		minimizeBytes(v, tryRecord, shouldStop)
		// minimizeBytes leaves the result in v's backing array; the last
		// successful candidate is what the worker keeps. Record the latter
		// and check that it matches the prefix of v.
		if !bytes.Equal(v[:len(final)], final) {
			t.Fatalf("minimizeBytes result %x is not a prefix of %x", final, v)
		}
		out.line("Z", pred, vecHex(arg), fmt.Sprint(stopAfter), vecHex(in), fmt.Sprint(tries), fmt.Sprintf("%016x", h), vecHex(final))
	}
	for i := 0; i < 700; i++ {
		// minimizeBytes tries O(n²) candidates on an input it cannot
		// shorten, so keep inputs short except for predicates that let it
		// cut the tail at once.
		n := vecRandLen(r)
		predN := r.Intn(8)
		if n > 80 && !(predN == 3 && r.Intn(3) == 0) {
			n = r.Intn(80)
		}
		in := vecRandBytes(r, n)
		var pred string
		var arg []byte
		switch predN {
		case 0:
			pred, arg = "count", []byte{vecInterestingBytes[r.Intn(3)], byte(r.Intn(4))}
		case 1:
			pred, arg = "atleast", []byte{vecInterestingBytes[r.Intn(3)], byte(r.Intn(4))}
		case 2:
			pred, arg = "len", []byte{byte(r.Intn(n + 1))}
		case 3:
			pred, arg = "minlen", []byte{byte(r.Intn(40))}
		case 4:
			pred = "contains"
			if n > 0 {
				a := r.Intn(n)
				arg = in[a : a+r.Intn(min(4, n-a)+1)]
			}
			if len(arg) == 0 {
				arg = []byte{byte(r.Intn(256))}
			}
		case 5:
			pred = "prefix"
			arg = in[:r.Intn(min(n, 5)+1)]
			if len(arg) == 0 {
				arg = []byte{byte(r.Intn(256))}
			}
		case 6:
			pred, arg = "hash", []byte{byte(2 + r.Intn(20)), byte(1 + r.Intn(3))}
		default:
			pred, arg = "printable", []byte{byte(r.Intn(4))}
		}
		stopAfter := 0
		if r.Intn(4) == 0 {
			stopAfter = 1 + r.Intn(60)
		}
		run(pred, arg, stopAfter, in)
	}
}

func genCoverage(t *testing.T, r *rand.Rand) {
	out := newVecFile(t, "coverage.txt")
	defer out.close(t)

	randCov := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			switch r.Intn(4) {
			case 0:
				b[i] = byte(r.Intn(256))
			case 1:
				b[i] = 1 << uint(r.Intn(8))
			}
		}
		return b
	}
	for i := 0; i < 300; i++ {
		n := r.Intn(40)
		base := randCov(n)
		var snap []byte
		switch r.Intn(4) {
		case 0: // a subset of base
			snap = make([]byte, n)
			for j := range snap {
				snap[j] = base[j] & byte(r.Intn(256))
			}
		case 1: // a superset
			snap = make([]byte, n)
			for j := range snap {
				snap[j] = base[j] | randCov(1)[0]
			}
		default:
			snap = randCov(n)
		}
		diff := "nil"
		if d := diffCoverage(base, snap); d != nil {
			diff = vecHex(d)
		}
		out.line("C", vecHex(base), vecHex(snap), diff, fmt.Sprint(countNewCoverageBits(base, snap)),
			fmt.Sprint(isCoverageSubset(base, snap)), fmt.Sprint(hasCoverageBit(base, snap)), fmt.Sprint(countBits(snap)))
	}
}

func TestGenVectorsMutator(t *testing.T) {
	if os.Getenv("VECDIR") == "" {
		t.Skip("VECDIR not set; run gen.sh")
	}
	if reflect.TypeOf(byteSliceMutators[0]).String() != "fuzz.byteSliceMutator" {
		t.Fatal("unexpected byteSliceMutators")
	}
	genPcg(t, rand.New(rand.NewSource(1)))
	genMutate(t, rand.New(rand.NewSource(2)))
	genByteSlice(t, rand.New(rand.NewSource(3)))
	genMinimize(t, rand.New(rand.NewSource(4)))
	genCoverage(t, rand.New(rand.NewSource(5)))
}
