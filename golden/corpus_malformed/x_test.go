package x

import "testing"

func fuzzString(t *testing.T, s string) {
	t.Logf("got %s", s)
}

func fuzzInt(t *testing.T, i int) {
	t.Logf("got %d", i)
}

func FuzzHeader(f *testing.F) {
	f.Fuzz(fuzzString)
}

func FuzzSyntax(f *testing.F) {
	f.Fuzz(fuzzString)
}

func FuzzValues(f *testing.F) {
	f.Fuzz(fuzzInt)
}

func FuzzEmpty(f *testing.F) {
	f.Add("from Add")
	f.Fuzz(fuzzString)
}

func FuzzGood(f *testing.F) {
	f.Fuzz(fuzzString)
}
