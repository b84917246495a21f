package x

import "testing"

func TestAbs(t *testing.T) {
	if Abs(-2) != 2 {
		t.Fatal("Abs(-2) != 2")
	}
}

func FuzzAbs(f *testing.F) {
	f.Add(3)
	f.Fuzz(func(t *testing.T, x int) { Abs(x) })
}
