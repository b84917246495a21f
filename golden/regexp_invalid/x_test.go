package x

import "testing"

func sub(t *testing.T) {
	t.Log("sub")
}

func TestA(t *testing.T) {
	t.Run("b", sub)
}

func fuzz(t *testing.T, b []byte) {}

func FuzzC(f *testing.F) {
	f.Fuzz(fuzz)
}
