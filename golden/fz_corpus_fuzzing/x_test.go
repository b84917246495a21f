package x

import "testing"

func FuzzPassString(f *testing.F) {
	f.Add("some seed corpus")
	f.Fuzz(func(*testing.T, string) {})
}
