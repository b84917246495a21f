package x

import "testing"

func TestA(t *testing.T) {
	t.Log("a")
}
