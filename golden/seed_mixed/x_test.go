package x

import "testing"

func FuzzMixed(f *testing.F) {
	for i := 0; i < 6; i++ {
		f.Add(i)
	}
	f.Fuzz(func(t *testing.T, n int) {
		t.Logf("start %d", n)
		switch n {
		case 1, 4:
			t.Parallel()
			t.Logf("resumed %d", n)
		case 2:
			t.Run("sub", func(t *testing.T) { sub(t, n) })
		case 3:
			t.Fatalf("fatal %d", n)
		}
		t.Logf("end %d", n)
	})
}

func sub(t *testing.T, n int) {
	t.Logf("sub of %d", n)
}
