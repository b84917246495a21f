package x

import (
	"os"
	"testing"
)

func FuzzMinimizerNonrecoverable(f *testing.F) {
	f.Fuzz(fuzzMinimizerNonrecoverable)
}

func fuzzMinimizerNonrecoverable(t *testing.T, b bool) {
	if b {
		os.Exit(99)
	}
}
