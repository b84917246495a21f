package x

import "testing"

func TestA(t *testing.T) {
	t.Error("A fails")
}

func subFails(t *testing.T) {
	t.Error("sub fails")
}

func subPasses(t *testing.T) {
	t.Log("sub passes")
}

func TestB(t *testing.T) {
	t.Run("one", subFails)
	t.Run("two", subPasses)
}

func TestC(t *testing.T) {
	t.Log("C passes")
}
