package fatal_fuzz

import "testing"

func Fuzz(f *testing.F) {
	f.Fatal("fatal in target")
}
