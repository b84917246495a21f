package x

import "testing"

func fuzzPanic(t *testing.T, s string) {
	t.Logf("seed %s", s)
	if s == "panic" {
		panic("panic in seed " + s)
	}
}

func FuzzPanic(f *testing.F) {
	f.Add("fine")
	f.Add("panic")
	f.Add("not reached")
	f.Fuzz(fuzzPanic)
}

func FuzzPanicFile(f *testing.F) {
	f.Fuzz(fuzzPanic)
}

func FuzzPanicBeforeFuzz(f *testing.F) {
	f.Add("x")
	panic("panic before Fuzz")
}
