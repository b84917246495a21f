package one

import "testing"

func FuzzOne(f *testing.F) {
	f.Fuzz(fuzz)
}

func fuzz(*testing.T, []byte) {}
