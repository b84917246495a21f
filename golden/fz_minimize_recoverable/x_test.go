package x

import "testing"

func FuzzMinimizerRecoverable(f *testing.F) {
	f.Add(make([]byte, 100))
	f.Fuzz(fuzzMinimizerRecoverable)
}

func fuzzMinimizerRecoverable(t *testing.T, b []byte) {
	if len(b) < 50 {
		// Make sure that b is large enough that it can be minimized
		return
	}
	// Given the randomness of the mutations, this should allow the
	// minimizer to trim down the value a bit.
	for _, n := range b {
		if n != 0 {
			if len(b) == 50 {
				t.Log("got the minimum size!")
			}
			t.Fatalf("contains a non-zero byte of length %d", len(b))
		}
	}
}
