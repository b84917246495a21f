package pass

import "testing"

func TestAdd(t *testing.T) {
	if add(1, 2) != 3 {
		t.Errorf("add(1, 2) = %d, want 3", add(1, 2))
	}
}

func Test_underscore(tt *testing.T) {
	tt.Log("underscore")
}

func FuzzAdd(f *testing.F) {
	f.Add(1)
	f.Add(2)
	f.Fuzz(func(t *testing.T, a int) {
		if add(a, 0) != a {
			t.Errorf("add(%d, 0) != %d", a, a)
		}
	})
}
