package x

import "testing"

func FuzzWithLogFail(f *testing.F) {
	f.Add([]byte("aa"))
	f.Fuzz(fuzzWithLogFail)
}

func fuzzWithLogFail(t *testing.T, b []byte) {
	if len(b) > 0 && string(b) != "aa" {
		t.Log("logged something")
		t.Fail()
	}
}
