package x

import "testing"

func FuzzWithLogFail(f *testing.F) {
	f.Add([]byte("aa"))
	f.Fuzz(fuzzWithLogFail)
}

func fuzzWithLogFail(t *testing.T, b []byte) {
	if string(b) != "aa" {
		t.Log("logged something")
		t.Fail()
	}
}
