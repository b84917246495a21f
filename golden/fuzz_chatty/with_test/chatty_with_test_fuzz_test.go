package chatty_with_test_fuzz

import "testing"

func TestFoo(t *testing.T) {
	t.Log("logged foo")
}

func Fuzz(f *testing.F) {
	f.Log("all good here")
	f.Fuzz(fuzz)
}

func fuzz(*testing.T, []byte) {}
