package x

import "testing"

func sub(t *testing.T) {
	t.Log("sub")
}

func TestA(t *testing.T) {
	t.Log("A runs")
	t.Run("sub", sub)
}

func fuzzB(t *testing.T, s string) {
	t.Logf("seed %s", s)
}

func FuzzB(f *testing.F) {
	f.Add("one")
	f.Add("two")
	f.Fuzz(fuzzB)
}
