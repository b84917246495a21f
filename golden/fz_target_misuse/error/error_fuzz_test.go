package error_fuzz

import "testing"

func Fuzz(f *testing.F) {
	f.Error("error in target")
}
