package x

import "testing"

func fuzz(t *testing.T, n int) {
	t.Logf("seed %d name %s", n, t.Name())
	switch n {
	case 1:
		t.Skip("skip seed 1")
	case 2:
		t.Fatalf("fatal on seed %d", n)
	case 3:
		t.Error("error on seed 3")
		t.Log("continues after Error")
	case 4:
		t.Cleanup(func() { cleanupLog(t) })
	case 5:
		t.Run("sub", sub)
	}
}

func cleanupLog(t *testing.T) { t.Log("seed cleanup") }

func sub(t *testing.T) { t.Log("subtest in seed") }

func FuzzT(f *testing.F) {
	f.Add(0)
	f.Add(1)
	f.Add(2)
	f.Add(3)
	f.Add(4)
	f.Add(5)
	f.Fuzz(fuzz)
}

func fuzzSkipAll(t *testing.T, n int) {
	t.Skipf("skipping %d", n)
}

func FuzzAllSkip(f *testing.F) {
	f.Add(7)
	f.Fuzz(fuzzSkipAll)
}
