package x

import "testing"

func FuzzTarget(f *testing.F) {
	f.Add(int(0))
	f.Fuzz(fuzzTarget)
}

func fuzzTarget(t *testing.T, _ int) {}
