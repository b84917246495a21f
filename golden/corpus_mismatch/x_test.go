package x

import "testing"

func fuzzString(t *testing.T, s string) {
	t.Logf("got %s", s)
}

func fuzzTwo(t *testing.T, s string, n int) {
	t.Logf("got %s %d", s, n)
}

func FuzzFileCount(f *testing.F) {
	f.Fuzz(fuzzString)
}

func FuzzFileType(f *testing.F) {
	f.Fuzz(fuzzTwo)
}

func FuzzAddCount(f *testing.F) {
	f.Add("a", 1)
	f.Fuzz(fuzzString)
}

func FuzzAddType(f *testing.F) {
	f.Add(1)
	f.Fuzz(fuzzString)
}

func FuzzAddTypes(f *testing.F) {
	f.Add(int64(1), "x")
	f.Fuzz(fuzzTwo)
}

func FuzzAddTooFew(f *testing.F) {
	f.Add("only one")
	f.Fuzz(fuzzTwo)
}

func FuzzAddGoodThenBad(f *testing.F) {
	f.Add("good")
	f.Add([]byte("bad"))
	f.Fuzz(fuzzString)
}
