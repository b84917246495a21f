package chatty_fuzz

import "testing"

func Fuzz(f *testing.F) {
	f.Log("all good here")
	f.Fuzz(fuzz)
}

func fuzz(*testing.T, []byte) {}
