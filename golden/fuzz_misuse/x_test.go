package x

import "testing"

func fuzz(t *testing.T, s string) {
	t.Logf("seed %s", s)
}

func noArgs(t *testing.T) {}

func FuzzTwice(f *testing.F) {
	f.Add("a")
	f.Fuzz(fuzz)
	f.Fuzz(fuzz)
}

func FuzzNoArgs(f *testing.F) {
	f.Fuzz(noArgs)
}

func FuzzNeverCallsFuzz(f *testing.F) {
	f.Add("a")
	f.Log("no f.Fuzz here")
}

func FuzzAddAfterFuzz(f *testing.F) {
	f.Add("a")
	f.Fuzz(fuzz)
	f.Add("b")
	f.Log("after Fuzz")
}

func FuzzErrorBeforeFuzz(f *testing.F) {
	f.Add("a")
	f.Error("error before Fuzz")
	f.Fuzz(fuzz)
}

func FuzzSkipNoSeeds(f *testing.F) {
	f.Fuzz(fuzz)
}
