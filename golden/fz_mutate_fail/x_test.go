package x

import (
	"flag"
	"os"
	"testing"
)

func isWorker() bool {
	f := flag.Lookup("test.fuzzworker")
	if f == nil {
		return false
	}
	get, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	return get.Get() == interface{}(true)
}

func FuzzReturn(f *testing.F) {
	if isWorker() {
		return
	}
	f.Fuzz(fuzzNop)
}

func FuzzSkip(f *testing.F) {
	if isWorker() {
		f.Skip()
	}
	f.Fuzz(fuzzNop)
}

func FuzzFail(f *testing.F) {
	if isWorker() {
		f.Fail()
	}
	f.Fuzz(fuzzNop)
}

func FuzzPanic(f *testing.F) {
	if isWorker() {
		panic("nope")
	}
	f.Fuzz(fuzzNop)
}

func FuzzExit(f *testing.F) {
	if isWorker() {
		os.Exit(99)
	}
	f.Fuzz(fuzzNop)
}

func FuzzFatal(f *testing.F) {
	if isWorker() {
		f.Fatal("fatal in the worker")
	}
	f.Fuzz(fuzzNop)
}

func fuzzNop(t *testing.T, b []byte) {}
