package x

import "testing"

func Test(t *testing.T) {
	t.Log("logged foo")
}

func Fuzz(f *testing.F) {
	f.Log("all good here")
	f.Fuzz(fuzz)
}

func fuzz(t *testing.T, b []byte) {}

func FuzzFails(f *testing.F) {
	f.Log("all good here too")
	f.Add([]byte("aa"))
	f.Fuzz(fuzzFails)
}

func fuzzFails(t *testing.T, b []byte) {
	if len(b) > 0 && string(b) != "aa" {
		t.Log("logged before the failure")
		t.Error("fails")
	}
}
