package x

import "testing"

func FuzzPassString(f *testing.F) {
	f.Add("some seed corpus")
	f.Fuzz(fuzzPassString)
}

func fuzzPassString(t *testing.T, s string) {
	if s == "" {
		t.Log("empty")
	}
}
