package x

import "testing"

func seq(t *testing.T) {
	t.Log("sequential")
}

func par(t *testing.T) {
	t.Parallel()
	t.Log("parallel")
}

func TestSub(t *testing.T) {
	t.Run("seq1", seq)
	t.Run("par", par)
	t.Run("seq2", seq)
	t.Log("parent body done")
}

func TestTopPar(t *testing.T) {
	t.Parallel()
	t.Log("top parallel")
}

func TestTopSeq(t *testing.T) {
	t.Log("top sequential")
}

func parFail(t *testing.T) {
	t.Parallel()
	t.Error("parallel failure")
}

func TestParFail(t *testing.T) {
	t.Run("p", parFail)
	t.Run("s", seq)
}

func TestPanicParallelTwice(t *testing.T) {
	t.Parallel()
	t.Parallel()
}

func TestPanicSetenvThenParallel(t *testing.T) {
	t.Setenv("CTEST_COMPAT_X", "1")
	t.Parallel()
}

func TestPanicParallelThenSetenv(t *testing.T) {
	t.Parallel()
	t.Setenv("CTEST_COMPAT_X", "1")
}
