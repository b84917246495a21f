package x

import "testing"

func FuzzWithFail(f *testing.F) {
	f.Add([]byte("aa"))
	f.Fuzz(fuzzWithFail)
}

func fuzzWithFail(t *testing.T, b []byte) {
	if len(b) > 0 && string(b) != "aa" {
		t.Fail()
	}
}
