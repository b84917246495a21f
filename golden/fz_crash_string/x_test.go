package x

import "testing"

func FuzzString(f *testing.F) {
	f.Add("")
	f.Fuzz(fuzzString)
}

func fuzzString(t *testing.T, a string) {
	if a != "" {
		panic("this input caused a crash!")
	}
}
