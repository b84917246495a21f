package x

import "testing"

func FuzzWithErrorf(f *testing.F) {
	f.Add([]byte("aa"))
	f.Fuzz(fuzzWithErrorf)
}

func fuzzWithErrorf(t *testing.T, b []byte) {
	if len(b) > 0 && string(b) != "aa" {
		t.Errorf("errorf was called here")
	}
}
