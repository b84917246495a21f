package x

import "testing"

var runs int

func TestFailsSecondTime(t *testing.T) {
	runs++
	t.Logf("run %d", runs)
	if runs == 2 {
		t.Error("second run fails")
	}
}

func TestOther(t *testing.T) {
	t.Log("other")
}
