package x

import "testing"

func FuzzWithTwoTypes(f *testing.F) {
	f.Fuzz(fuzzWithTwoTypes)
}

func fuzzWithTwoTypes(t *testing.T, a, b []byte) {
	if len(a) > 0 && len(b) > 0 {
		panic("these inputs caused a crash!")
	}
}
