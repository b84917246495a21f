package x

import "testing"

func FuzzMinimizerRecoverable(f *testing.F) {
	f.Add(make([]byte, 100))
	f.Fuzz(fuzzMinimizerRecoverable)
}

func fuzzMinimizerRecoverable(t *testing.T, b []byte) {
	for _, n := range b {
		if n != 0 {
			t.Fatalf("contains a non-zero byte of length %d", len(b))
		}
	}
}
