package x

import (
	"os"
	"testing"
)

func FuzzExit(f *testing.F) {
	f.Add(false)
	f.Fuzz(func(t *testing.T, b bool) {
		if b {
			os.Exit(0)
		}
	})
}
