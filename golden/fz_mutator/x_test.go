package x

import (
	"flag"
	"fmt"
	"os"
	"testing"
)

var logFile *os.File

func isWorker() bool {
	f := flag.Lookup("test.fuzzworker")
	return f != nil && f.Value.(flag.Getter).Get() == interface{}(true)
}

func logf(format string, args ...interface{}) {
	if logFile == nil {
		name := "fuzz"
		if isWorker() {
			name += ".worker"
		}
		logFile, _ = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0666)
	}
	fmt.Fprintf(logFile, format, args...)
}

func FuzzA(f *testing.F) {
	f.Add([]byte("seed"))
	f.Fuzz(fuzzA)
}

func fuzzA(t *testing.T, b []byte) { logf("FuzzA %q\n", b) }

func FuzzB(f *testing.F) {
	f.Add([]byte("seed"))
	f.Fuzz(fuzzB)
}

func fuzzB(t *testing.T, b []byte) { logf("FuzzB %q\n", b) }
