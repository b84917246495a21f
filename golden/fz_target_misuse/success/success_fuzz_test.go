package success_fuzz

import "testing"

func Fuzz(f *testing.F) {
	f.Fuzz(fuzz)
}

func fuzz(t *testing.T, b []byte) {}
