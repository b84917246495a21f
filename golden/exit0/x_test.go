package x

import (
	"os"
	"testing"
)

func TestExit(t *testing.T) {
	os.Exit(0)
}

func FuzzExit(f *testing.F) {
	f.Add(false)
	f.Fuzz(func(t *testing.T, b bool) {
		if b {
			os.Exit(0)
		}
	})
}

func TestExitInCleanup(t *testing.T) {
	t.Cleanup(func() { os.Exit(0) })
}
