package x

import "testing"

func TestLogFormat(t *testing.T) {
	t.Log("two\nlines")
	t.Log("trailing newline\n")
	t.Log("")
	t.Logf("%s", "")
	t.Log("tab\tinside")
	t.Log("three\nlines\nhere")
	t.Log("blank\n\nline")
	t.Error("failing\nwith two lines")
}

func nested(t *testing.T) {
	t.Log("nested\nmultiline")
	t.Error("nested error")
}

func TestNestedFormat(t *testing.T) {
	t.Run("level1", level1)
}

func level1(t *testing.T) {
	t.Run("level2", nested)
}

func FuzzLog(f *testing.F) {
	f.Log("f.Log\nmultiline")
	f.Add("x")
	f.Fuzz(fuzzLog)
}

func fuzzLog(t *testing.T, s string) {
	t.Logf("seed %s\nsecond line", s)
}
