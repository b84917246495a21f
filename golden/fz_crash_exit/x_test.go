package x

import (
	"os"
	"testing"
)

func FuzzWithBadExit(f *testing.F) {
	f.Add(false)
	f.Fuzz(fuzzWithBadExit)
}

func fuzzWithBadExit(t *testing.T, b bool) {
	if b {
		os.Exit(1)
	}
}
