package fail

import "testing"

func TestFails(t *testing.T) {
	t.Error("bad")
}

func TestPasses(t *testing.T) {
}
