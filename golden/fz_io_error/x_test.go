package x

import (
	"flag"
	"os"
	"testing"
	"time"
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

func FuzzClosePipeBefore(f *testing.F) {
	if isWorker() {
		sendGarbageToCoordinator(f)
		time.Sleep(3600 * time.Second) // pause until coordinator terminates the process
	}
	f.Fuzz(fuzzNop)
}

func fuzzNop(t *testing.T, _ []byte) {}

func FuzzClosePipeAfter(f *testing.F) {
	f.Fuzz(fuzzClosePipeAfter)
}

func fuzzClosePipeAfter(t *testing.T, _ []byte) {
	if isWorker() {
		sendGarbageToCoordinator(t)
		time.Sleep(3600 * time.Second) // pause until coordinator terminates the process
	}
}

func sendGarbageToCoordinator(tb testing.TB) {
	f := os.NewFile(4, "fuzz_out")
	if _, err := f.Write([]byte("!!")); err != nil {
		tb.Fatalf("writing fuzz_out: %v", err)
	}
}
