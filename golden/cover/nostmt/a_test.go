package nostmt

import "testing"

func TestX(t *testing.T) {
	if X != 1 {
		t.Fatal("X != 1")
	}
}
