package nop

import "testing"

func FuzzNop(f *testing.F) {
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		Target(data)
	})
}
