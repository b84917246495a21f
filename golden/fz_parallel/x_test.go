package x

import (
	"sort"
	"sync"
	"testing"
)

var mu sync.Mutex
var before, after []byte

func FuzzSeed(f *testing.F) {
	for _, v := range [][]byte{{'a'}, {'b'}, {'c'}} {
		f.Add(v)
	}
	f.Cleanup(seedCleanup)
	f.Fuzz(fuzzSeed)
}

func seedCleanup() {
	sort.Slice(after, func(i, j int) bool { return after[i] < after[j] })
	got := string(before) + string(after)
	want := "abcabc"
	if got != want {
		panic("got " + got + "; want " + want)
	}
}

func fuzzSeed(t *testing.T, b []byte) {
	before = append(before, b...)
	t.Parallel()
	mu.Lock()
	after = append(after, b...)
	mu.Unlock()
}

func FuzzMutate(f *testing.F) {
	f.Fuzz(fuzzMutate)
}

func fuzzMutate(t *testing.T, _ []byte) {
	t.Parallel()
	t.Error("after T.Parallel")
}
