package standalone_fuzz

import "testing"

func Fuzz(f *testing.F) {
	f.Fuzz(fuzz)
}

func fuzz(*testing.T, []byte) {}
