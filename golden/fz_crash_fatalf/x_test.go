package x

import "testing"

func FuzzWithFatalf(f *testing.F) {
	f.Add([]byte("aa"))
	f.Fuzz(fuzzWithFatalf)
}

func fuzzWithFatalf(t *testing.T, b []byte) {
	if len(b) > 0 && string(b) != "aa" {
		t.Fatalf("fatalf was called here")
	}
}
