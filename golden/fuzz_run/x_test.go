package x

import "testing"

func FuzzFoo(f *testing.F) {
	f.Add("this is fine")
	f.Fuzz(fuzzFoo)
}

func fuzzFoo(t *testing.T, s string) {
	if s == "fails" {
		t.Error("error here")
	}
}
