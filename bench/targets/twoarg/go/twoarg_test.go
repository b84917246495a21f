package twoarg

import "testing"

func FuzzTwoArg(f *testing.F) {
	f.Add("hello", int64(0))
	f.Fuzz(func(t *testing.T, s string, x int64) {
		if Target(s, x) {
			t.Fatalf("found the prefix and the integer")
		}
	})
}
