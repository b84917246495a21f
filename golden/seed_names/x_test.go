package x

import "testing"

func fuzz(t *testing.T, s string) {
	t.Logf("input %s", s)
	if s == "bad" {
		t.Errorf("bad input %s", s)
	}
}

func FuzzNames(f *testing.F) {
	f.Add("zero")
	f.Add("one")
	f.Add("bad")
	f.Fuzz(fuzz)
}
