package x

import (
	"io"
	"testing"
)

func FuzzEmpty(f *testing.F) {
	f.Fuzz(fuzzEmpty)
}

func fuzzEmpty(t *testing.T, b []byte) {}

func FuzzY(f *testing.F) {
	f.Add([]byte("y"))
	f.Fuzz(fuzzY)
}

func fuzzY(t *testing.T, b []byte) { Y(io.Discard, b) }
