package x

import "testing"

func FuzzMinimizeZeroDurationSet(f *testing.F) {
	f.Fuzz(fuzzMinimizeZero)
}

func FuzzMinimizeZeroLimitSet(f *testing.F) {
	f.Fuzz(fuzzMinimizeZero)
}

func fuzzMinimizeZero(t *testing.T, b bool) {
	if b {
		t.Errorf("there was an Error")
	}
}
