package x

import "testing"

func FuzzPar(f *testing.F) {
	f.Add(1)
	f.Add(2)
	f.Add(3)
	f.Fuzz(func(t *testing.T, n int) {
		t.Parallel()
		t.Log(n)
	})
}

func par(t *testing.T) {
	t.Parallel()
	t.Log("resumed")
}

func TestPar(t *testing.T) {
	t.Run("a", par)
	t.Run("b", par)
	t.Run("c", par)
}
