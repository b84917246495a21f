package x

import "testing"

func sub(t *testing.T) {
	t.Log("sub")
}

func TestAlpha(t *testing.T) {
	t.Run("sub", sub)
}

func TestBeta(t *testing.T) {
	t.Log("beta")
}

func fuzz(t *testing.T, b []byte) {}

func FuzzGamma(f *testing.F) {
	f.Fuzz(fuzz)
}

func helperNotATest(t *testing.T) {}

func Testlowercase(t *testing.T) {}
