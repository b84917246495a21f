package x

import "testing"

func pass(t *testing.T) {
	t.Log("pass")
}

func fail(t *testing.T) {
	t.Fail()
}

func skip(t *testing.T) {
	t.SkipNow()
}

func TestRunResult(t *testing.T) {
	a := t.Run("pass", pass)
	b := t.Run("fail", fail)
	c := t.Run("skip", skip)
	t.Logf("pass=%v fail=%v skip=%v parent failed=%v", a, b, c, t.Failed())
}

func TestRunNoMatch(t *testing.T) {
	ok := t.Run("filtered", pass)
	t.Logf("filtered=%v", ok)
}
