package x

import "testing"

func TestShortFlag(t *testing.T) {
	t.Log("runs with or without -short")
}
