package two

import "testing"

func FuzzOne(f *testing.F) {
	f.Fuzz(fuzz)
}

func FuzzTwo(f *testing.F) {
	f.Fuzz(fuzz)
}

func fuzz(t *testing.T, x []byte) {}
