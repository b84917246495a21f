package x

import "testing"

func FuzzBool(f *testing.F) {
	f.Add(false)
	f.Fuzz(fuzzBool)
}

func fuzzBool(t *testing.T, a bool) {
	if a {
		panic("this input caused a crash!")
	}
}
