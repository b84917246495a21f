package x

import "testing"

func FuzzWithFail(f *testing.F) {
	f.Add([]byte("aa"))
	f.Fuzz(fuzzWithFail)
}

func fuzzWithFail(t *testing.T, b []byte) {
	if string(b) != "aa" {
		t.Fail()
	}
}
