package fuzz

import (
	"os"
	"testing"
)

func FuzzA(f *testing.F) {
	if s := os.Getenv("TEST_FUZZ_SETENV_A"); isWorker() && s == "" {
		f.Fatal("environment variable not set")
	} else if !isWorker() && s != "" {
		f.Fatal("environment variable already set")
	}
	f.Setenv("TEST_FUZZ_SETENV_A", "A")
	if os.Getenv("TEST_FUZZ_SETENV_A") == "" {
		f.Fatal("Setenv did not set environment variable")
	}
	f.Fuzz(fuzz)
}

func FuzzB(f *testing.F) {
	if os.Getenv("TEST_FUZZ_SETENV_A") != "" {
		f.Fatal("environment variable not cleared after FuzzA")
	}
	f.Skip()
}

func fuzz(*testing.T, []byte) {}

// isWorker is false in seed mode, the only mode run here.
func isWorker() bool {
	return false
}
