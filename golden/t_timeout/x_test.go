package x

import (
	"testing"
	"time"
)

func TestFast(t *testing.T) {
	t.Log("fast")
}

func TestSlow(t *testing.T) {
	time.Sleep(5 * time.Second)
	t.Log("not reached")
}
