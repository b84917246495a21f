package x

import "testing"

func logName(t *testing.T) {
	t.Log(t.Name())
}

func TestNames(t *testing.T) {
	t.Run("a", logName)
	t.Run("a", logName)
	t.Run("a", logName)
	t.Run("a#01", logName)
	t.Run("with space", logName)
	t.Run("", logName)
	t.Run("", logName)
	t.Run("x/y", logName)
	t.Run("tab\there", logName)
	t.Run("caf\u00e9", logName)
}

func nested(t *testing.T) {
	t.Run("inner", logName)
	t.Run("inner", logName)
}

func TestNested(t *testing.T) {
	t.Run("outer", nested)
	t.Run("outer", nested)
}

func TestA(t *testing.T) {
	t.Run("sub", logName)
}

func TestAB(t *testing.T) {
	t.Run("sub", logName)
}
