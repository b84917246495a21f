package x

import (
	"bytes"
	"os"
	"testing"
)

var seed = bytes.Repeat([]byte{255}, 100)

func FuzzMinimizerCrashInMinimization(f *testing.F) {
	f.Add(seed)
	f.Fuzz(fuzzCrashInMinimization)
}

func fuzzCrashInMinimization(t *testing.T, b []byte) {
	if bytes.Equal(seed, b) {
		return
	}
	t.Error("bad input")
	if len(b) == 1 {
		t.Error("got the minimum size!")
	}
}

func FuzzMinimizerNonrecoverableCrashInMinimization(f *testing.F) {
	f.Add(seed)
	f.Fuzz(fuzzNonrecoverableCrashInMinimization)
}

func fuzzNonrecoverableCrashInMinimization(t *testing.T, b []byte) {
	if bytes.Equal(seed, b) {
		return
	} else if len(b) == 1 {
		os.Exit(1)
	}
}
