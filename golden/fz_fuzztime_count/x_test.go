package x

import (
	"bytes"
	"fmt"
	"os"
	"testing"
)

var pid = os.Getpid()
var n = 0

func FuzzTestCount(f *testing.F) {
	f.Fuzz(fuzzTestCount)
}

func fuzzTestCount(t *testing.T, _ []byte) {
	name := fmt.Sprintf("count/%v.%d", pid, n)
	if err := os.WriteFile(name, nil, 0666); err != nil {
		t.Fatal(err)
	}
	n++
}

var seed = bytes.Repeat([]byte("a"), 357)
var crashFound = false

func FuzzMinimizeCount(f *testing.F) {
	f.Add(seed)
	f.Fuzz(fuzzMinimizeCount)
}

func fuzzMinimizeCount(t *testing.T, b []byte) {
	if crashFound {
		name := fmt.Sprintf("minimizecount/%v.%d", pid, n)
		if err := os.WriteFile(name, nil, 0666); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if !bytes.Equal(b, seed) { // this should happen right away
		crashFound = true
		t.Error("minimize this!")
	}
}
