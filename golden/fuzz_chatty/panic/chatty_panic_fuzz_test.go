package chatty_panic_fuzz

import "testing"

func Fuzz(f *testing.F) {
	panic("this is bad")
}
