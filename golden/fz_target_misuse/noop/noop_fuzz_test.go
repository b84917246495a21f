package noop_fuzz

import "testing"

func Fuzz(f *testing.F) {}
