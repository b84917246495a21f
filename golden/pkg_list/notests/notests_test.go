package notests

import "testing"

func helper(t *testing.T) {}
