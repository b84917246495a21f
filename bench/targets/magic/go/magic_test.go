package magic

import "testing"

func FuzzMagic(f *testing.F) {
	f.Add([]byte("hello"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if Target(data) {
			t.Fatalf("found the magic value")
		}
	})
}
