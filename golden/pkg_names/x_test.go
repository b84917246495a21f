package x

import "testing"

func TestRoot(t *testing.T) {
	t.Log("root")
}
