package x

import "testing"

func FuzzWithBug(f *testing.F) {
	f.Add([]byte("aa"))
	f.Fuzz(fuzzWithBug)
}

func fuzzWithBug(t *testing.T, b []byte) {
	if len(b) > 0 && string(b) != "aa" {
		panic("this input caused a crash!")
	}
}
