package x

import "testing"

func TestPanic(t *testing.T) {
	t.Log("about to panic")
	panic("boom")
}

func panicSub(t *testing.T) {
	panic("boom in sub")
}

func TestPanicSub(t *testing.T) {
	t.Run("sub", panicSub)
}

func TestPanicAfterError(t *testing.T) {
	t.Error("an error first")
	panic("then boom")
}

func TestPanicFormatted(t *testing.T) {
	panic("value 42: bad")
}

func TestPasses(t *testing.T) {
	t.Log("passes")
}
