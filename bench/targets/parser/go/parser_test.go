package parser

import "testing"

func FuzzParser(f *testing.F) {
	f.Add([]byte("[a]\nk = v\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Result
		if Target(data, &r) == 0 && r.Pairs < 0 {
			t.Fatalf("parsed %d pairs", r.Pairs)
		}
	})
}
