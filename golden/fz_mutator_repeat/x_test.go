package x

import (
	"bytes"
	"os"
	"testing"
)

var i = 0

func FuzzRepeat(f *testing.F) {
	f.Fuzz(fuzzRepeat)
}

func fuzzRepeat(t *testing.T, b []byte) {
	i++
	if i == 100 {
		f, err := os.OpenFile("want", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0666)
		if err != nil {
			// Couldn't create the file. Return without crashing, and try
			// again.
			i--
			t.Skip(err)
		}
		if _, err := f.Write(b); err != nil {
			// We already created the file, so if we failed to write it
			// there's not much we can do. The test will fail anyway, but
			// at least make sure the error is logged to stdout.
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		os.Exit(1) // crash without communicating
	}

	if want := os.Getenv("WANT"); want != "" {
		want, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(want, b) {
			t.Fatalf("inputs are not equal!\n got: %q\nwant:%q", b, want)
		}
	}
}
