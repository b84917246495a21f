package x

import "testing"

func fuzzInt(t *testing.T, n int)       {}
func fuzzBytes(t *testing.T, b []byte)  {}
func fuzzString(t *testing.T, s string) {}

func FuzzType(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzInt(t, s) })
}

func FuzzCount(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte, n int) { fuzzBytes(t, b, n) })
}

func FuzzGood(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzString(t, s) })
}
