package x

import "testing"

func fuzz(t *testing.T, s string) {
	t.Logf("got %s", s)
}

func FuzzDirs(f *testing.F) {
	f.Fuzz(fuzz)
}

func FuzzNoDir(f *testing.F) {
	f.Add("only Add")
	f.Fuzz(fuzz)
}
