package x

import "testing"

func helper(t *testing.T) {
	if Reverse("ab") != "ba" {
		t.Error("Reverse")
	}
}
